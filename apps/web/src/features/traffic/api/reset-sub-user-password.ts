// POST /user/sub-users/:id/reset-password: a new password in the answer only; the old one stops working.
import { resetSubUserPassword } from '@proxy/contract/traffic/sub-users'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { subUsersQueryKey } from './sub-user-keys.ts'

export const useResetSubUserPassword = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(resetSubUserPassword, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subUsersQueryKey }),
  })
}

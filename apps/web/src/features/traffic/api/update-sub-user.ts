// PATCH /user/sub-users/:id: rename, disable or enable, or change a limit; nodes take it within seconds.
import { type UpdateSubUserInput, updateSubUser } from '@proxy/contract/traffic/sub-users'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { subUsersQueryKey } from './sub-user-keys.ts'

export const useUpdateSubUser = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSubUserInput }) =>
      callEndpoint(updateSubUser, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subUsersQueryKey }),
  })
}

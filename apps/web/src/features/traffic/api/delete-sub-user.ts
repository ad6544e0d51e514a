// DELETE /user/sub-users/:id: refused by the nodes within seconds; its usage stays in the account's history.
import { deleteSubUser } from '@proxy/contract/traffic/sub-users'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { subUsersQueryKey } from './sub-user-keys.ts'

export const useDeleteSubUser = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteSubUser, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subUsersQueryKey }),
  })
}

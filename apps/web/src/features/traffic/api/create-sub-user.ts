// POST /user/sub-users: the answer holds the password, shown once.
import { type CreateSubUserInput, createSubUser } from '@proxy/contract/traffic/sub-users'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'
import { subUsersQueryKey } from './sub-user-keys.ts'

export const useCreateSubUser = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateSubUserInput) => callEndpoint(createSubUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subUsersQueryKey }),
  })
}

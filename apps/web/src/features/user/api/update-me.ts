// PATCH /user/me: rename; the answer replaces the cached customer.
import { type UpdateMeInput, updateMe } from '@proxy/contract/user/endpoints'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { meQueryKey } from '../../../shared/api/get-me.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const useUpdateMe = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateMeInput) => callEndpoint(updateMe, { body }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  })
}

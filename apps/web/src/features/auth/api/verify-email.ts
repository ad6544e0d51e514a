// POST /auth/verify-email: the verification link's token; the cached customer is read again afterwards.
// Silent: the page shows the outcome itself.
import { verifyEmail } from '@proxy/contract/auth/endpoints'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { meQueryKey } from '../../../shared/api/get-me.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const useVerifyEmail = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) => callEndpoint(verifyEmail, { body: { token }, silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  })
}

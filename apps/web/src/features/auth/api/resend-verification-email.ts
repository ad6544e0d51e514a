// POST /user/verify-email/resend: a new verification link for the signed-in customer.
import { resendVerificationEmail } from '@proxy/contract/user/endpoints'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { meQueryKey } from '../../../shared/api/get-me.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const useResendVerificationEmail = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(resendVerificationEmail),
    // Refused as already verified: the cached customer is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  })
}

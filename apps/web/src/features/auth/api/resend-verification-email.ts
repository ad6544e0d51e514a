// POST /user/verify-email/resend: a new verification link for the signed-in customer.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { meQueryKey } from '../../../shared/api/get-me.ts'
import { callEndpoint, lazyEndpoint } from '../../../shared/http/call-endpoint.ts'

const resendVerificationEmail = lazyEndpoint('POST', '/user/verify-email/resend', () =>
  import('@proxy/contract/user/endpoints').then((contract) => contract.resendVerificationEmail),
)

export const useResendVerificationEmail = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(resendVerificationEmail),
    // Refused as already verified: the cached customer is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  })
}

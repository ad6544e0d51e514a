// POST /user/2fa/setup, /enable and /disable: turning two-factor sign-in on and off. The account's
// `twoFactor` flag (GET /user/me) is read again after each change.
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '@proxy/contract/user/endpoints'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { meQueryKey } from '../../../shared/api/get-me.ts'
import { callEndpoint } from '../../../shared/http/call-endpoint.ts'

export const useSetupTwoFactor = () =>
  useMutation({ mutationFn: (password: string) => callEndpoint(setupTwoFactor, { body: { password } }) })

export const useEnableTwoFactor = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => callEndpoint(enableTwoFactor, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  })
}

export const useDisableTwoFactor = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => callEndpoint(disableTwoFactor, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  })
}

// PATCH /user/me: the name, and the preferences kept on the account; the answer replaces the cached customer.
import type { UpdateMeInput } from '@proxy/contract/user/endpoints'
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { callEndpoint, lazyEndpoint } from '../http/call-endpoint.ts'
import type { PreferencesPatch } from '../session/account-preferences.ts'
import { meQueryKey } from './get-me.ts'

const updateMe = lazyEndpoint('PATCH', '/user/me', () =>
  import('@proxy/contract/user/endpoints').then((contract) => contract.updateMe),
)

export const useUpdateMe = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateMeInput) => callEndpoint(updateMe, { body }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  })
}

/** Saves preferences in the background: no toast when it fails, the next console load tries again. */
export const savePreferences = async (queryClient: QueryClient, body: PreferencesPatch): Promise<void> => {
  const me = await callEndpoint(updateMe, { body, silent: true })
  queryClient.setQueryData(meQueryKey, me)
}

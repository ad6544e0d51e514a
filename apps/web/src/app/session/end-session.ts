// Logout by hand and forced logout on 401 (SPEC §4): tell the server if asked, wipe the device, go to sign-in.
import { callEndpoint } from '../../shared/http/call-endpoint.ts'
import { clearSession } from '../../shared/session/clear-session.ts'
import { signInPath } from '../../shared/session/redirect.ts'
import { queryClient } from '../query-client.ts'

let isEnding = false

/** Where the app goes next: the router's navigate (passed in, so this module does not import the router). */
export type Navigate = (to: string, options: { replace: boolean }) => unknown

export const endSession = async ({
  notifyServer,
  navigate,
}: {
  notifyServer: boolean
  navigate: Navigate
}): Promise<void> => {
  // A 401 from the logout call itself, or from parallel requests, must not start a second logout.
  if (isEnding) return
  isEnding = true
  try {
    if (notifyServer) {
      // Loaded on demand: the contract's schemas (zod) stay out of the first chunk.
      const { logout } = await import('@proxy/contract/auth/endpoints')
      await callEndpoint(logout, { silent: true }).catch(() => undefined)
    }
    await queryClient.cancelQueries()
    clearSession()
    await navigate(signInPath(window.location), { replace: true })
    queryClient.clear()
  } finally {
    isEnding = false
  }
}

// Sticky sessions of the traffic account, as the gateway reads the username (rules in the contract):
// `USER-session-ID` keeps one pool exit for 10 minutes, `USER-session-ID-sessTime-N` for N minutes.
import { SESSION_DEFAULT_MINUTES } from '@proxy/contract/traffic/endpoints'

export {
  SESSION_DEFAULT_MINUTES,
  SESSION_ID_MAX_LENGTH,
  SESSION_MAX_MINUTES,
  SESSION_MIN_MINUTES,
} from '@proxy/contract/traffic/endpoints'
/** The session id of the examples; any 1–64 letters, digits or `_` will do. */
export const EXAMPLE_SESSION_ID = 'abc123'

/** The username that holds one exit: `minutes` only when it differs from the default. */
export const stickyUsername = (username: string, sessionId: string, minutes?: number): string =>
  minutes === undefined || minutes === SESSION_DEFAULT_MINUTES
    ? `${username}-session-${sessionId}`
    : `${username}-session-${sessionId}-sessTime-${minutes}`

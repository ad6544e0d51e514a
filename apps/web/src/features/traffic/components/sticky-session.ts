// Sticky sessions of the traffic account, as the gateway reads the username (apps/gateway exit-pool):
// `USER-session-ID` keeps one pool exit for 10 minutes, `USER-session-ID-sessTime-N` for N minutes.
export const SESSION_DEFAULT_MINUTES = 10
export const SESSION_MIN_MINUTES = 1
export const SESSION_MAX_MINUTES = 120
export const SESSION_ID_MAX_LENGTH = 64
/** The session id of the examples; any 1–64 letters, digits or `_` will do. */
export const EXAMPLE_SESSION_ID = 'abc123'

/** The username that holds one exit: `minutes` only when it differs from the default. */
export const stickyUsername = (username: string, sessionId: string, minutes?: number): string =>
  minutes === undefined || minutes === SESSION_DEFAULT_MINUTES
    ? `${username}-session-${sessionId}`
    : `${username}-session-${sessionId}-sessTime-${minutes}`

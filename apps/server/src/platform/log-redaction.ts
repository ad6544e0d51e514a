// What the logs may not carry (README, "Logs"): full email addresses, and the value of anything
// named token, secret, password or key. Fields are redacted by name (pino's `redact`), request URLs
// by their query parameters, and every line is scrubbed once more just before it is written, for
// what slips through inside a message (a mail log, a database error naming the row it refused).

/** `lin@example.com` → `li***@example.com`: enough to tell customers apart on a screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 0) return '***'
  return `${email.slice(0, Math.min(2, Math.max(1, at - 1)))}***${email.slice(at)}`
}

export const REDACTED = '[redacted]'

const SECRET_NAME = /token|secret|password|key/i

/** Fields redacted wherever a log object carries them, at the top or one level down. */
const SECRET_FIELDS = ['token', 'secret', 'password', 'key', 'apiKey', 'newPassword', 'currentPassword']
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
]

// Secrets that travel in the path: an operator invitation's token, a download link's secret.
const SECRET_PATH = /^(\/api\/admin\/invitations\/|\/api\/dl\/)[^/]*/
// A download link's URL wherever a line carries it (a message, an error): up to its end.
const DOWNLOAD_LINK_URL = /(\/api\/dl\/)[^\s"?#]+/g

/**
 * A request URL fit for the log: secret-named query parameters redacted (EPay's order query carries
 * the merchant key, a link its token), email addresses masked (an operator's search), and the
 * secrets that travel in the path (SECRET_PATH).
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?')
  const path = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, `$1${REDACTED}`)
  if (queryAt < 0) return path
  const query = new URLSearchParams(url.slice(queryAt + 1))
  for (const [name, value] of [...query]) {
    if (SECRET_NAME.test(name)) query.set(name, REDACTED)
    else if (value.includes('@')) query.set(name, maskEmails(value))
  }
  return `${path}?${query.toString().replaceAll('%5Bredacted%5D', REDACTED)}`
}

// An address as it appears in text or, percent-encoded, in a URL; the part before @ is kept short.
const EMAIL = /[\w.%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g
const SECRET_PARAM = /([?&](?:[\w-]*(?:token|secret|password|key)[\w-]*)=)[^&"\s]*/gi

const maskEmails = (text: string) => text.replace(EMAIL, (email) => maskEmail(email.replace('%40', '@')))

/** The last pass over each serialized line (pino's streamWrite hook). */
export function scrubLogLine(line: string): string {
  const scrubbed = maskEmails(line).replace(SECRET_PARAM, `$1${REDACTED}`)
  return scrubbed.includes('/api/dl/') ? scrubbed.replace(DOWNLOAD_LINK_URL, `$1${REDACTED}`) : scrubbed
}

// A database that cannot be reached at start is said in one line an operator can act on, not a
// stack trace: where (without the password) and why.

/** postgres://user@host:port/db: the address without its password or query (which may hold one). */
export function databaseAddress(url: string): string {
  const { protocol, username, host, pathname } = new URL(url)
  return `${protocol}//${username ? `${username}@` : ''}${host}${pathname}`
}

// Node's network errors (ECONNREFUSED, ENOTFOUND, ETIMEDOUT…), and PostgreSQL's refusals before any
// query: a wrong password (28…), a missing database (3D000), a server starting or shutting down (57P…).
const NETWORK_CODE = /^E[A-Z]+$/
const REFUSAL_CODE = /^(28|3D|57P)/

/** The line to print when `error` means the database cannot be used at all; undefined otherwise. */
export function databaseUnreachable(error: unknown, url: string | undefined): string | undefined {
  if (!url || !(error instanceof Error)) return undefined
  const code = (error as Error & { code?: unknown }).code
  if (typeof code !== 'string') return undefined
  const where = `cannot reach the database at ${databaseAddress(url)}`
  if (NETWORK_CODE.test(code)) return `${where}: ${code}; is PostgreSQL running, and is DATABASE_URL right?`
  if (REFUSAL_CODE.test(code)) return `${where}: ${error.message} (${code})`
  return undefined
}

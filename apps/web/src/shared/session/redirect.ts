// Where to send a visitor around sign-in, and the open-redirect guard for the `redirect` parameter.

export const PORTAL_HOME = '/portal/home'
export const CONSOLE_HOME = '/console/overview'
export const REDIRECT_PARAM = 'redirect'

type Address = { pathname: string; search: string; hash?: string }

// Control characters and whitespace are stripped or reinterpreted by browsers ("/\t/evil.com" is "//evil.com"),
// and a backslash counts as a slash in URLs.
const hasUnsafeCharacter = (value: string): boolean =>
  [...value].some((character) => {
    const code = character.charCodeAt(0)
    return code <= 0x20 || code === 0x7f || character === '\\'
  })

/** True only for a same-origin relative path: one leading `/`, no `//`, no `/\`, no scheme. */
export const isSafeRedirect = (value: string | null | undefined): value is string => {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false
  if (!value.startsWith('/') || value.startsWith('//')) return false
  if (hasUnsafeCharacter(value)) return false
  try {
    const base = 'http://origin.invalid'
    return new URL(value, base).origin === base
  } catch {
    return false
  }
}

const isPortalPath = (pathname: string): boolean => pathname === '/portal' || pathname.startsWith('/portal/')

/**
 * /portal/home?redirect=<address>, keeping a redirect the address already carries instead of nesting it.
 * A portal address is not worth coming back to (signing in leads to the console anyway): plain /portal/home.
 */
export const signInPath = ({ pathname, search, hash = '' }: Address): string => {
  const existing = new URLSearchParams(search).get(REDIRECT_PARAM)
  if (existing !== null) return `${PORTAL_HOME}?${REDIRECT_PARAM}=${encodeURIComponent(existing)}`
  if (isPortalPath(pathname)) return PORTAL_HOME
  return `${PORTAL_HOME}?${REDIRECT_PARAM}=${encodeURIComponent(`${pathname}${search}${hash}`)}`
}

/** After signing in: the requested page when it is safe and not the sign-in screen itself, else the overview. */
export const afterSignInPath = (redirect: string | null | undefined): string => {
  if (!isSafeRedirect(redirect)) return CONSOLE_HOME
  const path = redirect.split(/[?#]/)[0] ?? ''
  if (path === '/' || path === '/portal' || path.startsWith('/portal/')) return CONSOLE_HOME
  return redirect
}

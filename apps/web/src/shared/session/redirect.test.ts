import { describe, expect, it } from 'vitest'
import { afterSignInPath, CONSOLE_HOME, isSafeRedirect, signInPath } from './redirect.ts'

describe('isSafeRedirect', () => {
  it.each([
    '/console/ipList',
    '/console/ipList?page=2',
    '/console/overview#recent',
    '/paySuccess?orderNo=42',
    '/',
  ])('accepts the same-origin path %s', (path) => {
    expect(isSafeRedirect(path)).toBe(true)
  })

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/console'],
    ['backslash after slash', '/\\evil.com'],
    ['backslash later', '/console\\..\\evil'],
    ['absolute https', 'https://evil.com'],
    ['absolute http', 'http://evil.com/console'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript scheme in caps', 'JavaScript:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['still percent-encoded', '%2F%2Fevil.com'],
    ['decoded percent-encoding', decodeURIComponent('%2F%2Fevil.com')],
    ['decoded backslash encoding', decodeURIComponent('%2F%5Cevil.com')],
    ['tab between slashes', '/\t/evil.com'],
    ['newline between slashes', '/\n/evil.com'],
    ['leading space', ' /console'],
    ['relative path', 'console/overview'],
    ['empty', ''],
  ])('rejects %s (%s)', (_, value) => {
    expect(isSafeRedirect(value)).toBe(false)
  })

  it('rejects missing values', () => {
    expect(isSafeRedirect(null)).toBe(false)
    expect(isSafeRedirect(undefined)).toBe(false)
  })

  it('rejects a redirect read from a query string that hides //evil.com behind percent-encoding', () => {
    const value = new URLSearchParams('redirect=%2F%2Fevil.com').get('redirect')
    expect(value).toBe('//evil.com')
    expect(isSafeRedirect(value)).toBe(false)
  })
})

describe('afterSignInPath', () => {
  it('follows a safe console path', () => {
    expect(afterSignInPath('/console/ipList?page=2')).toBe('/console/ipList?page=2')
  })

  it.each([
    null,
    '//evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    '/',
    '/portal/auth',
    '/portal/home?x=1',
  ])('falls back to the overview for %s', (value) => {
    expect(afterSignInPath(value)).toBe(CONSOLE_HOME)
  })
})

describe('signInPath', () => {
  it('carries the current path and query as redirect', () => {
    expect(signInPath({ pathname: '/console/ipList', search: '' })).toBe(
      '/portal/home?redirect=%2Fconsole%2FipList',
    )
    expect(signInPath({ pathname: '/console/ipList', search: '?page=2', hash: '#top' })).toBe(
      `/portal/home?redirect=${encodeURIComponent('/console/ipList?page=2#top')}`,
    )
  })

  it('keeps an existing redirect instead of nesting it', () => {
    expect(signInPath({ pathname: '/portal/auth', search: '?redirect=%2Fconsole%2Frecharge' })).toBe(
      '/portal/home?redirect=%2Fconsole%2Frecharge',
    )
  })

  it('does not point /portal/home at itself', () => {
    expect(signInPath({ pathname: '/portal/home', search: '' })).toBe('/portal/home')
  })

  it.each(['/portal/auth', '/portal', '/portal/anything?x=1'])(
    'adds no redirect for the portal page %s',
    (address) => {
      const [pathname = '', query = ''] = address.split('?')
      expect(signInPath({ pathname, search: query ? `?${query}` : '' })).toBe('/portal/home')
    },
  )

  it('still adds a redirect for paths that only start like the portal', () => {
    expect(signInPath({ pathname: '/portalx', search: '' })).toBe('/portal/home?redirect=%2Fportalx')
  })
})

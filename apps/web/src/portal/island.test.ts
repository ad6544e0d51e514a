// Where the island lands a visitor (SPEC §2, §4), and what the build prerenders into index.html.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ISLAND_PATHS, islandAddress } from './island.tsx'
import { renderPortal } from './prerender.tsx'

describe('portal island', () => {
  it('draws only the portal addresses, the ones portal-boot.js and main.tsx recognise', () => {
    const paths = ['/', '/portal', '/portal/', '/portal/auth', '/portal/home']
    expect([...ISLAND_PATHS].sort()).toEqual(paths)
    const boot = readFileSync(join(import.meta.dirname, '../../public/portal-boot.js'), 'utf8')
    const main = readFileSync(join(import.meta.dirname, '../main.tsx'), 'utf8')
    const pattern = (source: string) => new RegExp(/\/(\^.*\$)\/\.test/.exec(source)?.[1] ?? 'none')
    for (const source of [boot, main]) {
      for (const path of paths) expect(pattern(source).test(path)).toBe(true)
      for (const path of ['/console', '/portal/forgot-password', '/portal/homes', '/paySuccess'])
        expect(pattern(source).test(path)).toBe(false)
    }
  })

  it('sends / through /portal/auth to /portal/home when signed out, and keeps /portal/auth when signed in', () => {
    expect(islandAddress('/', '?x=1', false)).toBe('/portal/home')
    expect(islandAddress('/', '', true)).toBe('/portal/auth')
    expect(islandAddress('/portal', '?x=1', false)).toBe('/portal/home')
    expect(islandAddress('/portal/auth', '', false)).toBe('/portal/home')
    expect(islandAddress('/portal/auth', '?redirect=%2Fconsole%2FipList', false)).toBe(
      '/portal/home?redirect=%2Fconsole%2FipList',
    )
    expect(islandAddress('/portal/home', '?redirect=%2Fconsole%2FipList', false)).toBe(
      '/portal/home?redirect=%2Fconsole%2FipList',
    )
  })
})

describe('prerendered portal', () => {
  const html = renderPortal()

  it('is the signed-out page in the default language, with the ids and test ids the live page has', () => {
    expect(html.startsWith('<div class="pt-pre" inert>')).toBe(true)
    expect(html).toContain('data-testid="auth-title">登录</h2>')
    expect(html.match(/id="login_email"/g)).toHaveLength(1)
    expect(html).not.toContain('Dedicated static IPs')
    expect(html).not.toContain('portal-region-')
  })
})

import { describe, expect, it } from 'vitest'
import { createExitPool, parseUsername, SESSION_DEFAULT_MINUTES } from './exit-pool.ts'

describe('exit pool', () => {
  it('reads the sticky-session syntax from a username, and refuses a malformed one', () => {
    expect(parseUsername('tu_abc')).toEqual({ username: 'tu_abc' })
    expect(parseUsername('tu_abc-session-s1')).toEqual({
      username: 'tu_abc',
      session: { id: 's1', minutes: SESSION_DEFAULT_MINUTES },
    })
    expect(parseUsername('tu_abc-session-Ab_9-sessTime-30')).toEqual({
      username: 'tu_abc',
      session: { id: 'Ab_9', minutes: 30 },
    })
    expect(parseUsername('tu_abc-session-s1-sessTime-0')).toBeNull()
    expect(parseUsername('tu_abc-session-s1-sessTime-121')).toBeNull()
  })

  it('gives each new connection the next exit, so consecutive ones differ', () => {
    const pool = createExitPool()
    pool.set(['10.9.0.1', '10.9.0.2', '10.9.0.3'])
    const picks = Array.from({ length: 6 }, () => pool.pick('account-a'))
    for (let i = 1; i < picks.length; i++) expect(picks[i]).not.toBe(picks[i - 1])
    expect(new Set(picks)).toEqual(new Set(['10.9.0.1', '10.9.0.2', '10.9.0.3']))
    expect(createExitPool().pick('account-a')).toBeUndefined()
  })

  it('keeps a session on one exit for its minutes, then moves it; sessions of one account are apart', () => {
    let now = 0
    const pool = createExitPool(() => now)
    pool.set(['10.9.0.1', '10.9.0.2', '10.9.0.3'])
    const session = { id: 's1', minutes: 2 }
    const first = pool.pick('account-a', session)
    for (let i = 0; i < 5; i++) expect(pool.pick('account-a', session)).toBe(first)
    // Another account's session of the same name is its own.
    pool.pick('account-b', session)
    now += 119_000
    expect(pool.pick('account-a', session)).toBe(first)
    now += 2_000
    expect(pool.pick('account-a', session)).not.toBe(first)
  })

  it('moves a session whose exit left the pool', () => {
    const pool = createExitPool()
    pool.set(['10.9.0.1', '10.9.0.2'])
    const session = { id: 's', minutes: 10 }
    const held = pool.pick('a', session)
    pool.set(['10.9.0.1', '10.9.0.2'].filter((ip) => ip !== held))
    expect(pool.pick('a', session)).not.toBe(held)
  })
})

// Where a traffic account's connections leave from: the node's pool of exit addresses, a new one
// per connection by default, or one held for a while by a sticky session named in the username:
//   USER-session-abc123              keeps one exit for SESSION_DEFAULT_MINUTES
//   USER-session-abc123-sessTime-30  keeps it for 30 minutes (1 … SESSION_MAX_MINUTES)

import {
  SESSION_DEFAULT_MINUTES,
  SESSION_ID_MAX_LENGTH,
  SESSION_MAX_MINUTES,
  SESSION_MIN_MINUTES,
} from '@proxy/contract/traffic/endpoints'

export { SESSION_DEFAULT_MINUTES }

/** Sticky sessions remembered at once; past this the oldest are forgotten (a bound on memory). */
const MAX_SESSIONS = 100_000

export type Session = { id: string; minutes: number }
const SESSION_SYNTAX = new RegExp(
  `^(.+?)-session-([A-Za-z0-9_]{1,${SESSION_ID_MAX_LENGTH}})(?:-sessTime-(\\d{1,3}))?$`,
)

/**
 * Splits `USER-session-ID[-sessTime-N]` into the account's username and the session; a plain
 * username has no session. Null when the session part is malformed (the login is refused).
 */
export function parseUsername(username: string): { username: string; session?: Session } | null {
  const match = SESSION_SYNTAX.exec(username)
  if (!match) return { username }
  const [, base = '', id = '', time] = match
  const minutes = time === undefined ? SESSION_DEFAULT_MINUTES : Number(time)
  if (!(minutes >= SESSION_MIN_MINUTES && minutes <= SESSION_MAX_MINUTES)) return null
  return { username: base, session: { id, minutes } }
}

export function createExitPool(now: () => number = Date.now) {
  let addresses: string[] = []
  let inPool = new Set<string>()
  /** `account:session` → the exit it holds and until when; Map order is age order. */
  const sessions = new Map<string, { address: string; until: number }>()
  /** Per account, where its rotation stands: consecutive connections take consecutive exits. */
  const turns = new Map<string, number>()
  let sweptAt = now()

  function sweep() {
    const at = now()
    if (at - sweptAt < 60_000 && sessions.size < MAX_SESSIONS) return
    sweptAt = at
    for (const [key, held] of sessions)
      if (held.until <= at || !inPool.has(held.address)) sessions.delete(key)
    // Still too many live ones: forget the oldest.
    for (const key of sessions.keys()) {
      if (sessions.size < MAX_SESSIONS) break
      sessions.delete(key)
    }
  }

  function rotate(accountId: string): string | undefined {
    if (addresses.length === 0) return undefined
    const turn = turns.get(accountId) ?? Math.floor(Math.random() * addresses.length)
    turns.set(accountId, turn + 1)
    return addresses[turn % addresses.length]
  }

  return {
    set(next: string[]) {
      addresses = [...new Set(next)]
      inPool = new Set(addresses)
      if (turns.size > MAX_SESSIONS) turns.clear()
    },
    addresses: () => addresses,
    /** The exit for one new connection; undefined when the node has no pool (the system picks). */
    pick(accountId: string, session?: Session): string | undefined {
      return session ? hold(accountId, session)?.address : rotate(accountId)
    },
    hold,
  }

  /** The exit a sticky session holds, and until when (chosen now if it holds none, or its exit left the pool). */
  function hold(accountId: string, session: Session): { address: string; until: number } | undefined {
    sweep()
    const key = `${accountId}:${session.id}`
    const held = sessions.get(key)
    if (held && held.until > now() && inPool.has(held.address)) return held
    const address = rotate(accountId)
    if (!address) return undefined
    const fresh = { address, until: now() + session.minutes * 60_000 }
    sessions.delete(key)
    sessions.set(key, fresh)
    return fresh
  }
}

export type ExitPool = ReturnType<typeof createExitPool>

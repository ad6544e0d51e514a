// Password guessing: wrong passwords are counted per source address, and a source past the limit is
// refused for a while, before any password of it is read or hashed. Each data plane counts its own
// failures and hands them to the sync side with its counts; the sync side decides node-wide and tells
// every plane which sources are blocked. Between two reports a plane holds a source once it has used
// its share of what is left (the others may be taking theirs), so workers together stay at the limit.
import net from 'node:net'
import { PASSWORD_GUESSING_OFFENDERS_MAX, type PasswordGuessing } from '@proxy/contract/nodes/endpoints'
import { unmapIPv4 } from './addresses.ts'
import type { Authenticate, Entry, Grant } from './grants.ts'

export type GuardSettings = {
  /** Wrong passwords a source may send within `windowMs` (as a steady rate, and as a burst). */
  limit: number
  windowMs: number
  /** How long a source past the limit is refused. */
  blockMs: number
  now?: () => number
}

/** From the sync side to the planes: node-wide levels, new blocks, and which reported failures they hold. */
export type GuardUpdate = {
  type: 'guard'
  /** Source → its node-wide level (wrong passwords not yet leaked away) as of this message. */
  levels: [string, number][]
  /** Source → refused until (ms since the epoch). */
  blocks: [string, number][]
  /** Only to the plane that reported them: failures it sent that `levels` now count. */
  heard?: [string, number][]
}

/** Each table holds at most this many sources; past it the least recently seen go. */
export const MAX_SOURCES = 10_000
/** How long a plane tells a held source to wait: it hears from the sync side within a report or two. */
const HOLD_MS = 1000

/**
 * Whom a failure is counted against: an IPv4 address, or an IPv6 address's /64 (one host usually
 * holds a whole /64, and would otherwise guess from a fresh address each time).
 */
export function sourceOf(address: string): string {
  const plain = unmapIPv4(address)
  if (!net.isIPv6(plain)) return plain
  // The URL parser writes it in hex groups (a dotted tail too): only '::' is left to expand.
  const hex = new URL(`http://[${plain.split('%')[0]}]/`).hostname.slice(1, -1)
  const [head = '', tail] = hex.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  const prefix = new URL(`http://[${groups.slice(0, 4).join(':')}::]/`).hostname.slice(1, -1)
  return `${prefix}/64`
}

/**
 * Keeps a Map as a bounded LRU: the key moves to the newest end, and past `MAX_SOURCES` the oldest
 * tenth goes at once (one at a time, each eviction would walk the holes the last ones left).
 */
function touch<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key)
  map.set(key, value)
  if (map.size <= MAX_SOURCES) return
  for (const oldest of map.keys()) {
    map.delete(oldest)
    if (map.size <= MAX_SOURCES * 0.9) return
  }
}

type Level = { level: number; at: number }

/** A leaky bucket: it drains `limit` per window, so a source may fail `limit` times at once or at that pace. */
const leakOf = ({ limit, windowMs }: GuardSettings) => {
  const perMs = limit / windowMs
  return (entry: Level | undefined, now: number) =>
    entry ? Math.max(0, entry.level - (now - entry.at) * perMs) : 0
}

/** Whether one more failure would take the level past the limit: in a burst, the limit-th one stops it. */
const isFullAt =
  ({ limit }: GuardSettings) =>
  (level: number) =>
    level > limit - 1

/** Drops expired blocks from the oldest end (blocks are added in about the order they expire). */
function sweepBlocks(blocks: Map<string, number>, now: number) {
  for (const [source, until] of blocks) {
    if (until > now) return
    blocks.delete(source)
  }
}

export type PlaneGuard = ReturnType<typeof createPlaneGuard>

/** One data plane's view: `planes` is how many planes share the node (each assumes the others keep pace). */
export function createPlaneGuard(settings: GuardSettings & { planes: number }) {
  const now = settings.now ?? Date.now
  const leak = leakOf(settings)
  const isFull = isFullAt(settings)
  /** Per source: the node-wide level last heard, and this plane's failures not yet in it. */
  const sources = new Map<string, Level & { unheard: number }>()
  const blocks = new Map<string, number>()
  /** Failures since the last report. */
  let pending = new Map<string, number>()

  const entryOf = (source: string, at: number) => sources.get(source) ?? { level: 0, at, unheard: 0 }

  return {
    /** Until when the address is refused (a block, or a hold until the sync side has counted); 0 if it is not. */
    refusedUntil(address: string): number {
      const source = sourceOf(address)
      const at = now()
      const until = blocks.get(source)
      if (until !== undefined && until > at) return until
      const entry = sources.get(source)
      if (entry && isFull(leak(entry, at) + settings.planes * entry.unheard)) return at + HOLD_MS
      return 0
    },
    /** A wrong password from the address; at the limit this plane blocks it at once, without waiting. */
    recordFailure(address: string) {
      const source = sourceOf(address)
      if (pending.size >= MAX_SOURCES && !pending.has(source)) return
      const at = now()
      const entry = entryOf(source, at)
      entry.unheard += 1
      touch(sources, source, entry)
      pending.set(source, (pending.get(source) ?? 0) + 1)
      if (isFull(leak(entry, at) + entry.unheard)) touch(blocks, source, at + settings.blockMs)
    },
    /** The failures since the last call, for the report to the sync side. */
    drain(): [string, number][] {
      sweepBlocks(blocks, now())
      if (pending.size === 0) return []
      const drained = [...pending]
      pending = new Map()
      return drained
    },
    receive(update: GuardUpdate) {
      const at = now()
      for (const [source, level] of update.levels) {
        const entry = entryOf(source, at)
        touch(sources, source, { ...entry, level, at })
      }
      for (const [source, until] of update.blocks) touch(blocks, source, until)
      for (const [source, count] of update.heard ?? []) {
        const entry = sources.get(source)
        if (entry) entry.unheard = Math.max(0, entry.unheard - count)
      }
    },
  }
}

export type NodeGuard = ReturnType<typeof createNodeGuard>

/** The sync side's: the node-wide levels, the blocks it decides, and the figures for the heartbeat. */
export function createNodeGuard(settings: GuardSettings) {
  const now = settings.now ?? Date.now
  const leak = leakOf(settings)
  const isFull = isFullAt(settings)
  /** Per source: its level, and its wrong passwords while it has been tracked. */
  const sources = new Map<string, Level & { failures: number }>()
  const blocks = new Map<string, number>()
  let failures = 0
  let blocked = 0

  return {
    /** A plane's reported failures: what every plane is to hear (levels, and any source now blocked). */
    add(reported: [string, number][]): GuardUpdate {
      const at = now()
      const update: GuardUpdate = { type: 'guard', levels: [], blocks: [] }
      for (const [source, count] of reported.slice(0, MAX_SOURCES)) {
        if (!(Number.isSafeInteger(count) && count > 0)) continue
        failures += count
        const entry = sources.get(source)
        const next = { level: leak(entry, at) + count, at, failures: (entry?.failures ?? 0) + count }
        const until = blocks.get(source) ?? 0
        if (isFull(next.level) && until <= at) {
          // The block is the penalty: once it ends, the source starts afresh.
          next.level = 0
          blocked += 1
          touch(blocks, source, at + settings.blockMs)
          update.blocks.push([source, at + settings.blockMs])
        }
        touch(sources, source, next)
        update.levels.push([source, next.level])
      }
      return update
    },
    /** Everything a plane that starts now must know. */
    welcome(): GuardUpdate {
      const at = now()
      sweepBlocks(blocks, at)
      return {
        type: 'guard',
        levels: [...sources].map(([source, entry]) => [source, leak(entry, at)]),
        blocks: [...blocks],
      }
    },
    /** The heartbeat's figures; sources neither blocked nor with a level left are forgotten here. */
    figures(): PasswordGuessing {
      const at = now()
      sweepBlocks(blocks, at)
      for (const [source, entry] of sources)
        if (leak(entry, at) === 0 && !blocks.has(source)) sources.delete(source)
      const offenders = [...sources]
        .sort(([, a], [, b]) => b.failures - a.failures)
        .slice(0, PASSWORD_GUESSING_OFFENDERS_MAX)
        .map(([source, entry]) => {
          const until = blocks.get(source)
          return {
            source,
            failures: entry.failures,
            blockedUntil: until === undefined ? null : new Date(until).toISOString(),
          }
        })
      return { failures, blocks: blocked, blockedSources: blocks.size, offenders }
    },
  }
}

/** Checks a password; calls `onWrong` when the pair is wrong (not when the credential is merely spent). */
export type CheckPassword = (
  entry: Entry,
  username: string,
  password: string,
  onWrong: () => void,
) => Grant | null

/**
 * What one connection's handlers get from the guard: `authenticate`, which counts a wrong password
 * against the source (unless its whitelist opens the entry anyway) and never hashes for a refused
 * source; and `refusedUntil`, which a handler asks before it reads any password.
 */
export function guardConnection(
  guard: Pick<PlaneGuard, 'refusedUntil' | 'recordFailure'>,
  address: string,
  check: CheckPassword,
  whitelisted: () => Grant | null,
): { authenticate: Authenticate; refusedUntil: () => number } {
  const refusedUntil = () => (whitelisted() ? 0 : guard.refusedUntil(address))
  return {
    refusedUntil,
    authenticate: (entry, username, password) =>
      refusedUntil() > 0
        ? null
        : check(entry, username, password, () => {
            if (!whitelisted()) guard.recordFailure(address)
          }),
  }
}

// The two limits a plane holds leases of (tracker/leases.ts), node-wide: the bytes of an allowance
// (a traffic account's, or a pool login's own cap: route/allowances.ts), and a credential's tunnels.
// The keys name them for the lease book on the sync side, which knows each key's capacity.
import { DialError } from '../inbound/context.ts'
import type { Grant } from '../route/grants.ts'
import type { Leases } from './leases.ts'
import type { TunnelEnd } from './tunnels.ts'

/** An allowance's bytes: the node may give out what the server says is left, less what it has not acknowledged. */
export const bytesKey = (allowanceId: string) => `bytes:${allowanceId}`
/** A credential's open tunnels (a UDP association is one): at most the cap, node-wide. */
export const tunnelsKey = (grant: Pick<Grant, 'kind' | 'id'>) => `tunnels:${grant.kind}:${grant.id}`

export type ParsedKey =
  | { limit: 'bytes'; allowanceId: string }
  | { limit: 'tunnels'; kind: Grant['kind']; id: string }
  | undefined
export function parseKey(key: string): ParsedKey {
  if (key.startsWith('bytes:')) return { limit: 'bytes', allowanceId: key.slice('bytes:'.length) }
  if (key.startsWith('tunnels:')) {
    const [kind = '', id = ''] = key.slice('tunnels:'.length).split(':')
    return { limit: 'tunnels', kind: kind as Grant['kind'], id }
  }
  return undefined
}

/** The byte keys a grant spends from when nothing else says: a traffic account's own. */
const accountKeys = (grant: Grant) => (grant.kind === 'traffic-account' ? [bytesKey(grant.id)] : [])

/** Bytes one ask wants: a stream at top speed asks a few hundred times a second at most. */
export const BYTES_WANT = 8 * 1024 * 1024
/** The smallest slice of bytes the book gives while it has that much (the tail of a package is shared out finer). */
export const BYTES_MIN_SLICE = 256 * 1024

/**
 * Bytes a plane may carry that the sync side has not heard of yet (counted and not acknowledged, or
 * about to be counted). A plane that reaches it waits for the acknowledgement of its last report:
 * so a sync side that died (or fell behind) stops its planes within this many bytes, and a crash
 * loses at most this much per plane on top of the sync side's last checkpoint.
 */
export function createCountWindow(size: number) {
  let credit = size
  let waiting: Promise<void> | undefined
  let wake: (() => void) | undefined
  return {
    size,
    take(n: number): number {
      const taken = Math.min(n, credit)
      credit -= taken
      return taken
    },
    /** Bytes taken and not counted after all, or counted and acknowledged. */
    put(n: number) {
      credit += n
      if (credit > 0 && wake) {
        const woken = wake
        waiting = undefined
        wake = undefined
        woken()
      }
    },
    /** Resolves once some credit is back (at once while there is some). */
    opened(): Promise<void> {
      if (credit > 0) return Promise.resolve()
      waiting ??= new Promise<void>((resolve) => {
        wake = resolve
      })
      return waiting
    },
  }
}

export type CountWindow = ReturnType<typeof createCountWindow>

/** A window nothing holds back: for the relay and UDP tests, which have no sync side to acknowledge. */
export const openWindow: CountWindow = {
  size: Number.POSITIVE_INFINITY,
  take: (n) => n,
  put: () => {},
  opened: () => Promise.resolve(),
}

/**
 * A plane's bytes: every grant's cross within the plane's count window; a pool login's only as far
 * as this plane also holds a lease of each allowance it spends from (`keysOf`: its account's, and
 * its own cap's). Taking may give less than asked: the rest waits for `more`.
 */
export function createByteAllowance(
  leases: Leases,
  countWindow: CountWindow = openWindow,
  keysOf: (grant: Grant) => string[] = accountKeys,
) {
  /** How many of `n` bytes may cross now (taken from the window and every lease). */
  function take(grant: Grant, n: number): number {
    const allowed = countWindow.take(n)
    const keys = keysOf(grant)
    if (keys.length === 0 || allowed === 0) return allowed
    // Each lease gives at most what the one before it gave; the surplus of the earlier ones goes back.
    const got: number[] = []
    let taken = allowed
    for (const key of keys) {
      taken = leases.take(key, taken)
      got.push(taken)
    }
    for (const [i, key] of keys.entries()) leases.put(key, (got[i] ?? 0) - taken)
    countWindow.put(allowed - taken)
    // Running low: ask for the next slice before the stream has to wait for it.
    for (const key of keys)
      if (leases.balance(key) < BYTES_WANT / 2 && !leases.isDry(key)) void leases.more(key)
    return taken
  }
  /** Bytes taken and then not sent. */
  function refund(grant: Grant, n: number) {
    countWindow.put(n)
    for (const key of keysOf(grant)) leases.put(key, n)
  }
  /** Resolves true once more may cross, false when an allowance it spends from has nothing left node-wide. */
  async function more(grant: Grant): Promise<boolean> {
    await countWindow.opened()
    for (const key of keysOf(grant)) if (leases.balance(key) <= 0 && !(await leases.more(key))) return false
    return true
  }
  async function takeRest(grant: Grant, n: number, taken: number): Promise<boolean> {
    while (taken < n) {
      if (!(await more(grant))) {
        refund(grant, taken)
        return false
      }
      taken += take(grant, n - taken)
    }
    return true
  }
  return {
    take,
    refund,
    more,
    /**
     * All `n` bytes or none, waiting for the window and the lease: false (nothing taken) when the
     * account is spent. True at once, without a promise, when they are there (a datagram's usual case).
     */
    takeAll(grant: Grant, n: number): true | Promise<boolean> {
      const taken = take(grant, n)
      return taken === n ? true : takeRest(grant, n, taken)
    },
  }
}

export type ByteAllowance = ReturnType<typeof createByteAllowance>

/** A plane's tunnel slots: one per open tunnel, leased a few at a time, the spare given back as tunnels close. */
export function createTunnelSlots(leases: Leases, spare: number) {
  /** A slot for a new tunnel, or undefined when the credential is at its cap node-wide. `release` is idempotent. */
  async function acquire(grant: Grant): Promise<{ release: () => void } | undefined> {
    const key = tunnelsKey(grant)
    while (leases.take(key, 1) === 0) if (!(await leases.more(key))) return undefined
    let isHeld = true
    return {
      release() {
        if (!isHeld) return
        isHeld = false
        leases.put(key, 1)
        leases.trim(key, spare)
      },
    }
  }

  return {
    acquire,
    /**
     * Opens a tunnel's far end (an upstream, a UDP association) holding one of the credential's
     * slots until `closing(opened)` closes; over the cap it is refused before anything is opened.
     */
    async hold<T>(grant: Grant, open: () => Promise<T>, closing: (opened: T) => TunnelEnd): Promise<T> {
      const slot = await acquire(grant)
      if (!slot) throw new DialError('over-cap', 'too many tunnels open for this credential')
      try {
        const opened = await open()
        const end = closing(opened)
        if (end.destroyed) slot.release()
        else end.once('close', slot.release)
        return opened
      } catch (error) {
        slot.release()
        throw error
      }
    },
  }
}

export type TunnelSlots = ReturnType<typeof createTunnelSlots>

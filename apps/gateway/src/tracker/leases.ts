// A plane's side of leases (tracker/lease-book.ts holds the node's side): per key, what the sync side
// has leased to this plane and it has not used yet. Taking is synchronous and local; only when a key
// runs low does the plane ask for more, one ask at a time, and what waits for it waits on one promise.
import type { LeaseToPlane } from './lease-book.ts'

/** To the sync side: an ask, or what this plane gives back (`recalled`: its answer to a recall). */
export type LeaseFromPlane =
  /** `isEmpty`: the plane holds none of the key (not an ask ahead of need). */
  | { type: 'lease-ask'; key: string; want: number; isEmpty: boolean }
  | { type: 'lease-back'; key: string; amount: number; recalled: boolean }

export type LeasesOptions = {
  send: (message: LeaseFromPlane) => void
  /** How much one ask asks for. */
  wantOf: (key: string) => number
  /** Runs before a recall is answered (a plane reports what it spent first, so the node's figure is exact). */
  beforeRecall?: (key: string) => void
  /** The sync side answered an ask with nothing: the node has no more of this key. */
  onExhausted?: (key: string) => void
}

type Held = {
  balance: number
  asking?: Promise<boolean>
  answer?: () => void
  /** The last answer was nothing: no asking ahead until a lease comes. */
  isDry?: boolean
}

export function createLeases(options: LeasesOptions) {
  const held = new Map<string, Held>()
  const entryOf = (key: string) => {
    let entry = held.get(key)
    if (!entry) {
      entry = { balance: 0 }
      held.set(key, entry)
    }
    return entry
  }

  /** Asks once for more (a second caller shares the ask); false when none came and none is held. */
  function more(key: string): Promise<boolean> {
    const entry = entryOf(key)
    if (entry.asking) return entry.asking
    const asking = new Promise<boolean>((resolve) => {
      // True while anything is held: a lease that came earlier still counts.
      entry.answer = () => resolve(entry.balance > 0)
    })
    entry.asking = asking
    // The answer may come within send (one process): `asking` is already settled then.
    options.send({ type: 'lease-ask', key, want: options.wantOf(key), isEmpty: entry.balance === 0 })
    return asking
  }

  function giveBack(key: string, amount: number, recalled: boolean) {
    if (amount > 0 || recalled) options.send({ type: 'lease-back', key, amount, recalled })
  }

  return {
    /** Up to `n` from what this plane holds of the key, taken now. */
    take(key: string, n: number): number {
      const entry = held.get(key)
      if (!entry || entry.balance <= 0) return 0
      const taken = Math.min(n, entry.balance)
      entry.balance -= taken
      return taken
    },
    more,
    /** Puts back what was taken and not used (bytes not sent, a slot freed). */
    put(key: string, n: number) {
      if (n > 0) entryOf(key).balance += n
    },
    /** Whether the last ask for the key got nothing (asking ahead would only ask again). */
    isDry: (key: string) => held.get(key)?.isDry === true,
    /** What this plane holds of the key now. */
    balance: (key: string) => held.get(key)?.balance ?? 0,
    /** Gives back all but `keep` of what is held. */
    trim(key: string, keep: number) {
      const entry = held.get(key)
      if (!entry || entry.balance <= keep) return
      const extra = entry.balance - keep
      entry.balance = keep
      giveBack(key, extra, false)
    },
    receive(message: LeaseToPlane) {
      const entry = entryOf(message.key)
      if (message.type === 'lease') {
        entry.balance += message.amount
        entry.isDry = message.amount === 0
        const answer = entry.answer
        entry.asking = undefined
        entry.answer = undefined
        if (message.amount === 0) options.onExhausted?.(message.key)
        answer?.()
        return
      }
      options.beforeRecall?.(message.key)
      const amount = entry.balance
      entry.balance = 0
      giveBack(message.key, amount, true)
    },
    /** Forgets keys that hold nothing and wait for nothing. */
    prune() {
      for (const [key, entry] of held) if (entry.balance === 0 && !entry.asking) held.delete(key)
    },
  }
}

export type Leases = ReturnType<typeof createLeases>

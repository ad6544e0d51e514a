// The node-wide side of leases (the sync side, one per node): what each plane holds of a limited
// resource — a traffic account's bytes, a credential's tunnel slots — so that all the planes together
// never hold more than the node may give. A plane spends only what it holds, so the whole node stops at
// the limit to the byte (or the tunnel), whatever the number of workers and streams.
//
// For a key the book knows its capacity (from the caller) and, per plane, what it has leased out and
// not had back: `available = capacity − Σ leased`. Bytes come back as spent (the plane's counts) or
// unspent (given back); slots come back when tunnels close. When nothing is available and other planes
// still hold some, the book recalls theirs (each gives back all it has not used) and answers the
// waiting ask once every recalled plane has answered: then a 0 means the node has nothing left.

export type LeaseToPlane = { type: 'lease'; key: string; amount: number } | { type: 'recall'; key: string }

export type LeaseBookOptions = {
  /** What the node may give out in all for a key (bytes left, a tunnel cap); ≤ 0 gives nothing. */
  capacity: (key: string) => number
  /** How much of `available` one ask gets at most (the caller slices, so every plane gets a share). */
  sliceOf: (key: string, want: number, available: number) => number
  /** A message to one plane. */
  send: (plane: string, message: LeaseToPlane) => void
  /** An ask was answered with nothing: the key is dry until its capacity grows. */
  onDry?: (key: string) => void
}

type Waiting = { plane: string; want: number; isEmpty: boolean }

export function createLeaseBook(options: LeaseBookOptions) {
  /** key → plane → leased and not had back. */
  const leased = new Map<string, Map<string, number>>()
  /** key → planes recalled and not yet answered, and the asks waiting for them. */
  const recalls = new Map<string, { pending: Set<string>; waiting: Waiting[] }>()
  /** key → its capacity when an ask got nothing (what is left may be held, and unusable, by planes). */
  const dry = new Map<string, number>()
  function isDry(key: string) {
    const at = dry.get(key)
    if (at === undefined) return false
    if (options.capacity(key) <= at) return true
    dry.delete(key)
    return false
  }

  const heldBy = (key: string) => leased.get(key) ?? new Map<string, number>()
  const leasedOut = (key: string) => [...heldBy(key).values()].reduce((sum, n) => sum + n, 0)
  const available = (key: string) => options.capacity(key) - leasedOut(key)

  function give(plane: string, key: string, want: number, isEmpty: boolean): number {
    const left = available(key)
    const amount = left > 0 ? Math.max(0, Math.min(want, left, options.sliceOf(key, want, left))) : 0
    if (amount > 0) {
      const holders = leased.get(key) ?? new Map<string, number>()
      holders.set(plane, (holders.get(plane) ?? 0) + amount)
      leased.set(key, holders)
    }
    options.send(plane, { type: 'lease', key, amount })
    // Dry only when the asker has nothing either (an ask ahead of need answered 0 says little).
    if (amount === 0 && isEmpty && !isDry(key)) {
      dry.set(key, options.capacity(key))
      options.onDry?.(key)
    }
    return amount
  }

  /** Answers every ask waiting on a recall round that has ended: what is there now, or 0. */
  function endRound(key: string) {
    const round = recalls.get(key)
    if (!round || round.pending.size > 0) return
    recalls.delete(key)
    for (const ask of round.waiting) give(ask.plane, key, ask.want, ask.isEmpty)
  }

  /** Takes `amount` off what a plane holds (never below 0: bytes it counted without a lease are no lease's). */
  function settle(plane: string, key: string, amount: number) {
    const holders = leased.get(key)
    const held = holders?.get(plane)
    if (!holders || held === undefined) return
    const left = held - amount
    if (left > 0) holders.set(plane, left)
    else holders.delete(plane)
    if (holders.size === 0) leased.delete(key)
  }

  return {
    /**
     * A plane wants up to `want` more; `isEmpty`: it holds none (an ask ahead of need is answered
     * from what is free, and recalls nothing).
     */
    ask(plane: string, key: string, want: number, isEmpty = true) {
      const round = recalls.get(key)
      if (round) return void round.waiting.push({ plane, want, isEmpty })
      if (available(key) > 0 || !isEmpty) return void give(plane, key, want, isEmpty)
      const others = [...heldBy(key)].filter(([holder, n]) => holder !== plane && n > 0).map(([h]) => h)
      if (others.length === 0) return void give(plane, key, want, isEmpty)
      recalls.set(key, { pending: new Set(others), waiting: [{ plane, want, isEmpty }] })
      for (const holder of others) options.send(holder, { type: 'recall', key })
    },
    /** What a plane spent (reported bytes) or gave back (unspent bytes, free slots); `recalled`: its answer to a recall. */
    settle(plane: string, key: string, amount: number, recalled = false) {
      settle(plane, key, amount)
      if (recalled && recalls.get(key)?.pending.delete(plane)) endRound(key)
    },
    /** A plane that ended: whatever it held comes back (bytes it spent and never reported are not billed). */
    forget(plane: string) {
      for (const key of [...leased.keys()]) settle(plane, key, Number.POSITIVE_INFINITY)
      for (const [key, round] of [...recalls]) {
        round.waiting = round.waiting.filter((ask) => ask.plane !== plane)
        if (round.pending.delete(plane)) endRound(key)
      }
    },
    /** Leased out and not had back, for one key (or for a key and one plane). */
    leased: (key: string, plane?: string) =>
      plane === undefined ? leasedOut(key) : (heldBy(key).get(plane) ?? 0),
    available,
    /** Whether the last ask for the key got nothing and its capacity has not grown since. */
    isDry,
  }
}

export type LeaseBook = ReturnType<typeof createLeaseBook>

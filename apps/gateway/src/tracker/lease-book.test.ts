import { describe, expect, it } from 'vitest'
import { createLeaseBook, type LeaseToPlane } from './lease-book.ts'

/** A book with one key's capacity set by the test, and every message it sends, per plane. */
function book(capacity: number, slice = Number.POSITIVE_INFINITY) {
  const sent: [string, LeaseToPlane][] = []
  const state = { capacity }
  const leases = createLeaseBook({
    capacity: () => state.capacity,
    sliceOf: (_key, want) => Math.min(want, slice),
    send: (plane, message) => sent.push([plane, message]),
  })
  const last = () => sent.at(-1)
  return { leases, sent, state, last }
}

describe('the lease book', () => {
  it('gives out at most the capacity across planes, in slices', () => {
    const { leases, sent } = book(100, 30)
    leases.ask('a', 'k', 50)
    leases.ask('b', 'k', 50)
    leases.ask('a', 'k', 50)
    leases.ask('b', 'k', 50)
    expect(sent.map(([plane, m]) => [plane, m.type === 'lease' && m.amount])).toEqual([
      ['a', 30],
      ['b', 30],
      ['a', 30],
      ['b', 10],
    ])
    expect(leases.leased('k')).toBe(100)
    expect(leases.available('k')).toBe(0)
  })

  it('recalls what other planes hold before it answers nothing', () => {
    const { leases, sent, state, last } = book(100)
    leases.ask('a', 'k', 100)
    expect(last()).toEqual(['a', { type: 'lease', key: 'k', amount: 100 }])
    // b asks with nothing left: a is recalled, and b waits for its answer.
    leases.ask('b', 'k', 100)
    expect(last()).toEqual(['a', { type: 'recall', key: 'k' }])
    // a spent 60 (its counts, which the sync side takes off what is left too) and gives the 40 it
    // did not use back.
    leases.settle('a', 'k', 60)
    state.capacity = 40
    expect(sent).toHaveLength(2)
    leases.settle('a', 'k', 40, true)
    expect(last()).toEqual(['b', { type: 'lease', key: 'k', amount: 40 }])
  })

  it('answers 0 once the recalled planes had nothing to give back', () => {
    const { leases, state, last } = book(10)
    leases.ask('a', 'k', 10)
    leases.ask('b', 'k', 10)
    // a spent it all: its counts reached the sync side, which takes them off the capacity too.
    leases.settle('a', 'k', 10)
    state.capacity = 0
    leases.settle('a', 'k', 0, true)
    expect(last()).toEqual(['b', { type: 'lease', key: 'k', amount: 0 }])
    // Nobody holds anything now: the next ask is answered at once.
    leases.ask('a', 'k', 10)
    expect(last()).toEqual(['a', { type: 'lease', key: 'k', amount: 0 }])
  })

  it('takes back all a plane held when it ends, and ends a recall that waited on it', () => {
    const { leases, last } = book(50)
    leases.ask('a', 'k', 50)
    leases.ask('b', 'k', 50)
    expect(last()).toEqual(['a', { type: 'recall', key: 'k' }])
    leases.forget('a')
    expect(last()).toEqual(['b', { type: 'lease', key: 'k', amount: 50 }])
    expect(leases.leased('k', 'a')).toBe(0)
  })

  it('never counts more back than was leased (bytes counted without a lease are no lease’s)', () => {
    const { leases } = book(100)
    leases.ask('a', 'k', 20)
    leases.settle('a', 'k', 500)
    leases.settle('b', 'k', 5)
    expect(leases.leased('k')).toBe(0)
    expect(leases.available('k')).toBe(100)
  })

  it('a tunnel cap: slots come back as tunnels close, and a plane at the cap gets none', () => {
    const { leases, last } = book(2)
    leases.ask('a', 'slots', 1)
    leases.ask('b', 'slots', 1)
    // Both slots are in use: a's recall gives back nothing, so c is refused.
    leases.ask('c', 'slots', 1)
    expect(last()).toEqual(['b', { type: 'recall', key: 'slots' }])
    leases.settle('a', 'slots', 0, true)
    leases.settle('b', 'slots', 0, true)
    expect(last()).toEqual(['c', { type: 'lease', key: 'slots', amount: 0 }])
    // a's tunnel closes: its slot is the node's again.
    leases.settle('a', 'slots', 1)
    leases.ask('c', 'slots', 1)
    expect(last()).toEqual(['c', { type: 'lease', key: 'slots', amount: 1 }])
  })
})

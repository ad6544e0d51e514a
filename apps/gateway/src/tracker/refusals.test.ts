import { expect, test } from 'vitest'
import { createRefusalTally } from './refusals.ts'

const a = { kind: 'instance', id: '00000000-0000-4000-8000-00000000000a' } as const
const b = { kind: 'traffic-account', id: '00000000-0000-4000-8000-00000000000b' } as const
const c = { kind: 'instance', id: '00000000-0000-4000-8000-00000000000c' } as const

test('counts per credential; a heartbeat takes the most refused first and leaves the rest for the next', () => {
  const tally = createRefusalTally()
  for (const [credential, times] of [
    [a, 3],
    [b, 5],
    [c, 1],
  ] as const)
    for (let i = 0; i < times; i++) tally.add(credential)
  expect(tally.take(2)).toEqual([
    { ...b, count: 5 },
    { ...a, count: 3 },
  ])
  // A heartbeat that failed puts its counts back, added to what came since.
  tally.merge([{ ...a, count: 3 }])
  tally.add(a)
  expect(tally.drain()).toEqual([
    { ...c, count: 1 },
    { ...a, count: 4 },
  ])
  expect(tally.drain()).toEqual([])
})

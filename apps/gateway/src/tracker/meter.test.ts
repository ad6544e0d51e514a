import { describe, expect, it } from 'vitest'
import { createMeter, MAX_RECORD_BYTES } from './meter.ts'

const a = { kind: 'instance', id: '00000000-0000-4000-8000-00000000000a' } as const
const b = { kind: 'traffic-account', id: '00000000-0000-4000-8000-00000000000b' } as const
const sum = (records: { upBytes: number; downBytes: number }[]) =>
  records.reduce((t, r) => ({ up: t.up + r.upBytes, down: t.down + r.downBytes }), { up: 0, down: 0 })

describe('meter', () => {
  it('sums per credential and starts again from zero after a drain', () => {
    const meter = createMeter()
    meter.add(a, 10, 100)
    meter.add(b, 1, 2)
    meter.add(a, 5, 50)
    meter.add(b, 0, 0)
    expect(meter.drain()).toEqual([
      { ...a, upBytes: 15, downBytes: 150 },
      { ...b, upBytes: 1, downBytes: 2 },
    ])
    expect(meter.drain()).toEqual([])
    meter.add(a, 0, 0)
    expect(meter.drain()).toEqual([])
  })

  it('splits counts past the contract maximum into several records, to the byte', () => {
    expect(MAX_RECORD_BYTES).toBe(1e15)
    const meter = createMeter()
    // 2^53 − 1 at once, then enough small adds to cross the maximum again.
    meter.add(a, Number.MAX_SAFE_INTEGER, 3)
    for (let i = 0; i < 3; i++) meter.add(a, 4e14, 1)
    const records = meter.drain()
    for (const r of records) {
      expect(r.upBytes).toBeLessThanOrEqual(MAX_RECORD_BYTES)
      expect(r.downBytes).toBeLessThanOrEqual(MAX_RECORD_BYTES)
    }
    const total = records.reduce((t, r) => t + BigInt(r.upBytes), 0n)
    expect(total).toBe(BigInt(Number.MAX_SAFE_INTEGER) + 3n * 400_000_000_000_000n)
    expect(sum(records).down).toBe(6)
    // Nine full records from the first add, one more when the small adds cross the maximum, the rest.
    expect(records).toHaveLength(11)
  })

  it('refuses what is not a byte count', () => {
    const meter = createMeter()
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53]) expect(() => meter.add(a, bad, 0)).toThrow(RangeError)
    expect(meter.drain()).toEqual([])
  })

  it('tells what one credential has counted and not drained, and keeps a running total', () => {
    const meter = createMeter()
    meter.add(a, 10, 100)
    meter.add(b, 1, 2)
    meter.add(b, MAX_RECORD_BYTES, 4)
    expect(meter.undrained(b)).toBe(MAX_RECORD_BYTES + 7)
    expect(meter.undrained(a)).toBe(110)
    expect(meter.counted()).toBe(MAX_RECORD_BYTES + 117)
    meter.drain()
    expect(meter.undrained(b)).toBe(0)
    meter.add(b, 5, 5)
    expect(meter.undrained(b)).toBe(10)
    expect(meter.counted()).toBe(MAX_RECORD_BYTES + 127)
  })
})

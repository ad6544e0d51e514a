// Counts payload bytes per credential between two flushes. Exact: every byte added comes out of
// exactly one drain, in records the node API accepts (each count at most the contract's maximum).
// It also keeps a running total of every byte counted, for the heartbeat's bytes per second.
import { TrafficReport } from '@proxy/contract/nodes/endpoints'
import type { Grant } from '../route/grants.ts'

export type UsageRecord = TrafficReport['records'][number]
type Subject = Pick<Grant, 'kind' | 'id'>

/** Largest count one record may carry (1e15 today). */
export const MAX_RECORD_BYTES = TrafficReport.shape.records.element.shape.upBytes.maxValue ?? 1e15

export function createMeter() {
  let counts = new Map<string, UsageRecord>()
  /** Records already at the maximum, carried out so the running counts stay small and exact. */
  let full: UsageRecord[] = []
  /** Every byte ever added (exact up to 2^53 − 1, about 9 PB, then it only loses precision). */
  let counted = 0

  function add(subject: Subject, upBytes: number, downBytes: number) {
    if (!isCount(upBytes) || !isCount(downBytes))
      throw new RangeError(`not byte counts: ${upBytes}, ${downBytes}`)
    if (upBytes === 0 && downBytes === 0) return
    counted += upBytes + downBytes
    const key = `${subject.kind}:${subject.id}`
    let record = counts.get(key)
    if (!record) {
      record = { kind: subject.kind, id: subject.id, upBytes: 0, downBytes: 0 }
      counts.set(key, record)
    }
    // Spilled before and after summing, so no sum ever passes 2 × the maximum: exact in a double.
    const incoming = { kind: subject.kind, id: subject.id, upBytes, downBytes }
    spill(incoming)
    record.upBytes += incoming.upBytes
    record.downBytes += incoming.downBytes
    spill(record)
  }

  /** Moves whole maximum-size records out of `record`; bounded, as each turn takes the maximum off a count. */
  function spill(record: UsageRecord) {
    while (record.upBytes >= MAX_RECORD_BYTES || record.downBytes >= MAX_RECORD_BYTES) {
      const up = Math.min(record.upBytes, MAX_RECORD_BYTES)
      const down = Math.min(record.downBytes, MAX_RECORD_BYTES)
      full.push({ kind: record.kind, id: record.id, upBytes: up, downBytes: down })
      record.upBytes -= up
      record.downBytes -= down
    }
  }

  /** Everything counted since the last drain, and the meter starts again from zero. */
  function drain(): UsageRecord[] {
    const records = [...full, ...[...counts.values()].filter((r) => r.upBytes > 0 || r.downBytes > 0)]
    counts = new Map()
    full = []
    return records
  }

  /** Everything counted since the last drain, as drain would give it, without draining. */
  function peek(): UsageRecord[] {
    return [...full, ...counts.values()]
      .filter((r) => r.upBytes > 0 || r.downBytes > 0)
      .map((record) => ({ ...record }))
  }

  /** Bytes counted for one subject and not drained yet. */
  function undrained(subject: Subject): number {
    const record = counts.get(`${subject.kind}:${subject.id}`)
    let bytes = record ? record.upBytes + record.downBytes : 0
    for (const r of full) if (r.kind === subject.kind && r.id === subject.id) bytes += r.upBytes + r.downBytes
    return bytes
  }

  return { add, drain, peek, undrained, counted: () => counted }
}

export type Meter = ReturnType<typeof createMeter>

const isCount = (n: number) => Number.isSafeInteger(n) && n >= 0

// What the chaos clients sent and what came back. An operation is one keyed request, sent again
// with the same key until it settles: acknowledged (200) or refused (a 4xx business answer). A
// lost connection, a 5xx or a 409 "still running" leaves it open, to be sent again later.
import { type Answer, ConnectionLost } from './http.ts'
import { type ServerProcess, sleep } from './server-process.ts'

export type OpKind = 'topup' | 'payment' | 'purchase' | 'renewal' | 'traffic' | 'push'

export type Op = {
  kind: OpKind
  customer: string
  /** The Idempotency-Key, the pushed reportId, or the paid top-up's order number. */
  key: string
  send: () => Promise<Answer>
  /** What each try got, e.g. `lost`, `409 IDEMPOTENCY_IN_PROGRESS`, `200 OK`. */
  tries: string[]
  outcome: 'acked' | 'refused' | null
  answer: Answer | null
}

const MAX_TRIES_KEPT = 40
const isOpen = (answer: Answer) =>
  answer.status >= 500 || answer.name === 'IDEMPOTENCY_IN_PROGRESS' || answer.name === 'UNKNOWN'

export function newOp(kind: OpKind, customer: string, key: string, send: () => Promise<Answer>): Op {
  return { kind, customer, key, send, tries: [], outcome: null, answer: null }
}

/** One try; answers whether the operation is settled now. */
export async function attempt(op: Op): Promise<boolean> {
  if (op.outcome) return true
  let answer: Answer
  try {
    answer = await op.send()
  } catch (error) {
    if (!(error instanceof ConnectionLost)) throw error
    if (op.tries.length < MAX_TRIES_KEPT) op.tries.push('lost')
    return false
  }
  if (op.tries.length < MAX_TRIES_KEPT) op.tries.push(`${answer.status} ${answer.name}`)
  if (isOpen(answer)) return false
  op.answer = answer
  op.outcome = answer.status === 200 ? 'acked' : 'refused'
  return true
}

/** Tries a few times, waiting for the server when it is down; an open operation is left for later. */
export async function settle(op: Op, server: ServerProcess, tries = 3, pauseMs = 250): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    await server.whenUp()
    if (await attempt(op)) return true
    await sleep(pauseMs)
  }
  return false
}

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>) {
  let next = 0
  const lane = async () => {
    while (next < items.length) await fn(items[next++] as T)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
}

/** Rounds of retries over every open operation, a lease apart, until all settle or the rounds run out. */
export async function resolveAll(ops: Op[], server: ServerProcess, rounds: number, pauseMs: number) {
  for (let round = 0; round < rounds; round++) {
    const open = ops.filter((op) => !op.outcome)
    if (open.length === 0) return
    await server.whenUp()
    await eachLimited(open, 8, attempt)
    if (ops.some((op) => !op.outcome)) await sleep(pauseMs)
  }
}

export const orderNoOf = (answer: Answer | null): string | undefined =>
  answer?.data?.order?.orderNo ?? answer?.data?.orderNo

/** Sends every settled operation once more: the same key must give the same answer (DESIGN §4). */
export async function replayMismatches(ops: Op[]): Promise<string[]> {
  const mismatches: string[] = []
  await eachLimited(
    ops.filter((op) => op.outcome),
    8,
    async (op) => {
      const first = op.answer as Answer
      const again = await op.send().catch((error: Error) => ({ status: 0, name: error.message }) as Answer)
      const label = `${op.kind} ${op.key}: first ${first.status} ${first.name}, again ${again.status} ${again.name}`
      if (again.status !== first.status || again.name !== first.name) mismatches.push(label)
      else if (op.kind === 'push' && again.data?.duplicate !== true)
        mismatches.push(`${label}, not a duplicate`)
      else if (['topup', 'purchase', 'renewal', 'traffic'].includes(op.kind)) {
        if (!again.isReplayed) mismatches.push(`${label}, not marked idempotent-replayed`)
        if (orderNoOf(again) !== orderNoOf(first))
          mismatches.push(`${label}, order ${orderNoOf(first)} became ${orderNoOf(again)}`)
      }
    },
  )
  return mismatches
}

/** Operations by kind and outcome, tries that lost their connection, and keys that committed unanswered. */
export function tallyOps(ops: Op[]) {
  const counts: Record<string, number> = {}
  for (const op of ops) {
    const label = `${op.kind} ${op.outcome ?? 'open'}`
    counts[label] = (counts[label] ?? 0) + 1
  }
  counts.lostTries = ops.reduce((sum, op) => sum + op.tries.filter((label) => label === 'lost').length, 0)
  // The server died after the money moved but before the answer left: the retry got the stored one.
  counts.committedUnanswered = ops.filter((op) => op.tries.includes('lost') && op.answer?.isReplayed).length
  return counts
}

/** A short account of the operations that never settled, for the failure message. */
export const describeOpen = (ops: Op[]) =>
  ops.filter((op) => !op.outcome).map((op) => `${op.kind} ${op.key} (${op.customer}): ${summarise(op.tries)}`)

function summarise(tries: string[]) {
  const counts = new Map<string, number>()
  for (const label of tries) counts.set(label, (counts.get(label) ?? 0) + 1)
  return [...counts].map(([label, n]) => `${label} ×${n}`).join(', ')
}

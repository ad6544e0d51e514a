// The node pull on PostgreSQL: a node serving 100,000 credentials takes one full snapshot, then
// after one purchase a delta from its cursor. Both as ratios to a /healthz round trip timed by the
// same client in the same run, with the answer sizes.
import { sql } from 'drizzle-orm'
import { addNode } from '../src/modules/nodes/nodes.service.ts'
import type { Db } from '../src/platform/db/client.ts'
import { load } from './load.ts'
import { customer, holdInstances, stock } from './static-ip.ts'

const NODE = 'bench-pull'
const CREDENTIALS = 100_000
const RUNS = 5

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

export async function benchNodePull(db: Db, base: string) {
  console.log(`\nNode pull on PostgreSQL: ${CREDENTIALS.toLocaleString('en')} credentials on one node`)
  await stock(db, 'bench-pull', CREDENTIALS + 100, 3_000_000, NODE)
  const holders = await customer(base, db, 0)
  await holdInstances(db, holders.email, 'bench-pull', CREDENTIALS)
  await db.execute(sql`analyze`)
  const buyer = await customer(base, db, 100 * RUNS)
  const { token } = await addNode(db, NODE, 'bench-pull.example.com')

  async function pull(cursor?: string) {
    const started = performance.now()
    const answer = await fetch(`${base}/api/node/v1/users${cursor ? `?cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const body = await answer.text()
    const ms = performance.now() - started
    if (!answer.ok) throw new Error(`pull: HTTP ${answer.status} ${body.slice(0, 200)}`)
    const { data } = JSON.parse(body) as { data: { cursor: string; instances: unknown[] } }
    return { ms, bytes: Buffer.byteLength(body), cursor: data.cursor, instances: data.instances.length }
  }

  const health = await load(500, 1, () => fetch(`${base}/healthz`))
  const snapshots = []
  for (let run = 0; run < RUNS; run++) snapshots.push(await pull())
  const snapshot = snapshots.at(-1)
  if (!snapshot || snapshot.instances < CREDENTIALS)
    throw new Error(`snapshot has ${snapshot?.instances} instances`)

  let cursor = snapshot.cursor
  const deltas = []
  for (let run = 0; run < RUNS; run++) {
    const bought = await fetch(`${base}/api/orders/static-ip`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${buyer.token}`,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ regionId: 'bench-pull', quantity: 1, durationDays: 30, protocol: 'socks5' }),
    })
    if (!bought.ok) throw new Error(`purchase: HTTP ${bought.status} ${await bought.text()}`)
    const delta = await pull(cursor)
    if (delta.instances !== 1)
      throw new Error(`a delta after one purchase carried ${delta.instances} instances`)
    deltas.push(delta)
    cursor = delta.cursor
  }
  const snapshotMs = median(snapshots.map((s) => s.ms))
  const deltaMs = median(deltas.map((d) => d.ms))
  console.log(
    `  full snapshot   median ${snapshotMs.toFixed(0).padStart(5)} ms  ${(snapshot.bytes / 1e6).toFixed(1)} MB  ${(snapshotMs / health.p50).toFixed(0)} x a /healthz round trip`,
  )
  console.log(
    `  delta, 1 buy    median ${deltaMs.toFixed(1).padStart(5)} ms  ${median(deltas.map((d) => d.bytes))} bytes  ${(deltaMs / health.p50).toFixed(1)} x a /healthz round trip  (${(snapshotMs / deltaMs).toFixed(0)}x faster than the snapshot)`,
  )
}

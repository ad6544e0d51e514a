// Static-IP purchases on PostgreSQL, the load in its own process: across customers (20 buyers, 20
// connections) and one customer buying over 20 connections (its wallet row serialises its purchases
// through each commit), each with fresh Idempotency-Keys, the invariants checked after each run.
import { eq } from 'drizzle-orm'
import { findInvariantViolations } from '../src/invariants.ts'
import { users } from '../src/modules/auth/auth.schema.ts'
import { purchaseStaticIp } from '../src/modules/static-ip/purchase.service.ts'
import type { Db } from '../src/platform/db/client.ts'
import { load, loadInOwnProcess } from './load.ts'
import { customer, stock } from './static-ip.ts'

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 3000)
const CONNECTIONS = 20

export async function benchStaticIpPurchases(db: Db, base: string) {
  await stock(db, 'bench-buy', 3 * PURCHASES + 100, 1)
  const buyers = await Promise.all(Array.from({ length: CONNECTIONS }, () => customer(base, db, 10_000_000)))
  const [solo] = await Promise.all([customer(base, db, 10_000_000)])
  const body = JSON.stringify({ regionId: 'bench-buy', quantity: 1, durationDays: 30, protocol: 'socks5' })
  const spec = { url: `${base}/api/orders/static-ip`, method: 'POST', body, idempotencyKeys: true }
  console.log(`\nStatic-IP purchases on PostgreSQL (load in its own process, ${CONNECTIONS} connections)`)
  for (const [label, tokens, goal] of [
    ['across 20 customers', buyers.map((buyer) => buyer.token), 500],
    ['one customer', [solo?.token ?? ''], 150],
  ] as const) {
    const timing = await loadInOwnProcess(PURCHASES, CONNECTIONS, { ...spec, tokens: [...tokens] })
    const broken = Object.keys(await findInvariantViolations(db))
    console.log(
      `  POST /api/orders/static-ip, ${label.padEnd(19)} ${timing.perSecond.toFixed(0).padStart(5)} buys/s (goal >= ${goal})  p50 ${timing.p50.toFixed(1)} ms  p95 ${timing.p95.toFixed(1)} ms; invariants ${broken.length === 0 ? 'hold' : `BROKEN: ${broken.join(', ')}`}`,
    )
  }
  // The floor without HTTP, auth and the idempotency claim: the same purchase transaction called
  // straight from this process, 20 at a time on a pool of 10, across the same 20 customers.
  const ids = await Promise.all(
    buyers.map(async ({ email }) => {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
      return user?.id ?? ''
    }),
  )
  const input = {
    regionId: 'bench-buy',
    quantity: 1,
    durationDays: 30,
    protocol: 'socks5',
    autoRenew: false,
  } as const
  const bare = await load(PURCHASES, CONNECTIONS, async (i) => {
    await purchaseStaticIp(db, ids[i % ids.length] ?? '', input, { actor: 'bench' })
    return new Response(null)
  })
  const broken = Object.keys(await findInvariantViolations(db))
  console.log(
    `  the bare purchase transaction, no HTTP     ${bare.perSecond.toFixed(0).padStart(5)} tx/s (the floor of the rate above)  p50 ${bare.p50.toFixed(1)} ms; invariants ${broken.length === 0 ? 'hold' : `BROKEN: ${broken.join(', ')}`}`,
  )
}

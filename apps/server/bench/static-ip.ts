// Static-IP load on PostgreSQL: purchases per second (invariants checked afterwards), the IP
// list with 100k instances on one account, and an export of 10k proxies. Every figure is a ratio
// to GET /healthz timed by the same client in the same run.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { users } from '../src/modules/auth/auth.schema.ts'
import { findInvariantViolations } from '../src/modules/ledger/invariants.ts'
import {
  postLedgerTransaction,
  systemAccountId,
  walletAccountId,
} from '../src/modules/ledger/ledger.service.ts'
import { type Db, inTransaction } from '../src/platform/db/client.ts'
import { load } from './load.ts'

export async function customer(base: string, db: Db, cents: number) {
  const email = `bench-${randomUUID()}@example.com`
  const answer = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'benchmark passphrase' }),
  })
  if (!answer.ok) throw new Error(`register: HTTP ${answer.status}`)
  const { data } = (await answer.json()) as { data: { token: string } }
  if (cents > 0)
    await inTransaction(db, async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email))
      await postLedgerTransaction(tx, {
        kind: 'adjustment',
        description: 'bench credit',
        entries: [
          { accountId: await systemAccountId(tx, 'adjustments'), amount: -cents },
          { accountId: await walletAccountId(tx, user?.id ?? ''), amount: cents },
        ],
      })
    })
  return { email, token: data.token }
}

/** `addresses` addresses 10.x.y.z from `offset` on, served by the proxy node named `node`. */
export async function stock(db: Db, regionId: string, addresses: number, offset: number, node = 'bench') {
  await db.execute(sql`
    insert into regions (id, country_code, country, city, country_en, city_en, isp_type, protocols, price_per_30_days)
    values (${regionId}, 'US', '美国', '洛杉矶', 'United States', 'Los Angeles', 'datacenter', '{socks5,vmess}', 100)
    on conflict do nothing`)
  await db.execute(sql`
    insert into ip_inventory (region_id, ip, port, node)
    select ${regionId}, '10.' || ((g >> 16) & 255) || '.' || ((g >> 8) & 255) || '.' || (g & 255), 1080, ${node}
    from generate_series(${offset}::int, ${offset + addresses - 1}::int) g`)
}

/** Gives one account `count` instances directly (the list and export benchmarks are reads). */
export async function holdInstances(db: Db, email: string, regionId: string, count: number) {
  await db.execute(sql`
    with picked as (
      update ip_inventory set status = 'allocated'
      where id in (select id from ip_inventory where region_id = ${regionId} and status = 'available' limit ${count})
      returning id, ip
    )
    insert into proxy_instances (user_id, inventory_id, order_no, line_instance_name, protocol, username, password, uuid, expires_at)
    select (select id from users where email = ${email}), picked.id, 'S00000000BENCH00000', 'bench-' || picked.ip,
      case when random() < 0.5 then 'socks5' else 'vmess' end, 'u' || md5(picked.ip), md5(random()::text),
      gen_random_uuid(), now() + (random() * 365) * interval '1 day'
    from picked`)
}

export async function benchStaticIp(db: Db, base: string) {
  const healthz = () => fetch(`${base}/healthz`)
  const baseline = await load(2000, 20, healthz)
  console.log(`\nStatic IPs on PostgreSQL (client: fetch, 20 at a time)`)
  console.log(
    `  GET /healthz (baseline)        ${baseline.perSecond.toFixed(0).padStart(6)} req/s  p95 ${baseline.p95.toFixed(1)} ms`,
  )

  await stock(db, 'bench-buy', 2000, 1)
  const buyers = await Promise.all(Array.from({ length: 20 }, () => customer(base, db, 1_000_000)))
  const purchases = await load(1000, 20, (i) =>
    fetch(`${base}/api/orders/static-ip`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${buyers[i % buyers.length]?.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ regionId: 'bench-buy', quantity: 1, durationDays: 30, protocol: 'socks5' }),
    }),
  )
  const violations = await findInvariantViolations(db)
  console.log(
    `  POST /api/orders/static-ip     ${purchases.perSecond.toFixed(0).padStart(6)} buys/s ${(purchases.perSecond / baseline.perSecond).toFixed(3)} x baseline  p95 ${purchases.p95.toFixed(1)} ms; invariants ${Object.keys(violations).length === 0 ? 'hold' : `BROKEN: ${Object.keys(violations).join(', ')}`}`,
  )

  await stock(db, 'bench-big', 110_000, 10_000)
  const big = await customer(base, db, 0)
  await holdInstances(db, big.email, 'bench-big', 100_000)
  await db.execute(sql`analyze`)
  for (const [label, query] of [
    ['first page', ''],
    ['expiring in 7 days', '&expiringWithinDays=7&sort=expiresAt.asc'],
    ['keyword', '&keyword=10.1.2'],
    ['page 50', '&page=50'],
  ] as const) {
    const list = await load(300, 10, () =>
      fetch(`${base}/api/proxy/instances?pageSize=20${query}`, {
        headers: { authorization: `Bearer ${big.token}` },
      }),
    )
    console.log(
      `  GET /api/proxy/instances, 100k (${label.padEnd(18)}) p95 ${list.p95.toFixed(1).padStart(6)} ms  ${(list.p95 / baseline.p95).toFixed(1)} x baseline p95`,
    )
  }

  const exporter = await customer(base, db, 0)
  await holdInstances(db, exporter.email, 'bench-big', 10_000)
  const exported = await load(10, 1, () =>
    fetch(`${base}/api/proxy/instances/export/all`, {
      headers: { authorization: `Bearer ${exporter.token}` },
    }),
  )
  console.log(
    `  GET /api/proxy/instances/export/all, 10k proxies   p50 ${exported.p50.toFixed(0)} ms  ${(exported.p50 / baseline.p50).toFixed(0)} x a /healthz round trip`,
  )
}

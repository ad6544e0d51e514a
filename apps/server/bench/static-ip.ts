// Static-IP load on PostgreSQL (purchases: bench/purchases.ts): the IP list with 100k instances on
// one account, and an export of 10k proxies. Every figure is a ratio to GET /healthz timed by the
// same client in the same run.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { users } from '../src/modules/auth/auth.schema.ts'
import {
  postLedgerTransaction,
  systemAccountId,
  walletAccountId,
} from '../src/modules/ledger/ledger.service.ts'
import { type Db, inTransaction } from '../src/platform/db/client.ts'
import { load, loadInOwnProcess } from './load.ts'

const LIST_REQUESTS = 600
const EXPORT_RUNS = 20

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
      gen_random_uuid(), now() + (1 + random() * 364) * interval '1 day'
    from picked`)
}

export async function benchStaticIp(db: Db, base: string) {
  const healthz = () => fetch(`${base}/healthz`)
  const baseline = await load(2000, 20, healthz)
  console.log(`\nStatic IPs on PostgreSQL (client: fetch, 20 at a time)`)
  console.log(
    `  GET /healthz (baseline)        ${baseline.perSecond.toFixed(0).padStart(6)} req/s  p95 ${baseline.p95.toFixed(1)} ms`,
  )

  // Purchases: bench/purchases.ts (the load in its own process).
  await stock(db, 'bench-big', 110_000, 10_000)
  const big = await customer(base, db, 0)
  await holdInstances(db, big.email, 'bench-big', 100_000)
  // A bulk insert of 100k rows is what autovacuum visits next; the figures are of the table after it.
  await db.execute(sql`vacuum analyze proxy_instances, ip_inventory`)
  // The list's load runs in its own process, 10 connections, against its own /healthz baseline.
  const listBaseline = await loadInOwnProcess(1000, 10, { url: `${base}/healthz` })
  console.log(
    `  GET /healthz (own process, 10 connections) p50 ${listBaseline.p50.toFixed(1)} ms  p95 ${listBaseline.p95.toFixed(1)} ms`,
  )
  // The floor of any signed-in GET: the session lookup and a one-row read, same load.
  const signedIn = await loadInOwnProcess(LIST_REQUESTS, 10, {
    url: `${base}/api/user/me`,
    tokens: [big.token],
  })
  console.log(
    `  GET /api/user/me (signed-in floor, same load) p50 ${signedIn.p50.toFixed(1)} ms  p95 ${signedIn.p95.toFixed(1)} ms`,
  )
  for (const [label, query, goal] of [
    ['first page', '', 20],
    ['expiring in 7 days', '&expiringWithinDays=7&sort=expiresAt.asc', 20],
    ['keyword', '&keyword=10.1.2', 50],
    ['page 50', '&page=50', 20],
  ] as const) {
    const list = await loadInOwnProcess(LIST_REQUESTS, 10, {
      url: `${base}/api/proxy/instances?pageSize=20${query}`,
      tokens: [big.token],
    })
    console.log(
      `  GET /api/proxy/instances, 100k (${label.padEnd(18)}) p50 ${list.p50.toFixed(1).padStart(6)} ms  p95 ${list.p95.toFixed(1).padStart(6)} ms (goal <= ${goal})  ${(list.p95 / signedIn.p95).toFixed(1)} x the signed-in floor's p95`,
    )
  }

  const exporter = await customer(base, db, 0)
  await holdInstances(db, exporter.email, 'bench-big', 10_000)
  await db.execute(sql`vacuum analyze proxy_instances`)
  const exported = await loadInOwnProcess(EXPORT_RUNS, 1, {
    url: `${base}/api/proxy/instances/export/all`,
    tokens: [exporter.token],
  })
  console.log(
    `  GET /api/proxy/instances/export/all, 10k proxies   p50 ${exported.p50.toFixed(0)} ms  p95 ${exported.p95.toFixed(0)} ms (goal <= 150)  ${(exported.p50 / listBaseline.p50).toFixed(0)} x a /healthz round trip`,
  )
}

// Traffic on PostgreSQL: one node push of 10,000 records against a plain insert of the same rows
// (the floor for writing them), and the 30-day usage chart for a customer with 1,000 instances.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { addNode } from '../src/modules/nodes/nodes.service.ts'
import type { Db } from '../src/platform/db/client.ts'
import { load } from './load.ts'
import { customer, holdInstances, stock } from './static-ip.ts'

const RECORDS = 10_000
const TRAFFIC_ACCOUNTS = 1_000
const RUNS = 5
const HOUR_MS = 3600_000

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
async function timed(run: () => Promise<unknown>) {
  const started = performance.now()
  await run()
  return performance.now() - started
}

/** 1,000 customers with a traffic account and a 100 GB package, written directly (setup only). */
async function trafficAccounts(db: Db): Promise<string[]> {
  const rows = await db.execute(sql`
    with made as (
      insert into users (email, password_hash)
      select 'bench-traffic-' || g || '-' || ${randomUUID()} || '@example.com', 'x' from generate_series(1, ${TRAFFIC_ACCOUNTS}) g
      returning id
    ), accounts as (
      insert into traffic_accounts (user_id, username, password)
      select id, 'tb' || md5(id::text), md5(random()::text) from made returning user_id
    ), packs as (
      insert into traffic_packages (user_id, plan_id, plan_name, order_no, total_bytes, expires_at)
      select user_id, 'gb-100', '100GB', 'F00000000BENCH00000', 100 * 1024::bigint ^ 3, now() + interval '30 days'
      from accounts returning user_id
    )
    select user_id as id from packs`)
  return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id)
}

export async function benchTraffic(db: Db, base: string) {
  console.log('\nTraffic on PostgreSQL')
  await db.execute(sql`
    insert into traffic_plans (id, name, name_en, size_bytes, validity_days, price)
    values ('gb-100', '100GB', '100 GB', 100 * 1024::bigint ^ 3, 30, 19900) on conflict do nothing`)
  await stock(db, 'bench-traffic', 9_100, 200_000)
  const heavy = await customer(base, db, 0)
  await holdInstances(db, heavy.email, 'bench-traffic', 1_000)
  const others = await customer(base, db, 0)
  await holdInstances(db, others.email, 'bench-traffic', RECORDS - TRAFFIC_ACCOUNTS - 1_000)
  const accounts = await trafficAccounts(db)
  const held = (
    (await db.execute(
      sql`select id, user_id from proxy_instances where inventory_id in (select id from ip_inventory where region_id = 'bench-traffic')`,
    )) as unknown as { rows: { id: string; user_id: string }[] }
  ).rows
  const instances = held.map((row) => row.id)
  const ownerOf = new Map(held.map((row) => [row.id, row.user_id]))
  const [heavyInstance] = (
    (await db.execute(
      sql`select id from proxy_instances where user_id = (select id from users where email = ${heavy.email}) limit 1`,
    )) as unknown as { rows: { id: string }[] }
  ).rows
  const records = [
    ...instances.map((id) => ({ kind: 'instance', id })),
    ...accounts.map((id) => ({ kind: 'traffic-account', id })),
  ].map((record) => ({ ...record, upBytes: 1_000_000, downBytes: 9_000_000 }))
  if (records.length !== RECORDS) throw new Error(`expected ${RECORDS} records, built ${records.length}`)
  await db.execute(sql`analyze`)

  // Baseline: the same rows in one plain insert (arrays unnested, as the push does) into a table
  // shaped like usage_hourly — the floor for writing them, without the checks and the deductions.
  await db.execute(sql`create table bench_usage_baseline (like usage_hourly including all)`)
  const column = <T>(pick: (record: (typeof records)[number]) => T) => sql.param(records.map(pick))
  const baseline: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const hour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS - (run + 1) * HOUR_MS).toISOString()
    baseline.push(
      await timed(() =>
        db.execute(sql`insert into bench_usage_baseline (subject_kind, subject_id, user_id, hour, up_bytes, down_bytes)
          select kind, id, user_id, ${hour}::timestamptz, up, down from unnest(
            ${column((r) => r.kind)}::text[], ${column((r) => r.id)}::uuid[],
            ${column((r) => (r.kind === 'traffic-account' ? r.id : ownerOf.get(r.id)))}::uuid[],
            ${column((r) => r.upBytes)}::bigint[], ${column((r) => r.downBytes)}::bigint[]
          ) as batch(kind, id, user_id, up, down)`),
      ),
    )
  }
  await db.execute(sql`drop table bench_usage_baseline`)

  const { token } = await addNode(db, 'bench-node', 'bench.example.com')
  // The first push inserts every bucket; the rest add to them, as a node's pushes within an hour do.
  const pushes: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const body = JSON.stringify({ reportId: randomUUID(), records })
    pushes.push(
      await timed(async () => {
        const answer = await fetch(`${base}/api/node/v1/traffic`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        })
        if (!answer.ok) throw new Error(`push: HTTP ${answer.status} ${await answer.text()}`)
      }),
    )
  }
  const push = median(pushes)
  console.log(
    `  POST /api/node/v1/traffic, 10,000 records  median ${push.toFixed(0)} ms (goal <= 250)  ${(push / median(baseline)).toFixed(1)} x a plain insert of the same rows (${median(baseline).toFixed(0)} ms)`,
  )

  // 30 days of hourly usage for the heavy customer's 1,000 instances: 720,000 buckets.
  await db.execute(sql`
    insert into usage_hourly (subject_kind, subject_id, user_id, hour, up_bytes, down_bytes)
    select 'instance', i.id, i.user_id, date_trunc('hour', now()) - h * interval '1 hour', 1000 + h, 10000 + h
    from proxy_instances i, generate_series(1, 720) h
    where i.user_id = (select id from users where email = ${heavy.email})
    on conflict do nothing`)
  await db.execute(sql`analyze usage_hourly`)
  const health = await load(500, 1, () => fetch(`${base}/healthz`))
  const to = new Date().toISOString()
  const from = new Date(Date.now() - 30 * 24 * HOUR_MS).toISOString()
  for (const [label, query] of [
    ['hour, all', 'granularity=hour'],
    ['day, all', 'granularity=day'],
    ['hour, one instance', `granularity=hour&instanceId=${heavyInstance?.id}`],
  ] as const) {
    const usage = await load(30, 1, () =>
      fetch(`${base}/api/proxy/instances/traffic-usage?from=${from}&to=${to}&${query}`, {
        headers: { authorization: `Bearer ${heavy.token}` },
      }),
    )
    console.log(
      `  GET traffic-usage, 30 days, 1,000 IPs (${label.padEnd(18)}) p50 ${usage.p50.toFixed(0).padStart(4)} ms  p95 ${usage.p95.toFixed(0).padStart(4)} ms  ${(usage.p50 / health.p50).toFixed(0)} x a /healthz round trip`,
    )
  }
}

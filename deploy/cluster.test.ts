// Drives the cluster of deploy/cluster.ts through HAProxy, as customers, the payment gateway and a
// proxy node would, while one replica is killed (SIGKILL) and started again. Afterwards the ledger
// conserves, every acknowledged operation is in the database exactly once, and nothing doubled:
// every operation is retried with the same Idempotency-Key / notify / reportId until acknowledged,
// then replayed once more on purpose. Then every replica is restarted in turn under the load of
// roll-load.ts (rolling-upgrade.test.ts rolls the previous release's replicas to this build).
import { randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { sql } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findInvariantViolations } from '../apps/server/src/invariants.ts'
import { importInventoryCsv } from '../apps/server/src/modules/static-ip/inventory.service.ts'
import { regions } from '../apps/server/src/modules/static-ip/static-ip.schema.ts'
import { type Database, openPostgres } from '../apps/server/src/platform/db/client.ts'
import { creditWallet, testRegion } from '../apps/server/test/fixtures.ts'
import { type Cluster, startCluster } from './cluster.ts'
import { type Answer, data, paidNotify, rollUnderLoad, sendTo } from './roll-load.ts'

const CUSTOMERS = 8
const ROUNDS = 5
/** Each operation is tried at most this often before the test fails (a bounded retry loop). */
const MAX_ATTEMPTS = 60
const FUNDS = 300_00
const PRICE = 25_00
const quantityOf = (round: number) => 1 + (round % 2)
const topUpOf = (customer: number, round: number) => 10 + customer + round / 4

let cluster: Cluster
let database: Database
const run = randomUUID().slice(0, 8)
const regionId = `cluster-${run}`

/** Why attempts failed, e.g. { 502: 3, network: 1, 409: 2 }: what the kill did to clients. */
const failures: Record<string, number> = {}

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  sendTo(cluster.url, method, path, body, headers)

/**
 * Sends the same request until it is acknowledged. Connection failures, 5xx, and 409 "the first
 * request with this key is still running" are retried; any other answer fails the test at once.
 */
async function untilAcknowledged(
  what: string,
  attempt: () => Promise<Answer>,
  done = (a: Answer) => a.status === 200,
) {
  for (let tries = 1; tries <= MAX_ATTEMPTS; tries++) {
    const answer = await attempt()
    if (done(answer)) return answer
    const reason = answer.status === 0 ? 'network' : String(answer.status)
    failures[reason] = (failures[reason] ?? 0) + 1
    if (answer.status !== 0 && answer.status < 500 && answer.status !== 409)
      throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`)
    await new Promise((wait) => setTimeout(wait, 50 * Math.min(tries, 6)))
  }
  throw new Error(`${what}: not acknowledged after ${MAX_ATTEMPTS} attempts`)
}

/** Runs the tasks with at most `width` at a time, answering their results in order. */
async function inBatches<T>(width: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++
        results[index] = await (tasks[index] as () => Promise<T>)()
      }
    }),
  )
  return results
}

type Customer = { email: string; token: string }
type Acknowledged = {
  topUps: {
    customer: number
    key: string
    body: object
    orderNo: string
    cents: number
    notify: Record<string, string>
  }[]
  purchases: {
    customer: number
    key: string
    body: object
    orderNo: string
    cents: number
    instances: string[]
  }[]
  pushes: { reportId: string; body: object; bytes: Map<string, number> }[]
}
const acknowledged: Acknowledged = { topUps: [], purchases: [], pushes: [] }

const auth = (customer: Customer) => ({ authorization: `Bearer ${customer.token}` })
const nodeAuth = () => ({ authorization: `Bearer ${cluster.nodeToken}` })

async function topUp(customer: Customer, index: number, round: number) {
  const key = randomUUID()
  const body = { amount: topUpOf(index, round), channel: 'alipay' }
  const created = await untilAcknowledged('top-up', () =>
    send('POST', '/api/user/wallet/topup', body, { ...auth(customer), 'idempotency-key': key }),
  )
  const order = data<{ orderNo: string; cnyAmount: number; amount: number }>(created)
  const notify = paidNotify(cluster, order)
  // The gateway repeats its notify until it reads "success".
  await untilAcknowledged(
    'notify',
    () => send('GET', `/api/payments/epay/notify?${new URLSearchParams(notify)}`),
    (answer) => answer.status === 200 && answer.body === 'success',
  )
  acknowledged.topUps.push({
    customer: index,
    key,
    body,
    orderNo: order.orderNo,
    cents: Math.round(order.amount * 100),
    notify,
  })
}

async function purchase(customer: Customer, index: number, round: number) {
  const key = randomUUID()
  const body = { regionId, quantity: quantityOf(round), durationDays: 30, protocol: 'socks5' }
  const answer = await untilAcknowledged('purchase', () =>
    send('POST', '/api/orders/static-ip', body, { ...auth(customer), 'idempotency-key': key }),
  )
  const bought = data<{ order: { orderNo: string; total: number }; instances: { id: string }[] }>(answer)
  acknowledged.purchases.push({
    customer: index,
    key,
    body,
    orderNo: bought.order.orderNo,
    cents: Math.round(bought.order.total * 100),
    instances: bought.instances.map((instance) => instance.id),
  })
  return bought.instances.map((instance) => instance.id)
}

async function push(instances: string[], index: number, round: number) {
  const reportId = `${run}-c${index}-r${round}`
  const bytes = new Map(instances.map((id, n) => [id, 1000 * (round + 1) + n]))
  const body = {
    reportId,
    records: [...bytes].map(([id, up]) => ({ kind: 'instance', id, upBytes: up, downBytes: 2 * up })),
  }
  const answer = await untilAcknowledged('node push', () =>
    send('POST', '/api/node/v1/traffic', body, nodeAuth()),
  )
  // A first attempt that committed on a replica killed before it answered comes back as a duplicate.
  const { accepted, duplicate } = data<{ accepted: number; duplicate: boolean }>(answer)
  if (duplicate) failures.pushCommittedBeforeFailure = (failures.pushCommittedBeforeFailure ?? 0) + 1
  else expect(accepted).toBe(instances.length)
  acknowledged.pushes.push({ reportId, body, bytes })
}

beforeAll(async () => {
  const started = Date.now()
  cluster = await startCluster()
  database = await openPostgres(cluster.databaseUrl, 2)
  console.log(`cluster started in ${Date.now() - started} ms`)
  // The operator's stock, as `inventory:import` does: documentation addresses the gateway does not own.
  await database.db.insert(regions).values(testRegion(regionId, PRICE))
  // Twice what the customers buy: a purchase that doubled would find stock, and show in the checks.
  const capacity =
    2 * CUSTOMERS * Array.from({ length: ROUNDS }, (_, round) => quantityOf(round)).reduce((a, b) => a + b)
  const lines = Array.from(
    { length: capacity },
    (_, n) => `${regionId},192.0.2.${n + 1},${20_000 + n},gateway-1`,
  )
  expect(await importInventoryCsv(database.db, ['region_id,ip,port,node', ...lines].join('\n'))).toEqual({
    imported: capacity,
    rejected: [],
  })
}, 120_000)

afterAll(async () => {
  await database?.close()
  await cluster?.stop()
})

describe('the cluster behind HAProxy', () => {
  it('keeps every acknowledged operation exactly once while a replica is killed and restarted', async () => {
    const began = Date.now()
    const customers: Customer[] = []
    for (let index = 0; index < CUSTOMERS; index++) {
      const email = `cluster-${run}-${index}@example.com`
      const answer = await send('POST', '/api/auth/register', { email, password: 'correct horse battery' })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      customers.push({ email, token: data<{ token: string }>(answer).token })
    }
    // Registrations were spread over both replicas, and counted in one Redis namespace.
    for (const [name, backend] of Object.entries(await cluster.backends()))
      expect(backend.requests, name).toBeGreaterThan(0)
    const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 })
    await redis.connect()
    const limitKeys = await redis.keys(`${cluster.redisPrefix}rl:*`)
    const counted = (await Promise.all(limitKeys.map((key) => redis.get(key)))).map(Number)
    redis.disconnect()
    expect(Math.max(0, ...counted)).toBe(CUSTOMERS)
    for (const customer of customers) {
      const [user] = (
        (await database.db.execute(sql`select id from users where email = ${customer.email}`)) as unknown as {
          rows: { id: string }[]
        }
      ).rows
      await creditWallet(database.db, user?.id ?? '', FUNDS)
    }

    // Round 0 runs with both replicas up; server-1 is killed once half of it is acknowledged;
    // round 1 runs while it is down (HAProxy notices within its checks); rounds 2+ after its restart.
    let roundZeroDone = 0
    let markKilled = () => {}
    let markRestarted = () => {}
    const killed = new Promise<void>((done) => {
      markKilled = done
    })
    const restarted = new Promise<void>((done) => {
      markRestarted = done
    })
    const timings: Record<string, number> = {}
    let requestsAfterRestart = 0
    const chaos = (async () => {
      await new Promise<void>((wait) => {
        const check = setInterval(() => {
          if (roundZeroDone >= CUSTOMERS / 2) {
            clearInterval(check)
            wait()
          }
        }, 5)
      })
      let at = Date.now()
      await cluster.kill('server-1', 'SIGKILL')
      markKilled()
      timings.downDetectedMs = await cluster.waitForBackend('server-1', 'DOWN')
      // Traffic goes on against the survivor for a moment.
      await new Promise((wait) => setTimeout(wait, 500))
      at = Date.now()
      await cluster.start('server-1')
      timings.restartMs = Date.now() - at
      timings.upDetectedMs = await cluster.waitForBackend('server-1', 'UP')
      requestsAfterRestart = (await cluster.backends())['server-1']?.requests ?? 0
      markRestarted()
    })()

    await Promise.all([
      chaos,
      ...customers.map(async (customer, index) => {
        const instances: string[] = []
        for (let round = 0; round < ROUNDS; round++) {
          if (round === 1) await killed
          if (round === 2) await restarted
          const [, bought] = await Promise.all([
            topUp(customer, index, round),
            purchase(customer, index, round),
          ])
          instances.push(...bought)
          await push(instances, index, round)
          if (round === 0) roundZeroDone++
        }
      }),
    ])
    const backends = await cluster.backends()
    // The restarted replica is back in rotation and served part of the later rounds.
    expect(backends['server-1']?.status).toBe('UP')
    expect(backends['server-1']?.requests).toBeGreaterThan(requestsAfterRestart)

    // Every acknowledged operation, replayed once more with the same key, notify or reportId: each
    // answers what the first one did, and changes nothing (the checks below count it once).
    await inBatches(CUSTOMERS, [
      ...acknowledged.topUps.map((op) => async () => {
        const customer = customers[op.customer] as Customer
        const again = await untilAcknowledged('replayed top-up', () =>
          send('POST', '/api/user/wallet/topup', op.body, { ...auth(customer), 'idempotency-key': op.key }),
        )
        expect(data<{ orderNo: string }>(again).orderNo).toBe(op.orderNo)
        const notified = await untilAcknowledged(
          'replayed notify',
          () => send('GET', `/api/payments/epay/notify?${new URLSearchParams(op.notify)}`),
          (answer) => answer.status === 200,
        )
        expect(notified.body).toBe('success')
      }),
      ...acknowledged.purchases.map((op) => async () => {
        const customer = customers[op.customer] as Customer
        const again = await untilAcknowledged('replayed purchase', () =>
          send('POST', '/api/orders/static-ip', op.body, { ...auth(customer), 'idempotency-key': op.key }),
        )
        expect(data<{ order: { orderNo: string } }>(again).order.orderNo).toBe(op.orderNo)
      }),
      ...acknowledged.pushes.map((op) => async () => {
        const again = await untilAcknowledged('replayed push', () =>
          send('POST', '/api/node/v1/traffic', op.body, nodeAuth()),
        )
        expect(data<{ duplicate: boolean }>(again).duplicate).toBe(true)
      }),
    ])
    timings.workloadMs = Date.now() - began

    // --- The database afterwards ---
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
    expect(await findInvariantViolations(database.db)).toEqual({})

    expect(acknowledged.topUps).toHaveLength(CUSTOMERS * ROUNDS)
    const topUpRows = await rows<{ order_no: string; status: string; credits: number }>(sql`
      select o.order_no, o.status, count(t.id)::int as credits from topup_orders o
      left join ledger_transactions t on t.reference = o.order_no and t.kind = 'topup'
      group by o.order_no, o.status order by o.order_no`)
    expect(topUpRows).toEqual(
      acknowledged.topUps
        .map((op) => ({ order_no: op.orderNo, status: 'paid', credits: 1 }))
        .sort((a, b) => a.order_no.localeCompare(b.order_no)),
    )

    expect(acknowledged.purchases).toHaveLength(CUSTOMERS * ROUNDS)
    const orderRows = await rows<{ order_no: string; instances: number }>(sql`
      select o.order_no, count(p.id)::int as instances from orders o
      left join proxy_instances p on p.order_no = o.order_no group by o.order_no order by o.order_no`)
    expect(orderRows).toEqual(
      acknowledged.purchases
        .map((op) => ({ order_no: op.orderNo, instances: op.instances.length }))
        .sort((a, b) => a.order_no.localeCompare(b.order_no)),
    )

    const [allocated] = await rows<{ count: number }>(
      sql`select count(*)::int as count from ip_inventory where status = 'allocated'`,
    )
    expect(allocated?.count).toBe(acknowledged.purchases.reduce((sum, op) => sum + op.instances.length, 0))

    // Each wallet: its credit, plus what it topped up, less what it bought; not a cent more or less.
    const wallets = await rows<{ email: string; balance: string }>(sql`
      select u.email, w.balance::text as balance from users u
      join wallets w on w.user_id = u.id order by u.email`)
    expect(wallets).toEqual(
      customers.map((customer, index) => ({
        email: customer.email,
        balance: String(
          FUNDS +
            acknowledged.topUps.filter((op) => op.customer === index).reduce((sum, op) => sum + op.cents, 0) -
            acknowledged.purchases
              .filter((op) => op.customer === index)
              .reduce((sum, op) => sum + op.cents, 0),
        ),
      })),
    )

    // Pushed bytes, counted once per acknowledged report.
    expect(acknowledged.pushes).toHaveLength(CUSTOMERS * ROUNDS)
    const expectedUsage = new Map<string, number>()
    for (const op of acknowledged.pushes)
      for (const [id, up] of op.bytes) expectedUsage.set(id, (expectedUsage.get(id) ?? 0) + up)
    const usage = await rows<{ id: string; up: string; down: string }>(sql`
      select subject_id as id, sum(up_bytes)::text as up, sum(down_bytes)::text as down from usage_hourly
      where subject_kind = 'instance' group by subject_id order by subject_id`)
    expect(usage).toEqual(
      [...expectedUsage]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([id, up]) => ({ id, up: String(up), down: String(2 * up) })),
    )
    const reports = await rows<{ count: number }>(
      sql`select count(*)::int as count from node_reports where report_id like ${`${run}-%`}`,
    )
    expect(reports).toEqual([{ count: CUSTOMERS * ROUNDS }])

    // The gateway kept talking to the API through HAProxy, before and after the kill.
    const [node] = await rows<{ seen: boolean }>(
      sql`select last_seen_at > now() - interval '30 seconds' as seen from nodes where name = 'gateway-1'`,
    )
    expect(node?.seen).toBe(true)

    console.log(
      `cluster: ${JSON.stringify(timings)}; failed attempts by cause: ${JSON.stringify(failures)}; ` +
        `${acknowledged.topUps.length} top-ups, ${acknowledged.purchases.length} purchases, ${acknowledged.pushes.length} pushes`,
    )
  }, 120_000)

  it('takes the client’s address from HAProxy, never from a forged X-Forwarded-For: the limiters hold', async () => {
    // From an address of our own (the scenario above registered from 127.0.0.1), with a new forged
    // header on every request: HAProxy replaces it, so the registration limit counts one address.
    const source = '127.0.0.77'
    const statuses: number[] = []
    for (let n = 0; n < 25; n++)
      statuses.push(
        await rawStatus(
          cluster.url,
          '/api/auth/register',
          source,
          { 'x-forwarded-for': `198.51.100.${n + 1}`, 'content-type': 'application/json' },
          // Valid sign-ups: the limit counts requests that passed validation.
          { email: `limit-${run}-${n}@example.com`, password: 'correct horse battery' },
        ),
      )
    const limited = statuses.filter((status) => status === 429).length
    // REGISTER_LIMIT_PER_IP (20 an hour): the rest are refused however the header rotates.
    expect(limited, JSON.stringify(statuses)).toBe(5)
    expect(statuses.slice(0, 20).every((status) => status !== 429)).toBe(true)
  })

  it('keeps the operator console and /metrics closed to an outsider who claims an allowed address', async () => {
    const claim = { 'x-forwarded-for': '127.0.0.1' }
    // ADMIN_ALLOWED_IPS and METRICS_ALLOW name 127.0.0.1: from there the console answers (401: no
    // session yet) and the scrape works; from 127.0.0.77 claiming 127.0.0.1, neither does.
    expect(await rawStatus(cluster.url, '/api/admin/auth/me', '127.0.0.1', {}, undefined, 'GET')).toBe(401)
    expect(await rawStatus(cluster.url, '/api/admin/auth/me', '127.0.0.77', claim, undefined, 'GET')).toBe(
      403,
    )
    expect(await rawStatus(cluster.url, '/metrics', '127.0.0.1', {}, undefined, 'GET')).toBe(200)
    expect(await rawStatus(cluster.url, '/metrics', '127.0.0.77', claim, undefined, 'GET')).toBe(403)
  })
})

describe('a rolling restart behind HAProxy', () => {
  it('restarts every replica in turn under purchases, top-ups and balance reads without one failed request', async () => {
    const result = await rollUnderLoad({
      cluster,
      database,
      tag: run,
      async replace(replica) {
        const timings: Record<string, number> = {}
        const signalledAt = Date.now()
        const exited = cluster.kill(replica, 'SIGTERM')
        // HAProxy takes it out while it still serves (its grace), not when it stops listening.
        timings[`${replica}DownMs`] = await cluster.waitForBackend(replica, 'DOWN')
        let hasExited = false
        void exited.then(() => {
          hasExited = true
        })
        await new Promise((wait) => setTimeout(wait, 0))
        expect(hasExited, `${replica} exited before HAProxy took it out`).toBe(false)
        await exited
        timings[`${replica}ExitMs`] = Date.now() - signalledAt
        const startedAt = Date.now()
        await cluster.start(replica)
        timings[`${replica}StartMs`] = Date.now() - startedAt
        await cluster.waitForBackend(replica, 'UP')
        return timings
      },
    })
    console.log(`rolling restart: ${JSON.stringify(result)}, none failed`)
  }, 120_000)
})

/** Sends `body` (as JSON, when given) from `localAddress` with `headers`; the status. */
function rawStatus(
  base: string,
  path: string,
  localAddress: string,
  headers: Record<string, string>,
  body: unknown,
  method = 'POST',
) {
  return new Promise<number>((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method, localAddress, headers }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('error', reject)
    request.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

// The load of the cluster's rolling tests (cluster.test.ts restarts every replica with this build,
// rolling-upgrade.test.ts replaces the previous release's replicas by it): customers buy, top up and
// read their balance through HAProxy, each request sent once, while `replace` swaps each replica in
// turn. Not one request may fail; afterwards orders and top-ups are exactly the acknowledged ones,
// wallets add up and the ledger invariants hold.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { findInvariantViolations } from '../apps/server/src/invariants.ts'
import { formatEpayMoney, withEpaySignature } from '../apps/server/src/modules/payments/epay-sign.ts'
import { importInventoryCsv } from '../apps/server/src/modules/static-ip/inventory.service.ts'
import { regions } from '../apps/server/src/modules/static-ip/static-ip.schema.ts'
import type { Database } from '../apps/server/src/platform/db/client.ts'
import { creditWallet, testRegion } from '../apps/server/test/fixtures.ts'
import type { Cluster } from './cluster.ts'
import { REPLICAS, type Replica } from './topology.ts'

export type Answer = { status: number; body: { data?: unknown; code?: number } | string }

/** One request to the cluster; a network failure or timeout answers status 0. */
export async function sendTo(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    })
    const text = await response.text()
    let parsed: Answer['body'] = text
    try {
      parsed = JSON.parse(text)
    } catch {}
    return { status: response.status, body: parsed }
  } catch {
    return { status: 0, body: 'network error' }
  }
}

/** The gateway's signed "paid" notify for a top-up order, as the sandbox would send it. */
export const paidNotify = (cluster: Cluster, order: { orderNo: string; cnyAmount: number }) =>
  withEpaySignature(
    {
      pid: cluster.epay.pid,
      trade_no: `EXT${order.orderNo}`,
      out_trade_no: order.orderNo,
      type: 'alipay',
      name: 'top-up',
      money: formatEpayMoney(Math.round(order.cnyAmount * 100)),
      trade_status: 'TRADE_SUCCESS',
    },
    cluster.epay.key,
  )

export const data = <T>(answer: Answer) => (answer.body as { data: T }).data
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * Runs the load until `replace` has been called for every replica in turn (answering its timings),
 * then checks the database. `tag` keeps this run's region and customers apart from others'.
 */
export async function rollUnderLoad(options: {
  cluster: Cluster
  database: Database
  tag: string
  replace: (replica: Replica) => Promise<Record<string, number>>
}) {
  const { cluster, database, tag, replace } = options
  const ROLL_CUSTOMERS = 4
  /** Each customer's load is bounded; the roll ends well within it (asserted below). */
  const MAX_ITERATIONS = 400
  const ROLL_PRICE = 2_00
  const ROLL_FUNDS = 200_00
  const rollRegion = `roll-${tag}`
  await database.db.insert(regions).values(testRegion(rollRegion, ROLL_PRICE))
  const stock = (ROLL_CUSTOMERS * MAX_ITERATIONS) / 4
  const lines = Array.from(
    { length: stock },
    (_, n) => `${rollRegion},198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1},${30_000 + n},gateway-1`,
  )
  expect(
    (await importInventoryCsv(database.db, ['region_id,ip,port,node', ...lines].join('\n'))).imported,
  ).toBe(stock)

  const customers: { email: string; token: string; userId: string }[] = []
  for (let index = 0; index < ROLL_CUSTOMERS; index++) {
    const email = `roll-${tag}-${index}@example.com`
    const answer = await sendTo(cluster.url, 'POST', '/api/auth/register', {
      email,
      password: 'correct horse battery',
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const token = data<{ token: string }>(answer).token
    const [user] = (
      (await database.db.execute(sql`select id from users where email = ${email}`)) as unknown as {
        rows: { id: string }[]
      }
    ).rows
    await creditWallet(database.db, user?.id ?? '', ROLL_FUNDS)
    customers.push({ email, token, userId: user?.id ?? '' })
  }

  // Every request is sent once: any answer but the expected one is a failure, nothing is retried.
  const failed: string[] = []
  let served = 0
  const once = async (
    what: string,
    answer: Promise<Answer>,
    isExpected = (a: Answer) => a.status === 200,
  ) => {
    const result = await answer
    if (isExpected(result)) served++
    else failed.push(`${what}: ${result.status} ${JSON.stringify(result.body).slice(0, 200)}`)
    return result
  }
  const bought: { customer: number; orderNo: string; cents: number }[] = []
  const paid: { customer: number; orderNo: string; cents: number }[] = []

  let isRolled = false
  const roll = (async () => {
    try {
      const timings: Record<string, number> = {}
      for (const replica of REPLICAS) {
        const servedBefore = served
        Object.assign(timings, await replace(replica))
        // The load went on while this replica was replaced.
        expect(served, `no request was served while ${replica} was replaced`).toBeGreaterThan(servedBefore)
      }
      return timings
    } finally {
      // The load stops with the roll, also when the roll failed.
      isRolled = true
    }
  })()

  const load = customers.map(async (customer, index) => {
    let iterations = 0
    for (; iterations < MAX_ITERATIONS && !isRolled; iterations++) {
      const headers = bearer(customer.token)
      // Reads keep several requests in flight on HAProxy's connections to each replica.
      const reads = Promise.all(
        Array.from({ length: 3 }, () =>
          once('balance', sendTo(cluster.url, 'GET', '/api/user/wallet', undefined, headers)),
        ),
      )
      if (iterations % 4 !== 0) {
        await reads
        await new Promise((wait) => setTimeout(wait, 25))
        continue
      }
      const purchase = await once(
        'purchase',
        sendTo(
          cluster.url,
          'POST',
          '/api/orders/static-ip',
          { regionId: rollRegion, quantity: 1, durationDays: 30, protocol: 'socks5' },
          { ...headers, 'idempotency-key': randomUUID() },
        ),
      )
      if (purchase.status === 200) {
        const { order } = data<{ order: { orderNo: string; total: number } }>(purchase)
        bought.push({ customer: index, orderNo: order.orderNo, cents: Math.round(order.total * 100) })
      }
      if (iterations % 12 === 0) {
        const created = await once(
          'top-up',
          sendTo(
            cluster.url,
            'POST',
            '/api/user/wallet/topup',
            { amount: 5, channel: 'alipay' },
            { ...headers, 'idempotency-key': randomUUID() },
          ),
        )
        if (created.status === 200) {
          const order = data<{ orderNo: string; cnyAmount: number; amount: number }>(created)
          const notify = paidNotify(cluster, order)
          const notified = await once(
            'notify',
            sendTo(cluster.url, 'GET', `/api/payments/epay/notify?${new URLSearchParams(notify)}`),
            (answer) => answer.status === 200 && answer.body === 'success',
          )
          if (notified.status === 200)
            paid.push({ customer: index, orderNo: order.orderNo, cents: Math.round(order.amount * 100) })
        }
      }
      await reads
      await new Promise((wait) => setTimeout(wait, 25))
    }
    return iterations
  })
  const [timings, ...iterations] = await Promise.all([roll, ...load])
  expect(failed).toEqual([])
  // The load ran until the roll was over, not out of iterations.
  for (const count of iterations) expect(count).toBeLessThan(MAX_ITERATIONS)

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
  expect(await findInvariantViolations(database.db)).toEqual({})
  const userIds = sql.join(
    customers.map((customer) => sql`${customer.userId}`),
    sql`, `,
  )
  // Orders = acknowledged purchases, each with its address; top-ups paid once each.
  const orderRows = await rows<{ order_no: string; instances: number }>(sql`
    select o.order_no, count(p.id)::int as instances from orders o
    left join proxy_instances p on p.order_no = o.order_no
    where o.user_id in (${userIds}) group by o.order_no order by o.order_no`)
  expect(orderRows).toEqual(
    bought
      .map((op) => ({ order_no: op.orderNo, instances: 1 }))
      .sort((a, b) => a.order_no.localeCompare(b.order_no)),
  )
  const topUpRows = await rows<{ order_no: string; status: string; credits: number }>(sql`
    select o.order_no, o.status, count(t.id)::int as credits from topup_orders o
    left join ledger_transactions t on t.reference = o.order_no and t.kind = 'topup'
    where o.user_id in (${userIds}) group by o.order_no, o.status order by o.order_no`)
  expect(topUpRows).toEqual(
    paid
      .map((op) => ({ order_no: op.orderNo, status: 'paid', credits: 1 }))
      .sort((a, b) => a.order_no.localeCompare(b.order_no)),
  )
  const wallets = await rows<{ email: string; balance: string }>(sql`
    select u.email, w.balance::text as balance from users u join wallets w on w.user_id = u.id
    where u.id in (${userIds}) order by u.email`)
  expect(wallets).toEqual(
    customers.map((customer, index) => ({
      email: customer.email,
      balance: String(
        ROLL_FUNDS +
          paid.filter((op) => op.customer === index).reduce((sum, op) => sum + op.cents, 0) -
          bought.filter((op) => op.customer === index).reduce((sum, op) => sum + op.cents, 0),
      ),
    })),
  )
  const backends = await cluster.backends()
  for (const replica of REPLICAS) expect(backends[replica]?.status, replica).toBe('UP')
  return { timings, served, purchases: bought.length, topUps: paid.length }
}

// The mixed load of the chaos test: customers top up (paid by a signed notify or through the
// sandbox checkout), buy static IPs and traffic packages and renew them, and nodes push traffic
// counters, while a monkey kills the server with SIGKILL and starts it again.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { users } from '../../src/modules/auth/auth.schema.ts'
import { addNode } from '../../src/modules/nodes/nodes.service.ts'
import { DEMO_REGIONS } from '../../src/modules/seed/demo-catalog.ts'
import { importInventoryCsv } from '../../src/modules/static-ip/inventory.service.ts'
import type { Db } from '../../src/platform/db/client.ts'
import { type Answer, callJson, payInSandboxCheckout, sendSignedNotify } from './http.ts'
import { attempt, newOp, type Op, settle } from './journal.ts'
import { type ServerProcess, sleep } from './server-process.ts'

export type Customer = {
  email: string
  token: string
  userId: string
  instanceIds: string[]
  hasTraffic: boolean
  /** What the client believes is in the wallet, only to choose between topping up and buying. */
  balanceCents: number
}
export type UsageRecord = {
  kind: 'instance' | 'traffic-account'
  id: string
  upBytes: number
  downBytes: number
}
export type Load = {
  server: ServerProcess
  customers: Customer[]
  nodeTokens: string[]
  ops: Op[]
  /** Every report sent, by reportId. */
  pushed: Map<string, UsageRecord[]>
  random: () => number
}

/** A small seeded generator (mulberry32), so a failing run's choices can be replayed with CHAOS_SEED. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T

export async function registerCustomer(server: ServerProcess, db: Db, label: string): Promise<Customer> {
  const email = `chaos-${label}-${randomUUID().slice(0, 8)}@example.com`
  const answer = await callJson(server.baseUrl, 'POST', '/api/auth/register', {
    body: { email, password: 'correct horse battery' },
  })
  if (answer.status !== 200) throw new Error(`register ${email}: ${answer.status} ${answer.name}`)
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) throw new Error(`no user ${email}`)
  return {
    email,
    token: answer.data.token,
    userId: user.id,
    instanceIds: [],
    hasTraffic: false,
    balanceCents: 0,
  }
}

export async function addNodes(db: Db, count: number) {
  const tokens: string[] = []
  for (let i = 1; i <= count; i++) tokens.push((await addNode(db, `chaos-node-${i}`, '127.0.0.1')).token)
  return tokens
}

/** More addresses in every demo region, so the load runs out of money before it runs out of stock. */
export async function stockDemoRegions(db: Db, perRegion: number) {
  const lines = DEMO_REGIONS.flatMap((region, r) =>
    Array.from(
      { length: perRegion },
      (_, i) => `${region.id},10.${77 + r}.${(i >> 8) & 255}.${i & 255},${30_000 + (i % 30_000)},chaos`,
    ),
  )
  const { imported, rejected } = await importInventoryCsv(db, ['region_id,ip,port,node', ...lines].join('\n'))
  if (imported !== lines.length)
    throw new Error(`stock not imported: ${JSON.stringify(rejected.slice(0, 3))}`)
}

const record = (load: Load, op: Op) => {
  load.ops.push(op)
  return op
}
const keyed = (load: Load, c: Customer, kind: Op['kind'], path: string, body: unknown) => {
  const key = randomUUID()
  return record(
    load,
    newOp(kind, c.email, key, () =>
      callJson(load.server.baseUrl, 'POST', path, { token: c.token, body, key }),
    ),
  )
}

/** The gateway's half of a top-up: half the orders by a signed notify, half through the checkout page. */
export function paymentOp(load: Load, c: Customer, topUp: Answer) {
  const order = { orderNo: topUp.data.orderNo, payUrl: topUp.data.payUrl, channel: topUp.data.channel }
  // The gateway charges in CNY: its notify carries the yuan amount fixed on the order.
  const cnyFen = Math.round(topUp.data.cnyAmount * 100)
  const viaCheckout = load.random() < 0.5 && order.payUrl
  const send = viaCheckout
    ? () => payInSandboxCheckout(load.server.baseUrl, c.token, order)
    : () => sendSignedNotify(load.server.baseUrl, { ...order, cnyFen })
  return record(load, newOp('payment', c.email, order.orderNo, send))
}

/** Top-ups acknowledged only after the load (their retry settled late) still get paid: answers their payments. */
export function payLateTopUps(load: Load): Op[] {
  const paying = new Set(load.ops.filter((op) => op.kind === 'payment').map((op) => op.key))
  return load.ops
    .filter((op) => op.kind === 'topup' && op.outcome === 'acked' && !paying.has(op.answer?.data.orderNo))
    .map((op) => {
      const customer = load.customers.find((c) => c.email === op.customer)
      if (!customer) throw new Error(`no customer ${op.customer}`)
      return paymentOp(load, customer, op.answer as Answer)
    })
}

/** Funds a customer through a keyed top-up and its payment, while the server is left alone. */
export async function fundCustomer(load: Load, c: Customer, amount: number) {
  const topUp = keyed(load, c, 'topup', '/api/user/wallet/topup', { amount, channel: 'alipay' })
  const payment = (await attempt(topUp)) && topUp.answer ? paymentOp(load, c, topUp.answer) : null
  if (!payment || !(await attempt(payment)) || payment.outcome !== 'acked')
    throw new Error(`could not fund ${c.email}: ${[...topUp.tries, ...(payment?.tries ?? [])].join(', ')}`)
  c.balanceCents += amount * 100
}

async function topUpAndPay(load: Load, c: Customer) {
  const amount = 50 + Math.floor(load.random() * 150)
  const topUp = keyed(load, c, 'topup', '/api/user/wallet/topup', { amount, channel: 'alipay' })
  if (!(await settle(topUp, load.server)) || topUp.outcome !== 'acked') return
  const payment = paymentOp(load, c, topUp.answer as Answer)
  if ((await settle(payment, load.server)) && payment.outcome === 'acked') c.balanceCents += amount * 100
}

async function buyOrRenew(load: Load, c: Customer, kind: 'purchase' | 'renewal' | 'traffic') {
  const { random } = load
  const op =
    kind === 'purchase'
      ? keyed(load, c, kind, '/api/orders/static-ip', {
          regionId: pick(random, DEMO_REGIONS).id,
          quantity: 1 + Math.floor(random() * 2),
          durationDays: 30,
          protocol: pick(random, ['socks5', 'vmess']),
        })
      : kind === 'renewal'
        ? keyed(load, c, kind, '/api/proxy/instances/renew', {
            ids: [...new Set([pick(random, c.instanceIds), pick(random, c.instanceIds)])],
            durationDays: 30,
          })
        : keyed(load, c, kind, '/api/orders/traffic', { planId: 'gb-10', quantity: 1 })
  if (!(await settle(op, load.server)) || op.outcome !== 'acked') return
  const data = (op.answer as Answer).data
  c.balanceCents -= Math.round(data.order.total * 100)
  if (kind === 'purchase')
    c.instanceIds.push(...data.instances.map((instance: { id: string }) => instance.id))
  if (kind === 'traffic') c.hasTraffic = true
}

async function push(load: Load, c: Customer) {
  const { random } = load
  const bytes = () => 1 + Math.floor(random() * 1_000_000)
  const records: UsageRecord[] = [...new Set(c.instanceIds.slice(-3))].map((id) => ({
    kind: 'instance',
    id,
    upBytes: bytes(),
    downBytes: bytes(),
  }))
  if (c.hasTraffic)
    records.push({ kind: 'traffic-account', id: c.userId, upBytes: bytes(), downBytes: bytes() })
  const reportId = `chaos-${randomUUID()}`
  const token = pick(random, load.nodeTokens)
  load.pushed.set(reportId, records)
  const op = record(
    load,
    newOp('push', c.email, reportId, () =>
      callJson(load.server.baseUrl, 'POST', '/api/node/v1/traffic', { token, body: { reportId, records } }),
    ),
  )
  await settle(op, load.server)
}

/** One customer's loop: a bounded number of steps, each one keyed operation (or a top-up and its payment). */
export async function customerLoop(load: Load, c: Customer, isOver: () => boolean, maxSteps: number) {
  for (let step = 0; step < maxSteps && !isOver(); step++) {
    const r = load.random()
    const hasInstances = c.instanceIds.length > 0
    if (c.balanceCents < 60_00 || r < 0.2) await topUpAndPay(load, c)
    else if (r < 0.45) await buyOrRenew(load, c, 'purchase')
    else if (r < 0.6 && hasInstances) await buyOrRenew(load, c, 'renewal')
    else if (r < 0.7) await buyOrRenew(load, c, 'traffic')
    else if (hasInstances || c.hasTraffic) await push(load, c)
    await sleep(load.random() * 40)
  }
}

/** Kills the server `kills` times at random moments, starting it again each time; answers the restart times. */
export async function killRepeatedly(load: Load, kills: number, segmentMs: number) {
  const restartsMs: number[] = []
  for (let k = 0; k < kills; k++) {
    await sleep(segmentMs * (0.5 + load.random()))
    await load.server.kill()
    await sleep(load.random() * 300)
    const started = Date.now()
    await load.server.restart()
    restartsMs.push(Date.now() - started)
  }
  return restartsMs
}

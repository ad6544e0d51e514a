// A valid request for each finance write (refunds), from a fresh state: the audit test in
// admin-routes.test.ts drives every one and checks its audit row. The goods are bought as customers buy them.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { addPlansIfNone } from '../../src/modules/traffic/index.ts'
import { type Drive, signInOperator } from '../operators.ts'
import { createTopUp, openCheckout } from '../payments.ts'
import { buy, fund, stockRegion } from '../static-ip.ts'
import type { TestServer } from '../test-server.ts'

const GIB = 1024n ** 3n

/** A customer who bought one static IP (30 days, 25.00) and one traffic package (the first plan on sale). */
export async function customerWithGoods(server: TestServer, days = 30) {
  await addPlansIfNone(server.db, [
    {
      id: 'refund-10',
      name: '10GB 月包',
      nameEn: '10 GB monthly',
      sizeBytes: 10n * GIB,
      validityDays: 30,
      price: 30_00,
    },
  ])
  const customer = await server.newCustomer()
  await fund(server, customer.email, 500_00)
  const region = await stockRegion(server, 1)
  const bought = await buy(server, customer.token, {
    regionId: region,
    quantity: 1,
    durationDays: days,
    protocol: 'socks5',
  })
  const instance = bought.body.data.instances[0]
  if (bought.status !== 200 || !instance) throw new Error(`no IP bought: ${JSON.stringify(bought.body)}`)
  const plans = await server.call<{ plans: { id: string }[] }>('GET', '/api/catalog/traffic-plans')
  const plan = plans.body.data.plans[0]?.id
  const traffic = await server.call<{ packages: { id: string }[]; order: { total: number } }>(
    'POST',
    '/api/orders/traffic',
    {
      token: customer.token,
      body: { planId: plan, quantity: 1 },
      headers: { 'idempotency-key': randomUUID() },
    },
  )
  const trafficPackage = traffic.body.data.packages?.[0]
  if (traffic.status !== 200 || !trafficPackage)
    throw new Error(`no package bought: ${JSON.stringify(traffic.body)}`)
  return {
    ...customer,
    instanceId: instance.id,
    order: bought.body.data.order,
    packageId: trafficPackage.id,
    packagePrice: traffic.body.data.order.total,
  }
}

/**
 * A top-up the customer paid at the (sandbox) gateway whose notify never arrived: the gateway has it
 * paid, our order is still pending.
 */
export async function topUpPaidWithoutNotify(server: TestServer, amount = 12.5) {
  const customer = await server.newCustomer()
  const order = await createTopUp(server, customer.token, amount)
  await openCheckout(server, order.payUrl ?? '')
  await server.db.execute(
    sql`update sandbox_trades set status = 'paid' where out_trade_no = ${order.orderNo}`,
  )
  return { ...customer, order }
}

export function writes(server: TestServer): Record<string, Drive> {
  const refund = async (path: string) =>
    server.call('POST', path, {
      headers: { cookie: (await signInOperator(server, 'finance')).cookie, 'idempotency-key': randomUUID() },
      body: { reason: 'customer asked to cancel' },
    })
  return {
    'POST /api/admin/refunds/static-ip/:id': async () =>
      refund(`/api/admin/refunds/static-ip/${(await customerWithGoods(server)).instanceId}`),
    'POST /api/admin/refunds/traffic-packages/:id': async () =>
      refund(`/api/admin/refunds/traffic-packages/${(await customerWithGoods(server)).packageId}`),
    'POST /api/admin/topups/:orderNo/mark-paid': async () =>
      refund(`/api/admin/topups/${(await topUpPaidWithoutNotify(server)).order.orderNo}/mark-paid`),
  }
}

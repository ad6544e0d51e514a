// Stocking regions and funding wallets for static-IP tests, through the same code operators use.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { users } from '../src/modules/auth/auth.schema.ts'
import { importInventoryCsv } from '../src/modules/static-ip/inventory.service.ts'
import { regions } from '../src/modules/static-ip/static-ip.schema.ts'
import { creditWallet, testRegion } from './fixtures.ts'
import type { TestServer } from './test-server.ts'

let regionCounter = 0
let addressCounter = 0

/** A new region (25.00 per 30 days unless told) stocked with `addresses` fresh addresses served by `node`. */
export async function stockRegion(
  server: TestServer,
  addresses: number,
  pricePer30Days = 25_00,
  node = 'node-a',
) {
  const id = `t${++regionCounter}-${randomUUID().slice(0, 6)}`
  await server.db.insert(regions).values(testRegion(id, pricePer30Days))
  const lines = Array.from({ length: addresses }, () => {
    const n = ++addressCounter
    return `${id},10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255},${20_000 + (n % 1000)},${node}`
  })
  const result = await importInventoryCsv(server.db, ['region_id,ip,port,node', ...lines].join('\n'))
  expect(result).toEqual({ imported: addresses, rejected: [] })
  return id
}

/** Credits a customer's wallet through a ledger adjustment. */
export async function fund(server: TestServer, email: string, cents: number) {
  const [user] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) throw new Error(`no user ${email}`)
  await creditWallet(server.db, user.id, cents)
}

export type Bought = {
  order: { orderNo: string; total: number; kind: string; quantity: number }
  instances: {
    id: string
    ip: string
    port: number
    username: string
    password: string
    uuid: string
    expiresAt: string
    protocol: string
    lineInstanceName: string
    status: string
  }[]
}

export function buy(
  server: TestServer,
  token: string,
  body: Record<string, unknown>,
  key: string = randomUUID(),
) {
  return server.call<Bought>('POST', '/api/orders/static-ip', {
    token,
    body,
    headers: { 'idempotency-key': key },
  })
}

/** A funded customer with two paid orders: a 30-day static IP and a 10 GB traffic package. */
export async function customerWithOrders(server: TestServer, email?: string) {
  const customer = await server.newCustomer(email)
  await fund(server, customer.email, 200_00)
  const region = await stockRegion(server, 2)
  const bought = await buy(server, customer.token, {
    regionId: region,
    quantity: 1,
    durationDays: 30,
    protocol: 'socks5',
  })
  expect(bought.status).toBe(200)
  const traffic = await server.call('POST', '/api/orders/traffic', {
    token: customer.token,
    body: { planId: 'gb-10', quantity: 1 },
    headers: { 'idempotency-key': randomUUID() },
  })
  expect(traffic.status).toBe(200)
  return customer
}

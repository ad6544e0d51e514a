// A valid request for each customer action that is not the account's own (its suspend, restore and
// adjustment are driven in admin-routes.test.ts): an address replacement and a password-reset mail.
// The audit test in admin-routes.test.ts drives every one and checks its audit row.
import { type Drive, signInOperator } from '../operators.ts'
import { buy, fund, stockRegion } from '../static-ip.ts'
import type { TestServer } from '../test-server.ts'

/** A customer's id, found by their email as an operator (of the cookie given, else a new one) finds it. */
export async function customerIdOf(server: TestServer, email: string, cookie?: string): Promise<string> {
  cookie ??= (await signInOperator(server, 'support')).cookie
  const found = await server.call<{ items: { id: string }[] }>(
    'GET',
    `/api/admin/customers?q=${encodeURIComponent(email)}`,
    { headers: { cookie } },
  )
  const id = found.body.data.items[0]?.id
  if (!id) throw new Error(`no customer ${email}`)
  return id
}

/**
 * A customer who bought one static IP (30 days) in a new region stocked with `stock` addresses on
 * `node` (the rest stay free for a replacement), or in the region given.
 */
export async function customerWithIp(
  server: TestServer,
  stock: number | { regionId: string } = 2,
  node = 'node-a',
) {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 25_00)
  const regionId = typeof stock === 'number' ? await stockRegion(server, stock, 25_00, node) : stock.regionId
  const bought = await buy(server, customer.token, {
    regionId,
    quantity: 1,
    durationDays: 30,
    protocol: 'socks5',
  })
  const instance = bought.body.data.instances[0]
  if (bought.status !== 200 || !instance) throw new Error(`no IP bought: ${JSON.stringify(bought.body)}`)
  return { ...customer, regionId, instance }
}

export function writes(server: TestServer): Record<string, Drive> {
  return {
    'POST /api/admin/instances/:id/replace': async () => {
      const { instance } = await customerWithIp(server)
      const { cookie } = await signInOperator(server, 'operator')
      return server.call('POST', `/api/admin/instances/${instance.id}/replace`, {
        headers: { cookie },
        body: { reason: 'address listed on a spam blacklist' },
      })
    },
    'POST /api/admin/customers/:id/password-reset': async () => {
      const customer = await server.newCustomer()
      const { cookie } = await signInOperator(server, 'support')
      const id = await customerIdOf(server, customer.email, cookie)
      return server.call('POST', `/api/admin/customers/${id}/password-reset`, {
        headers: { cookie },
        body: { reason: 'customer called: lost access to the mailbox link' },
      })
    },
  }
}

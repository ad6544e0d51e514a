// Operator actions for a customer: their static IPs, replacing an address from the inventory (the
// customer's own replacement without its cooldown, onto a chosen or the next free address, picked up
// by the node pull, audited), and the password-reset mail of "forgot password", whose link works.
import { randomUUID } from 'node:crypto'
import type { AddressReplacement, CustomerStaticIp } from '@proxy/contract/admin/customers'
import { errorCatalogue } from '@proxy/contract/errors'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { desc, eq, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailedToken, mailsTo } from '../../../test/account-mail.ts'
import { customerIdOf, customerWithIp } from '../../../test/admin-writes/customers.writes.ts'
import { signInOperator } from '../../../test/operators.ts'
import { stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { addNode } from '../nodes/nodes.service.ts'
import { ipInventory, ipReplacements, proxyInstances } from '../static-ip/static-ip.schema.ts'
import { operatorAuditLog } from './admin.schema.ts'

let server: TestServer
let operatorCookie: string
let supportCookie: string
beforeAll(async () => {
  server = await startTestServer()
  operatorCookie = (await signInOperator(server, 'operator')).cookie
  supportCookie = (await signInOperator(server, 'support')).cookie
})
afterAll(() => server.close())

const REASON = 'address listed on a spam blacklist'

const replace = (id: string, body: Record<string, unknown> = { reason: REASON }, cookie = operatorCookie) =>
  server.call<AddressReplacement>('POST', `/api/admin/instances/${id}/replace`, { headers: { cookie }, body })

async function addressesOf(regionId: string) {
  return server.db
    .select({ id: ipInventory.id, ip: ipInventory.ip, status: ipInventory.status })
    .from(ipInventory)
    .where(eq(ipInventory.regionId, regionId))
}

async function addressIdOf(ip: string) {
  const [row] = await server.db.select({ id: ipInventory.id }).from(ipInventory).where(eq(ipInventory.ip, ip))
  if (!row) throw new Error(`no address ${ip}`)
  return row.id
}

async function latestAudit(action: string) {
  const [row] = await server.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.action, action))
    .orderBy(desc(operatorAuditLog.at))
    .limit(1)
  return row
}

/** Addresses held by more than one unreleased instance (there must be none). */
async function doublyHeld() {
  return server.db
    .select({ inventoryId: proxyInstances.inventoryId })
    .from(proxyInstances)
    .where(ne(proxyInstances.status, 'released'))
    .groupBy(proxyInstances.inventoryId)
    .having(sql`count(*) > 1`)
}

describe("a customer's static IPs", () => {
  it('are listed for an operator without their credentials', async () => {
    const { email, instance } = await customerWithIp(server)
    const id = await customerIdOf(server, email, supportCookie)
    const answer = await server.call<{ items: CustomerStaticIp[]; total: number }>(
      'GET',
      `/api/admin/customers/${id}/static-ips?status=active`,
      { headers: { cookie: supportCookie } },
    )
    expect(answer.status).toBe(200)
    expect(answer.body.data.total).toBe(1)
    expect(answer.body.data.items[0]).toMatchObject({ id: instance.id, ip: instance.ip, status: 'active' })
    expect(JSON.stringify(answer.body)).not.toContain(instance.password)
    expect(answer.body.data.items[0]).not.toHaveProperty('username')
    const unknown = await server.call('GET', `/api/admin/customers/${randomUUID()}/static-ips`, {
      headers: { cookie: supportCookie },
    })
    expect(unknown.status).toBe(404)
  })
})

describe('replacing an address from the inventory', () => {
  it('moves the IP to the next free address, keeping expiry and credentials; the old one cools; audited', async () => {
    const { email, instance, regionId } = await customerWithIp(server, 3)
    const id = await customerIdOf(server, email, supportCookie)
    const answer = await replace(instance.id)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const moved = answer.body.data
    expect(moved.customerId).toBe(id)
    expect(moved.oldAddress.ip).toBe(instance.ip)
    expect(moved.newAddress.ip).not.toBe(instance.ip)
    expect(moved.instance).toMatchObject({
      id: instance.id,
      ip: moved.newAddress.ip,
      expiresAt: instance.expiresAt,
    })
    expect(JSON.stringify(answer.body)).not.toContain(instance.password)

    const [row] = await server.db.select().from(proxyInstances).where(eq(proxyInstances.id, instance.id))
    expect(row).toMatchObject({
      inventoryId: moved.newAddress.id,
      username: instance.username,
      password: instance.password,
      uuid: instance.uuid,
      status: 'active',
    })
    const statuses = Object.fromEntries(
      (await addressesOf(regionId)).map((address) => [address.ip, address.status]),
    )
    expect(statuses[instance.ip]).toBe('cooling')
    expect(statuses[moved.newAddress.ip]).toBe('allocated')
    expect(Object.values(statuses).filter((status) => status === 'available')).toHaveLength(1)

    // Recorded as the customer's own replacement is: the order's history shows it.
    const records = await server.db
      .select()
      .from(ipReplacements)
      .where(eq(ipReplacements.instanceId, instance.id))
    expect(records).toEqual([
      expect.objectContaining({
        userId: id,
        oldIp: instance.ip,
        newIp: moved.newAddress.ip,
        reason: 'other',
      }),
    ])
    const audit = await latestAudit('instances.replace')
    expect(audit).toMatchObject({
      target: `instance:${instance.id}`,
      reason: REASON,
      before: expect.objectContaining({ ip: instance.ip, addressId: moved.oldAddress.id }),
      after: expect.objectContaining({ ip: moved.newAddress.ip, addressId: moved.newAddress.id }),
    })
  })

  it("is not bound by the customer's cooldown", async () => {
    const { token, instance } = await customerWithIp(server, 3)
    const own = await server.call('POST', `/api/proxy/instances/${instance.id}/replace`, {
      token,
      body: { reason: 'blocked' },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(own.status).toBe(200)
    const again = await server.call('POST', `/api/proxy/instances/${instance.id}/replace`, {
      token,
      body: { reason: 'blocked' },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(again.body.code).toBe(errorCatalogue.REPLACEMENT_TOO_SOON.code)
    const operator = await replace(instance.id)
    expect(operator.status, JSON.stringify(operator.body)).toBe(200)
  })

  it('moves onto the chosen available address of the same region, and refuses any other', async () => {
    const { instance, regionId } = await customerWithIp(server, 4)
    const free = (await addressesOf(regionId)).filter((address) => address.status === 'available')
    const chosen = free.at(-1)
    if (!chosen) throw new Error('nothing free')
    const answer = await replace(instance.id, { reason: REASON, addressId: chosen.id })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data.newAddress).toMatchObject({ id: chosen.id, ip: chosen.ip })

    const conflict = async (addressId: string) => {
      const refused = await replace(instance.id, { reason: REASON, addressId })
      expect(refused.status).toBe(409)
      expect(refused.body.code).toBe(errorCatalogue.INVENTORY_STATE_CONFLICT.code)
    }
    await conflict(await addressIdOf(instance.ip)) // cooling now
    await conflict(chosen.id) // its own, allocated
    const elsewhere = await stockRegion(server, 1)
    await conflict((await addressesOf(elsewhere))[0]?.id ?? '')
    await conflict(randomUUID())
    // Nothing moved.
    const [row] = await server.db.select().from(proxyInstances).where(eq(proxyInstances.id, instance.id))
    expect(row?.inventoryId).toBe(chosen.id)
  })

  it('refuses when the region has no free address, and a non-active or unknown IP', async () => {
    const { instance } = await customerWithIp(server, 1)
    const none = await replace(instance.id)
    expect(none.status).toBe(409)
    expect(none.body.code).toBe(errorCatalogue.NO_REPLACEMENT_ADDRESS.code)

    const other = await customerWithIp(server, 2)
    await server.db
      .update(proxyInstances)
      .set({ status: 'expired' })
      .where(eq(proxyInstances.id, other.instance.id))
    const expired = await replace(other.instance.id)
    expect(expired.status).toBe(409)
    expect(expired.body.code).toBe(errorCatalogue.INSTANCE_NOT_REPLACEABLE.code)

    expect((await replace(randomUUID())).status).toBe(404)
    const noReason = await replace(other.instance.id, {})
    expect(noReason.status).toBe(400)
    const support = await replace(other.instance.id, { reason: REASON }, supportCookie)
    expect(support.status).toBe(403)
  })

  it('reaches the node: its next pull serves the IP on the new address with the same credentials', async () => {
    const node = `op-move-${randomUUID().slice(0, 6)}`
    const { token } = await addNode(server.db, node, 'move.example.com')
    const pull = async (cursor?: string) => {
      const path = cursor ? `/api/node/v1/users?cursor=${encodeURIComponent(cursor)}` : '/api/node/v1/users'
      const answer = await server.call<NodeUsers>('GET', path, { token })
      expect(answer.status).toBe(200)
      return answer.body.data
    }
    const { instance } = await customerWithIp(server, 2, node)
    const before = await pull()
    expect(before.instances.find((row) => row.id === instance.id)?.ip).toBe(instance.ip)
    const answer = await replace(instance.id)
    expect(answer.status).toBe(200)
    const after = await pull(before.cursor)
    expect(after.instances).toEqual([
      expect.objectContaining({
        id: instance.id,
        ip: answer.body.data.newAddress.ip,
        port: answer.body.data.newAddress.port,
        username: instance.username,
        password: instance.password,
      }),
    ])
    const snapshot = await pull()
    expect(snapshot.instances.filter((row) => row.id === instance.id).map((row) => row.ip)).toEqual([
      answer.body.data.newAddress.ip,
    ])
  })
})

describe('concurrent replacements', () => {
  it('of one IP run one after the other: one address allocated to it, the others cooling or free', async () => {
    const { instance, regionId } = await customerWithIp(server, 5)
    const answers = await Promise.all([replace(instance.id), replace(instance.id)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    const [row] = await server.db.select().from(proxyInstances).where(eq(proxyInstances.id, instance.id))
    const addresses = await addressesOf(regionId)
    const allocated = addresses.filter((address) => address.status === 'allocated')
    expect(allocated.map((address) => address.id)).toEqual([row?.inventoryId])
    expect(addresses.filter((address) => address.status === 'cooling')).toHaveLength(2)
    expect(addresses.filter((address) => address.status === 'available')).toHaveLength(2)
    // The second move started where the first ended, and ended where the instance is now. (Their
    // created_at is each transaction's start, not its commit, so the chain, not the times, orders them.)
    const records = await server.db
      .select()
      .from(ipReplacements)
      .where(eq(ipReplacements.instanceId, instance.id))
    expect(records).toHaveLength(2)
    const [one, two] = records
    const [first, second] = one?.newIp === two?.oldIp ? [one, two] : [two, one]
    expect(first?.newIp).toBe(second?.oldIp)
    expect(second?.newIp).toBe(allocated[0]?.ip)
    expect(first?.oldIp).toBe(instance.ip)
    expect(await doublyHeld()).toEqual([])
  })

  it('onto one chosen address: one wins, the other is told the address is taken', async () => {
    const { instance, regionId } = await customerWithIp(server, 3)
    const chosen = (await addressesOf(regionId)).find((address) => address.status === 'available')
    if (!chosen) throw new Error('nothing free')
    const body = { reason: REASON, addressId: chosen.id }
    const answers = await Promise.all([replace(instance.id, body), replace(instance.id, body)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)?.body.code).toBe(
      errorCatalogue.INVENTORY_STATE_CONFLICT.code,
    )
    const addresses = await addressesOf(regionId)
    expect(
      addresses.filter((address) => address.status === 'allocated').map((address) => address.id),
    ).toEqual([chosen.id])
    expect(await doublyHeld()).toEqual([])
  })

  it("of two customers' IPs onto one chosen address hand it to one of them only", async () => {
    const regionId = await stockRegion(server, 3)
    const first = await customerWithIp(server, { regionId })
    const second = await customerWithIp(server, { regionId })
    const chosen = (await addressesOf(first.regionId)).find((address) => address.status === 'available')
    if (!chosen) throw new Error('nothing free')
    const body = { reason: REASON, addressId: chosen.id }
    const answers = await Promise.all([replace(first.instance.id, body), replace(second.instance.id, body)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const holders = await server.db
      .select({ id: proxyInstances.id })
      .from(proxyInstances)
      .where(eq(proxyInstances.inventoryId, chosen.id))
    expect(holders).toHaveLength(1)
    expect(await doublyHeld()).toEqual([])
  })
})

describe('a password-reset mail sent by an operator', () => {
  it('is the mail "forgot password" sends, its link resets the password, and the audit keeps no token', async () => {
    const customer = await server.newCustomer()
    const id = await customerIdOf(server, customer.email, supportCookie)
    const answer = await server.call('POST', `/api/admin/customers/${id}/password-reset`, {
      headers: { cookie: supportCookie },
      body: { reason: 'customer called: cannot sign in' },
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data).toEqual({ email: customer.email })

    const resets = (await mailsTo(server, customer.email)).filter((mail) => mail.subject.includes('Reset'))
    expect(resets).toHaveLength(1)
    expect(resets[0]?.subject).toBe('重置密码 / Reset your password')
    const token = await mailedToken(server, customer.email, ACCOUNT_PAGES.resetPassword)
    expect(token).toBeDefined()

    const audit = await latestAudit('customers.password-reset')
    expect(audit).toMatchObject({
      target: `customer:${id}`,
      reason: 'customer called: cannot sign in',
      after: { resetMailTo: customer.email },
    })
    expect(JSON.stringify(audit)).not.toContain(token)
    expect(JSON.stringify(answer.body)).not.toContain(token)

    const reset = await server.call('POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'a brand new passphrase' },
    })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    expect((await server.call('GET', '/api/user/me', { token: customer.token })).status).toBe(401)
    const signIn = await server.call('POST', '/api/auth/login', {
      body: { email: customer.email, password: 'a brand new passphrase' },
    })
    expect(signIn.status).toBe(200)
  })

  it('is refused for an unknown customer, without a reason, and to a role without the permission', async () => {
    const unknown = await server.call('POST', `/api/admin/customers/${randomUUID()}/password-reset`, {
      headers: { cookie: supportCookie },
      body: { reason: 'customer called' },
    })
    expect(unknown.status).toBe(404)
    const customer = await server.newCustomer()
    const id = await customerIdOf(server, customer.email, supportCookie)
    const noReason = await server.call('POST', `/api/admin/customers/${id}/password-reset`, {
      headers: { cookie: supportCookie },
      body: {},
    })
    expect(noReason.status).toBe(400)
    const operator = await server.call('POST', `/api/admin/customers/${id}/password-reset`, {
      headers: { cookie: operatorCookie },
      body: { reason: 'customer called' },
    })
    expect(operator.status).toBe(403)
    expect(await mailsTo(server, customer.email)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ subject: '重置密码 / Reset your password' })]),
    )
  })
})

// A replacement reaches the proxy nodes through their pull: the node now serving the instance gets it
// on the new address, and a node it left drops it, on the same node or across nodes.
import { randomUUID } from 'node:crypto'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import type { ReplaceInstanceIpResult } from '@proxy/contract/static-ip/replacement'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { addNode } from '../nodes/nodes.service.ts'
import { importInventoryCsv } from './inventory.service.ts'
import { ipInventory } from './static-ip.schema.ts'

let server: TestServer
let tokenA: string
let tokenB: string
beforeAll(async () => {
  server = await startTestServer()
  tokenA = (await addNode(server.db, 'move-a', 'a.example.com')).token
  tokenB = (await addNode(server.db, 'move-b', 'b.example.com')).token
})
afterAll(() => server.close())

async function pull(token: string, cursor?: string) {
  const path = cursor ? `/api/node/v1/users?cursor=${encodeURIComponent(cursor)}` : '/api/node/v1/users'
  const answer = await server.call<NodeUsers>('GET', path, { token })
  expect(answer.status).toBe(200)
  return answer.body.data
}

async function customerWithIp(regionId: string) {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 25_00)
  const bought = await buy(server, customer.token, {
    regionId,
    quantity: 1,
    durationDays: 30,
    protocol: 'socks5',
  })
  expect(bought.status).toBe(200)
  const instance = bought.body.data.instances[0]
  if (!instance) throw new Error('nothing bought')
  return { ...customer, instance }
}

async function replace(token: string, id: string) {
  const answer = await server.call<ReplaceInstanceIpResult>('POST', `/api/proxy/instances/${id}/replace`, {
    token,
    body: { reason: 'blocked' },
    headers: { 'idempotency-key': randomUUID() },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id)

describe('a replacement in the node pull', () => {
  it('serves the instance on the new address of the same node, with the same credentials', async () => {
    const region = await stockRegion(server, 3, 25_00, 'move-a')
    const { token, instance } = await customerWithIp(region)
    const before = await pull(tokenA)
    expect(before.instances.find((row) => row.id === instance.id)?.ip).toBe(instance.ip)

    const { instance: moved } = await replace(token, instance.id)
    const after = await pull(tokenA, before.cursor)
    expect(after.full).toBe(false)
    expect(after.instances).toEqual([
      expect.objectContaining({
        id: instance.id,
        ip: moved.ip,
        port: moved.port,
        username: instance.username,
        password: instance.password,
        uuid: instance.uuid,
      }),
    ])
    expect(after.removedInstances).toEqual([])
    // A fresh snapshot has it only on the new address.
    const snapshot = await pull(tokenA)
    const served = snapshot.instances.filter((row) => row.id === instance.id)
    expect(served.map((row) => row.ip)).toEqual([moved.ip])
    expect(snapshot.instances.map((row) => row.ip)).not.toContain(instance.ip)
  })

  it('moves the instance between nodes: the old node drops it, the new node gets it', async () => {
    const region = await stockRegion(server, 1, 25_00, 'move-a')
    const { token, instance } = await customerWithIp(region)
    // The only free address of the region is on the other node.
    const imported = await importInventoryCsv(
      server.db,
      ['region_id,ip,port,node', `${region},10.98.0.1,30000,move-b`].join('\n'),
    )
    expect(imported.rejected).toEqual([])
    const a = await pull(tokenA)
    const b = await pull(tokenB)
    expect(ids(a.instances)).toContain(instance.id)
    expect(ids(b.instances)).not.toContain(instance.id)

    const { instance: moved } = await replace(token, instance.id)
    expect(moved.ip).toBe('10.98.0.1')
    const [address] = await server.db.select().from(ipInventory).where(eq(ipInventory.ip, moved.ip))
    expect(address?.node).toBe('move-b')

    const aAfter = await pull(tokenA, a.cursor)
    expect(ids(aAfter.instances)).not.toContain(instance.id)
    expect(aAfter.removedInstances).toEqual([instance.id])
    const bAfter = await pull(tokenB, b.cursor)
    expect(bAfter.instances).toEqual([
      expect.objectContaining({
        id: instance.id,
        ip: '10.98.0.1',
        port: 30000,
        username: instance.username,
        password: instance.password,
      }),
    ])
    expect(bAfter.removedInstances).toEqual([])
    // Snapshots agree.
    expect(ids((await pull(tokenA)).instances)).not.toContain(instance.id)
    expect(ids((await pull(tokenB)).instances)).toContain(instance.id)
  })
})

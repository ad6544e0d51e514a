// A valid request for each operations write (nodes, inventory), from a fresh state: the audit test
// in admin-routes.test.ts drives every one and checks its audit row.
import { randomUUID } from 'node:crypto'
import type { Drive } from '../operators.ts'
import { signInOperator } from '../operators.ts'
import { stockRegion } from '../static-ip.ts'
import type { TestServer } from '../test-server.ts'

const uniqueName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`

async function newNode(server: TestServer, cookie: string) {
  const added = await server.call<{ node: { id: string } }>('POST', '/api/admin/nodes', {
    headers: { cookie },
    body: { name: uniqueName('node'), host: 'node.example.com' },
  })
  if (added.status !== 200) throw new Error(`node not added: ${JSON.stringify(added.body)}`)
  return added.body.data.node.id
}

let addressCounter = 0
const freshAddress = () => {
  const n = ++addressCounter
  return `198.51.${(n >> 8) & 255}.${n & 255}`
}

/** A stocked address of a new region, free (available), and the operator's cookie. */
async function stockedAddress(server: TestServer) {
  const cookie = (await signInOperator(server, 'operator')).cookie
  const regionId = await stockRegion(server, 1)
  const listed = await server.call<{ items: { id: string }[] }>(
    'GET',
    `/api/admin/inventory?regionId=${regionId}`,
    {
      headers: { cookie },
    },
  )
  const id = listed.body.data.items[0]?.id
  if (!id) throw new Error(`nothing stocked in ${regionId}`)
  return { id, cookie, regionId }
}

export function writes(server: TestServer): Record<string, Drive> {
  const operator = async () => (await signInOperator(server, 'operator')).cookie
  return {
    'POST /api/admin/nodes': async () =>
      server.call('POST', '/api/admin/nodes', {
        headers: { cookie: await operator() },
        body: { name: uniqueName('node'), host: '203.0.113.7' },
      }),
    'POST /api/admin/nodes/:id/rotate-token': async () => {
      const cookie = await operator()
      const id = await newNode(server, cookie)
      return server.call('POST', `/api/admin/nodes/${id}/rotate-token`, { headers: { cookie } })
    },
    'POST /api/admin/nodes/:id/revoke': async () => {
      const cookie = await operator()
      const id = await newNode(server, cookie)
      return server.call('POST', `/api/admin/nodes/${id}/revoke`, { headers: { cookie } })
    },
    // A port of its own each time: saving the list it already holds is no write.
    'PUT /api/admin/nodes/policy': async () =>
      server.call('PUT', '/api/admin/nodes/policy', {
        headers: { cookie: await operator() },
        body: { ports: [1024 + (++addressCounter % 60_000)], cidrs: ['203.0.113.0/24', '2001:db8::/32'] },
      }),
    'POST /api/admin/inventory/import': async () => {
      const { cookie, regionId } = await stockedAddress(server)
      return server.call('POST', '/api/admin/inventory/import', {
        headers: { cookie },
        body: { rows: [{ regionId, ip: freshAddress(), port: 1080, node: 'node-a' }], dryRun: false },
      })
    },
    'POST /api/admin/inventory/:id/retire': async () => {
      const { id, cookie } = await stockedAddress(server)
      return server.call('POST', `/api/admin/inventory/${id}/retire`, {
        headers: { cookie },
        body: { reason: 'listed on a spam blacklist' },
      })
    },
    'POST /api/admin/inventory/:id/restore': async () => {
      const { id, cookie } = await stockedAddress(server)
      await server.call('POST', `/api/admin/inventory/${id}/retire`, {
        headers: { cookie },
        body: { reason: 'listed on a spam blacklist' },
      })
      return server.call('POST', `/api/admin/inventory/${id}/restore`, {
        headers: { cookie },
        body: { reason: 'delisted' },
      })
    },
  }
}

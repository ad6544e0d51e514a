// The destination policy on the server: the operator's deny list (validated, normalised, audited),
// carried to the nodes by the pull (in full answers, in a delta only when it changed), and the
// refusals the nodes' heartbeats report, added up per credential and shown with masked emails.
import type { AdminDestinationPolicy, AdminNode, NodeRefusal } from '@proxy/contract/admin/nodes'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInOperator } from '../../../test/operators.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { operatorAuditLog } from '../admin/admin.schema.ts'
import { addNode } from './nodes.service.ts'

let server: TestServer
let cookie: string
let node: { id: string; token: string }
beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signInOperator(server, 'operator')).cookie
  node = await addNode(server.db, `policy-${Date.now()}`, 'edge.example.com')
})
afterAll(() => server.close())

const admin = <T>(method: string, url: string, body?: unknown) =>
  server.call<T>(method, url, { headers: { cookie }, body })
const setPolicy = (body: unknown) => admin<AdminDestinationPolicy>('PUT', '/api/admin/nodes/policy', body)
const pull = (cursor?: string) =>
  server.call<NodeUsers>('GET', `/api/node/v1/users${cursor ? `?cursor=${cursor}` : ''}`, {
    token: node.token,
  })
const beat = (refusals?: unknown) =>
  server.call('POST', '/api/node/v1/heartbeat', {
    token: node.token,
    body: {
      version: '1.0.0',
      uptimeSeconds: 5,
      openTunnels: 0,
      bytesPerSecond: 0,
      deadLetters: 0,
      pendingBatches: 0,
      ...(refusals !== undefined && { refusals }),
    },
  })

/**
 * A cursor whose delta carries no policy: one that has caught up with every policy write so far. A
 * cursor is the snapshot's xmin, and transaction ids are cluster-wide: a transaction open in another
 * database of the same PostgreSQL (another suite) holds it back, and its delta repeats what came
 * before — harmless for a node, which applies the same list again, so these checks wait it out.
 */
async function caughtUpCursor() {
  const deadline = Date.now() + 20_000
  for (;;) {
    const cursor = (await pull()).body.data.cursor
    if ((await pull(cursor)).body.data.policy === undefined) return cursor
    if (Date.now() > deadline) throw new Error('every delta still carries the policy')
    await new Promise((done) => setTimeout(done, 100))
  }
}

describe('the deny list', () => {
  it('starts empty beside the fixed SMTP ports, and reaches the nodes in a full answer', async () => {
    const shown = await admin<AdminDestinationPolicy>('GET', '/api/admin/nodes/policy')
    expect(shown.body.data).toEqual({ smtpPorts: [25, 465, 587], ports: [], cidrs: [], updatedAt: null })
    expect((await pull()).body.data.policy).toEqual({ ports: [], cidrs: [] })
  })

  it('takes ports and IPv4/IPv6 ranges, normalised, audited, and sent in the next delta only', async () => {
    const before = await caughtUpCursor()

    const saved = await setPolicy({
      ports: [6667, 22, 6667],
      cidrs: ['203.0.113.77/24', '2001:DB8::1/32', '198.51.100.7', '::ffff:192.0.2.0/120'],
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const list = {
      ports: [22, 6667],
      cidrs: ['192.0.2.0/24', '198.51.100.7', '2001:db8::/32', '203.0.113.0/24'],
    }
    expect(saved.body.data).toMatchObject(list)
    expect(saved.body.data.updatedAt).not.toBeNull()

    const delta = await pull(before)
    expect(delta.body.data).toMatchObject({ full: false, policy: list })
    // Later deltas stop carrying it (caughtUpCursor throws if they never do).
    await caughtUpCursor()

    const [audit] = await server.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.action, 'nodes.policy.set'))
      .orderBy(desc(operatorAuditLog.at))
    expect(audit).toMatchObject({
      target: 'destination-policy',
      before: { ports: [], cidrs: [] },
      after: list,
    })

    // The same list again is no write: nothing audited, nothing for the nodes.
    const cursor = await caughtUpCursor()
    expect((await setPolicy({ ports: [22, 6667], cidrs: list.cidrs })).status).toBe(200)
    expect(await server.db.$count(operatorAuditLog, eq(operatorAuditLog.action, 'nodes.policy.set'))).toBe(1)
    expect((await pull(cursor)).body.data.policy).toBeUndefined()

    // Taken off again: the next delta carries the empty list.
    expect((await setPolicy({ ports: [], cidrs: [] })).status).toBe(200)
    expect((await pull(cursor)).body.data.policy).toEqual({ ports: [], cidrs: [] })
  })

  it('refuses ports out of range, ranges that are not addresses, and unknown fields', async () => {
    for (const body of [
      { ports: [0], cidrs: [] },
      { ports: [65_536], cidrs: [] },
      { ports: [25.5], cidrs: [] },
      { ports: [], cidrs: ['203.0.113.0/33'] },
      { ports: [], cidrs: ['example.com'] },
      { ports: [], cidrs: ['2001:db8::/129'] },
      { ports: [], cidrs: [], smtp: false },
      { ports: Array.from({ length: 101 }, (_, i) => i + 1), cidrs: [] },
    ]) {
      const answer = await setPolicy(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
    }
    expect((await pull()).body.data.policy).toEqual({ ports: [], cidrs: [] })
  })
})

describe('refusals', () => {
  it('adds up each heartbeat’s refusals per credential; the node page shows the most refused, masked', async () => {
    const customer = await server.newCustomer(`lin-${Date.now()}@example.com`)
    await fund(server, customer.email, 25_00)
    const region = await stockRegion(server, 1)
    const bought = await buy(server, customer.token, {
      regionId: region,
      quantity: 1,
      durationDays: 30,
      protocol: 'socks5',
    })
    expect(bought.status, JSON.stringify(bought.body)).toBe(200)
    const instance = bought.body.data.instances[0]?.id ?? ''
    const other = await server.newCustomer()
    const me = await server.call<{ id: string }>('GET', '/api/user/me', { token: other.token })
    const account = me.body.data.id

    expect((await beat([{ kind: 'instance', id: instance, count: 3 }])).status).toBe(200)
    const second = await beat([
      { kind: 'instance', id: instance, count: 4 },
      { kind: 'traffic-account', id: account, count: 2 },
    ])
    expect(second.status).toBe(200)
    // Older gateways send no refusals at all: still a heartbeat.
    expect((await beat()).status).toBe(200)
    // One credential named twice in one heartbeat (the fuzz suite's find): added up, not a 500.
    const twice = await beat([
      { kind: 'traffic-account', id: account, count: 2_147_483_647 },
      { kind: 'traffic-account', id: account.toUpperCase(), count: 2_147_483_647 },
    ])
    expect(twice.status, JSON.stringify(twice.body)).toBe(200)

    const shown = await admin<{ items: NodeRefusal[] }>('GET', `/api/admin/nodes/${node.id}/refusals`)
    expect(shown.status).toBe(200)
    const [top, next] = shown.body.data.items
    expect(next).toMatchObject({ kind: 'instance', credentialId: instance, count: 7 })
    expect(next?.customerEmail).toBe(`li***@example.com`)
    // The traffic account's 2 + 2 × (2^31 − 1) puts it on top.
    expect(top).toMatchObject({ kind: 'traffic-account', credentialId: account, customerId: account })
    expect(top?.count).toBe(2 + 2 * 2_147_483_647)
    expect(JSON.stringify(shown.body)).not.toContain(customer.email)
    expect(JSON.stringify(shown.body)).not.toContain(other.email)

    const nodes = await admin<{ items: AdminNode[] }>('GET', '/api/admin/nodes')
    expect(nodes.body.data.items.find((item) => item.id === node.id)?.refusals).toBe(9 + 2 * 2_147_483_647)
  })

  it('refuses a malformed refusals block and stores nothing from it', async () => {
    const id = crypto.randomUUID()
    for (const refusals of [
      [{ kind: 'instance', id, count: 0 }],
      [{ kind: 'instance', id: 'not-a-uuid', count: 1 }],
      [{ kind: 'pool', id, count: 1 }],
      Array.from({ length: 1001 }, () => ({ kind: 'instance', id, count: 1 })),
    ])
      expect((await beat(refusals)).status).toBe(400)
    const shown = await admin<{ items: NodeRefusal[] }>('GET', `/api/admin/nodes/${node.id}/refusals`)
    expect(shown.body.data.items.map((item) => item.credentialId)).not.toContain(id)
  })

  it('answers 404 for a node that does not exist', async () => {
    const answer = await admin('GET', `/api/admin/nodes/${crypto.randomUUID()}/refusals`)
    expect(answer.status).toBe(404)
  })
})

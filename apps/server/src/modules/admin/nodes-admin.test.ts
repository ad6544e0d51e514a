// The operator console's nodes: tokens shown once, rotation kills the old token, revocation,
// every write audited without the token, and the health figures the node API stores.
import type { AdminNode, NodeWithToken } from '@proxy/contract/admin/nodes'
import { errorCatalogue } from '@proxy/contract/errors'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInOperator } from '../../../test/operators.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { operatorAuditLog } from './admin.schema.ts'

let server: TestServer
let cookie: string
beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signInOperator(server, 'operator')).cookie
})
afterAll(() => server.close())

const admin = <T>(method: string, url: string, body?: unknown) =>
  server.call<T>(method, url, { headers: { cookie }, body })
const list = async () => (await admin<{ items: AdminNode[] }>('GET', '/api/admin/nodes')).body.data.items
const nodeApi = (token: string) => server.call('POST', '/api/node/v1/heartbeat', { token })

let counter = 0
async function add(name = `edge-${++counter}-${Date.now()}`) {
  const answer = await admin<NodeWithToken>('POST', '/api/admin/nodes', { name, host: 'edge.example.com' })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}

describe('nodes in the operator console', () => {
  it('shows a new node token once: it works on the node API and no later answer holds it', async () => {
    const { node, token } = await add()
    expect(token).toMatch(/^nt_/)
    expect(node).toMatchObject({ status: 'down', lastSeenAt: null, revokedAt: null })
    expect((await nodeApi(token)).status).toBe(200)
    const listed = await admin('GET', '/api/admin/nodes')
    expect(JSON.stringify(listed.body)).not.toContain(token)
    expect(listed.body.data).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ id: node.id, status: 'up' })]),
    })
    const audit = await server.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, `node:${node.id}`))
    expect(audit.map((row) => row.action)).toEqual(['nodes.add'])
    expect(JSON.stringify(audit)).not.toContain(token)
  })

  it('reports what the heartbeat reported: version, open tunnels, push lag', async () => {
    const { node, token } = await add()
    const beat = await server.call('POST', '/api/node/v1/heartbeat', {
      token,
      body: {
        version: '1.4.2',
        uptimeSeconds: 120,
        openTunnels: 7,
        bytesPerSecond: 1024,
        deadLetters: 0,
        pendingBatches: 1,
      },
    })
    expect(beat.status, JSON.stringify(beat.body)).toBe(200)
    const shown = (await list()).find((item) => item.id === node.id)
    expect(shown).toMatchObject({
      version: '1.4.2',
      openTunnels: 7,
      bytesPerSecond: 1024,
      pushLagMs: null,
      lastPushAt: null,
    })
    expect(shown?.lastSeenAt).not.toBeNull()
  })

  it('shows the password-guessing figures of the last heartbeat, null before one carried them', async () => {
    const { node, token } = await add()
    expect((await list()).find((item) => item.id === node.id)?.passwordGuessing).toBeNull()
    const passwordGuessing = {
      failures: 61,
      blocks: 3,
      blockedSources: 1,
      offenders: [{ source: '203.0.113.9', failures: 20, blockedUntil: '2026-11-25T12:10:00.000Z' }],
    }
    const beat = await server.call('POST', '/api/node/v1/heartbeat', {
      token,
      body: {
        version: '1.4.3',
        uptimeSeconds: 5,
        openTunnels: 0,
        bytesPerSecond: 0,
        deadLetters: 0,
        pendingBatches: 0,
        passwordGuessing,
      },
    })
    expect(beat.status, JSON.stringify(beat.body)).toBe(200)
    expect((await list()).find((item) => item.id === node.id)?.passwordGuessing).toEqual(passwordGuessing)
  })

  it('rotates a token: the old value is refused by the node API, the new one works', async () => {
    const { node, token: old } = await add()
    const rotated = await admin<NodeWithToken>('POST', `/api/admin/nodes/${node.id}/rotate-token`)
    expect(rotated.status).toBe(200)
    const fresh = rotated.body.data.token
    expect(fresh).not.toBe(old)
    expect((await nodeApi(old)).status).toBe(401)
    expect((await nodeApi(fresh)).status).toBe(200)
    expect(JSON.stringify(await list())).not.toContain(fresh)
    const [latest] = await server.db
      .select()
      .from(operatorAuditLog)
      .orderBy(desc(operatorAuditLog.at))
      .limit(1)
    expect(latest).toMatchObject({ action: 'nodes.rotate-token', target: `node:${node.id}` })
    expect(JSON.stringify(latest)).not.toContain(fresh)
    expect(JSON.stringify(latest)).not.toContain(old)
  })

  it('revokes a node: its token stops at once, and a revoked node cannot be rotated back to life', async () => {
    const { node, token } = await add()
    const revoked = await admin<AdminNode>('POST', `/api/admin/nodes/${node.id}/revoke`)
    expect(revoked.status).toBe(200)
    expect(revoked.body.data).toMatchObject({ status: 'revoked' })
    expect(revoked.body.data.revokedAt).not.toBeNull()
    expect((await nodeApi(token)).status).toBe(401)
    const rotated = await admin('POST', `/api/admin/nodes/${node.id}/rotate-token`)
    expect(rotated.status).toBe(404)
    expect(JSON.stringify(rotated.body)).not.toMatch(/nt_/)
    // Revoking again changes nothing and writes no second audit row.
    expect((await admin('POST', `/api/admin/nodes/${node.id}/revoke`)).status).toBe(200)
    expect(await server.db.$count(operatorAuditLog, eq(operatorAuditLog.target, `node:${node.id}`))).toBe(2)
  })

  it('refuses a second active node of one name, an unknown id and a hostile name', async () => {
    const { node } = await add('edge-unique')
    const again = await admin('POST', '/api/admin/nodes', { name: 'edge-unique', host: 'b.example.com' })
    expect(again.status).toBe(400)
    expect(again.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
    await admin('POST', `/api/admin/nodes/${node.id}/revoke`)
    expect((await add('edge-unique')).node.name).toBe('edge-unique')
    expect((await admin('POST', `/api/admin/nodes/${crypto.randomUUID()}/revoke`)).status).toBe(404)
    for (const name of ['', ' ', 'a b', 'x'.repeat(65), 'é', 'a\u0000b', '-lead'])
      expect((await admin('POST', '/api/admin/nodes', { name, host: 'h.example.com' })).status, name).toBe(
        400,
      )
    expect(
      (await admin('POST', '/api/admin/nodes', { name: 'ok', host: 'h.example.com', token: 'nt_x' })).status,
    ).toBe(400)
  })

  it('is refused to a role without nodes.manage', async () => {
    const support = (await signInOperator(server, 'support')).cookie
    const answer = await server.call('POST', '/api/admin/nodes', {
      headers: { cookie: support },
      body: { name: 'nope', host: 'h.example.com' },
    })
    expect(answer.status).toBe(403)
  })
})

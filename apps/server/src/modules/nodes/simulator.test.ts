// node:simulate as a real process: an HTTP client of the node API, never a way into the database.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { GB } from '@proxy/contract/traffic/endpoints'
import type { UsageSeries } from '@proxy/contract/traffic/usage'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { fund } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { seedDemoCatalog } from '../seed/demo-catalog.ts'
import { DEMO_NODE_NAME, demoNodeTokenFile, ensureDemoNode } from '../seed/demo-node.ts'
import { trafficAccounts, trafficPackages } from '../traffic/traffic.schema.ts'
import { revokeNode } from './nodes.service.ts'
import type { SimulationResult } from './simulator.ts'

const run = promisify(execFile)
const serverDir = resolve(import.meta.dirname, '../../..')

let server: TestServer
let dataDir: string
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoCatalog(server.db)
  dataDir = mkdtempSync(join(tmpdir(), 'simulate-'))
  expect(await ensureDemoNode(server.db, dataDir)).toBe(true)
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

async function simulate(...args: string[]) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'src/cli.ts', 'node:simulate', ...args], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: dataDir, NODE_TOKEN: '' },
    })
    return { code: 0, out: stdout + stderr, stdout }
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string }
    return { code: failure.code, out: failure.stdout + failure.stderr, stdout: failure.stdout }
  }
}

async function trafficCustomer() {
  const customer = await server.newCustomer()
  await fund(server, customer.email, 30_00)
  const bought = await server.call('POST', '/api/orders/traffic', {
    token: customer.token,
    body: { planId: 'gb-10', quantity: 1 },
    headers: { 'idempotency-key': crypto.randomUUID() },
  })
  expect(bought.status).toBe(200)
  const me = await server.call<{ id: string }>('GET', '/api/user/me', { token: customer.token })
  const [account] = await server.db
    .select()
    .from(trafficAccounts)
    .where(eq(trafficAccounts.userId, me.body.data.id))
  if (!account) throw new Error('no traffic account')
  return { ...customer, id: me.body.data.id, username: account.username }
}

describe('node:simulate', () => {
  it('pushes usage through the node API that the packages and the usage series then show', async () => {
    const c = await trafficCustomer()
    const answer = await simulate(
      '--url',
      server.baseUrl,
      '--minutes',
      '3',
      '--mb',
      '50',
      '--only',
      c.username,
      '--json',
    )
    expect(answer.code, answer.out).toBe(0)
    const result = JSON.parse(answer.stdout.trim().split('\n').at(-1) ?? '') as SimulationResult
    expect(result.reports).toBe(3)
    const pushed = result.perCredential[c.id] as number
    expect(pushed).toBe(result.upBytes + result.downBytes)
    expect(pushed).toBeGreaterThan(3 * 25 * 1024 * 1024)

    const [pack] = await server.db.select().from(trafficPackages).where(eq(trafficPackages.userId, c.id))
    expect(pack?.usedBytes).toBe(BigInt(pushed))
    const hourAgo = new Date(Date.now() - 3600_000).toISOString()
    const inAnHour = new Date(Date.now() + 3600_000).toISOString()
    const series = await server.call<UsageSeries>(
      'GET',
      `/api/proxy/instances/traffic-usage?from=${hourAgo}&to=${inAnHour}&scope=traffic-account`,
      { token: c.token },
    )
    expect(series.body.data.totals).toEqual({ upBytes: result.upBytes, downBytes: result.downBytes })
  }, 60_000)

  it('stops serving an account the server disables when its package runs out', async () => {
    const c = await trafficCustomer()
    const answer = await simulate('--url', server.baseUrl, '--minutes', '10', '--mb', '6000', '--only', c.id)
    expect(answer.code, answer.out).toBe(0)
    expect(answer.out).toContain('Simulation: pushed')
    expect(answer.out).toContain(`Disabled by the server: ${c.id}`)
    const [pack] = await server.db.select().from(trafficPackages).where(eq(trafficPackages.userId, c.id))
    expect(pack).toMatchObject({ usedBytes: BigInt(10 * GB), status: 'exhausted' })
    const [account] = await server.db.select().from(trafficAccounts).where(eq(trafficAccounts.userId, c.id))
    expect(account?.overageBytes).toBeGreaterThan(0n)
  }, 60_000)

  it('says clearly when it has no token or no server to talk to', async () => {
    const noToken = mkdtempSync(join(tmpdir(), 'simulate-empty-'))
    const missing = await run('npx', ['tsx', 'src/cli.ts', 'node:simulate', '--url', server.baseUrl], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: noToken, NODE_TOKEN: '' },
    }).catch((error: { code: number; stderr: string }) => error)
    expect((missing as { code: number }).code).toBe(1)
    expect((missing as { stderr: string }).stderr).toContain('No node token')
    const down = await simulate('--url', 'http://127.0.0.1:9', '--minutes', '1')
    expect(down.code).toBe(1)
    expect(down.out).toContain('is the server running at that URL?')
    expect((await simulate('--minutes', 'lots')).code).toBe(2)
  }, 60_000)

  it('keeps the demo node’s token across restarts and replaces a revoked one', async () => {
    const token = readFileSync(demoNodeTokenFile(dataDir), 'utf8')
    expect(await ensureDemoNode(server.db, dataDir)).toBe(false)
    expect(readFileSync(demoNodeTokenFile(dataDir), 'utf8')).toBe(token)
    await revokeNode(server.db, DEMO_NODE_NAME)
    expect(await ensureDemoNode(server.db, dataDir)).toBe(true)
    expect(readFileSync(demoNodeTokenFile(dataDir), 'utf8')).not.toBe(token)
  })
})

// Sub-users of a traffic account, end to end on loopback: the real API, a gateway of two workers,
// real clients (curl, the socks package). A sub-user logs in on the pool port over SOCKS5 and HTTP,
// with the sticky-session options; its limit, auto-stop and tunnel cap stop it on the node's leases
// (within 1 MiB, within seconds), as does the account login's auto-stop; a disabled or deleted one
// is refused within 5 s; and the sub-users' bytes add up exactly to what the account was billed.
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from './free-port.ts'
import { curl, getViaSocks, openSocksTunnel, type ProxyLogin, socksOutcome } from './inbound/test-clients.ts'
import { type Api, startApi } from './sync/test-api.ts'
import { type GatewayProcess, spawnGateway } from './test-process.ts'
import { eventually, listenOn, msUntilClose, testGatewaySettings } from './test-sockets.ts'

const MiB = 1024 * 1024
const POOL_EXITS = ['127.0.14.1', '127.0.14.2', '127.0.14.3']
const SINK_HOST = '127.0.0.219'
/** The bounds: a limit cuts off within 1 MiB of overshoot, a removal within 5 s. */
const OVERSHOOT_BOUND = MiB
const CUT_OFF_MS = 5000

let api: Api
let gateway: GatewayProcess
let poolPort: number
let spoolDir: string
const ports = { firehose: 0, quiet: 0, echo: 0, whoami: 0 }
const servers: net.Server[] = []
const open: net.Socket[] = []

beforeAll(async () => {
  api = await startApi({ firstAddress: 130, poolExits: POOL_EXITS })
  const chunk = Buffer.alloc(256 * 1024, 's')
  const listen = listenOn(SINK_HOST, servers)
  ports.firehose = await listen(
    net.createServer((socket) => {
      socket.on('error', () => {})
      const pump = () => {
        while (!socket.destroyed && socket.write(chunk)) {}
      }
      socket.on('drain', pump)
      pump()
    }),
  )
  ports.quiet = await listen(net.createServer((socket) => socket.on('error', () => {})))
  ports.echo = await listen(net.createServer((socket) => socket.on('error', () => {}).pipe(socket)))
  ports.whoami = await listen(
    http.createServer((request, response) =>
      response.end(request.socket.remoteAddress?.replace(/^::ffff:/, '')),
    ),
  )
  poolPort = await freePort()
  spoolDir = mkdtempSync(join(tmpdir(), 'gateway-sub-users-'))
  gateway = spawnGateway({
    ...testGatewaySettings({
      apiUrl: api.baseUrl,
      nodeToken: api.nodeToken,
      poolPorts: [poolPort],
      spoolDir,
    }),
    GATEWAY_WORKERS: '2',
  })
  await gateway.accepting('127.0.0.1', poolPort)
}, 60_000)

afterAll(async () => {
  for (const socket of open) socket.destroy()
  await gateway?.stop()
  for (const server of servers) server.close()
  await api?.close()
  rmSync(spoolDir, { recursive: true, force: true })
  rmSync(`${spoolDir}-v2ray`, { recursive: true, force: true })
})

type Customer = Awaited<ReturnType<Api['trafficCustomer']>>
type SubUser = { id: string; username: string; password: string; status: string }

const pool = (login: { username: string; password: string }): ProxyLogin => ({
  host: '127.0.0.1',
  port: poolPort,
  username: login.username,
  password: login.password,
})

async function createSubUser(customer: Customer, body: Record<string, unknown> = {}) {
  const username = `sub-${crypto.randomUUID().slice(0, 8)}`
  const answer = await api.call<SubUser>('POST', '/api/user/sub-users', {
    token: customer.token,
    body: { username, ...body },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}

const quiet = () => ({ host: SINK_HOST, port: ports.quiet })
/** Waits until the pool takes (or refuses, `granted` false) the login; a probe to the quiet sink spends nothing. */
const outcomeBecomes = (login: ProxyLogin, granted: boolean, ms = 20_000) =>
  eventually(
    () => socksOutcome(login, quiet()),
    (outcome) => (outcome === 'granted') === granted,
    ms,
  )

/** One tunnel to the firehose: bytes received until the gateway closed it, and when it closed. */
async function drink(login: ProxyLogin) {
  const socket = await openSocksTunnel(login, { host: SINK_HOST, port: ports.firehose })
  const started = Date.now()
  let received = 0
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length
  })
  await new Promise((done) => socket.once('close', done))
  return { received, ms: Date.now() - started }
}

/** Sends `bytes` through one tunnel to the echo sink and reads them back: exactly `bytes` each way. */
async function echo(login: ProxyLogin, bytes: number) {
  const socket = await openSocksTunnel(login, { host: SINK_HOST, port: ports.echo })
  let received = 0
  const back = new Promise<void>((done) =>
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received >= bytes) done()
    }),
  )
  socket.write(Buffer.alloc(bytes, 'e'))
  await back
  socket.destroy()
  expect(received).toBe(bytes)
}

const usageQuery = () =>
  new URLSearchParams({
    from: new Date(Date.now() - 3600_000).toISOString(),
    to: new Date(Date.now() + 3600_000).toISOString(),
  })
async function subUserUsage(customer: Customer, id: string) {
  const answer = await api.call<{ totals: { upBytes: number; downBytes: number } }>(
    'GET',
    `/api/user/sub-users/${id}/usage?${usageQuery()}`,
    { token: customer.token },
  )
  expect(answer.status).toBe(200)
  return answer.body.data.totals
}
async function accountUsage(customer: Customer) {
  const answer = await api.call<{ totals: { upBytes: number; downBytes: number } }>(
    'GET',
    `/api/proxy/instances/traffic-usage?${usageQuery()}&scope=traffic-account`,
    { token: customer.token },
  )
  return answer.body.data.totals
}
const getSubUser = async (customer: Customer, id: string) =>
  (
    await api.call<SubUser & { pausedUntil: string | null }>('GET', `/api/user/sub-users/${id}`, {
      token: customer.token,
    })
  ).body.data

describe('sub-users on the pool port', () => {
  it('log in over SOCKS5 and HTTP, leave from the pool, and keep a sticky exit', async () => {
    const customer = await api.trafficCustomer()
    const sub = await createSubUser(customer)
    expect(await outcomeBecomes(pool(sub), true)).toBe('granted')
    const whoami = `http://${SINK_HOST}:${ports.whoami}/`
    expect(POOL_EXITS).toContain(await getViaSocks(pool(sub), whoami))
    const login = `${encodeURIComponent(sub.username)}:${encodeURIComponent(sub.password)}`
    for (const args of [
      ['-x', `http://${login}@127.0.0.1:${poolPort}`, whoami],
      ['-p', '-x', `http://${login}@127.0.0.1:${poolPort}`, whoami],
    ]) {
      const answer = await curl(args)
      expect(answer.stderr, args.join(' ')).toBe('')
      expect(POOL_EXITS).toContain(answer.stdout)
    }
    // Rotating by default; one exit for the whole session with the sticky options.
    const exits = async (username: string) => {
      const seen: string[] = []
      for (let i = 0; i < 6; i++) seen.push(await getViaSocks({ ...pool(sub), username }, whoami))
      return new Set(seen)
    }
    expect((await exits(sub.username)).size).toBeGreaterThan(1)
    const sticky = await exits(`${sub.username}-session-team_7-sessTime-5`)
    expect(sticky.size).toBe(1)
    expect(POOL_EXITS).toContain([...sticky][0])
    expect((await exits(`${sub.username}-session-other`)).size).toBe(1)
    // A wrong password, and the customer's own login beside it still works.
    expect(await socksOutcome({ ...pool(sub), password: 'wrong-password' }, quiet())).not.toBe('granted')
    expect(await socksOutcome(pool(customer), quiet())).toBe('granted')
  }, 60_000)

  it("adds the sub-users' bytes up exactly to what the account was billed", async () => {
    const customer = await api.trafficCustomer()
    const [first, second] = [await createSubUser(customer), await createSubUser(customer)]
    await outcomeBecomes(pool(first), true)
    await outcomeBecomes(pool(second), true)
    const sizes = { first: 300_123, second: 512 * 1024 + 7, own: 100_001 }
    await echo(pool(first), sizes.first)
    await echo(pool(second), sizes.second)
    await echo(pool(customer), sizes.own)
    const total = sizes.first + sizes.second + sizes.own
    const billed = await eventually(
      () => accountUsage(customer),
      (totals) => totals.upBytes >= total,
      20_000,
    )
    expect(billed).toEqual({ upBytes: total, downBytes: total })
    expect(await subUserUsage(customer, first.id)).toEqual({ upBytes: sizes.first, downBytes: sizes.first })
    expect(await subUserUsage(customer, second.id)).toEqual({
      upBytes: sizes.second,
      downBytes: sizes.second,
    })
    // The packages paid exactly that much.
    const packages = await api.call<{ summary: { remainingBytes: number } }>(
      'GET',
      '/api/user/traffic-packages',
      {
        token: customer.token,
      },
    )
    expect(packages.body.data.summary.remainingBytes).toBe(10 * 1024 ** 3 - 2 * total)
  }, 60_000)

  it('stops a sub-user at its limit within 1 MiB and seconds, and takes it back when the limit is raised', async () => {
    const customer = await api.trafficCustomer()
    const limit = 8 * MiB
    const sub = await createSubUser(customer, { limit: { bytes: limit, period: 'day' } })
    await outcomeBecomes(pool(sub), true)
    const streams = await Promise.all([drink(pool(sub)), drink(pool(sub)), drink(pool(sub))])
    const received = streams.reduce((sum, stream) => sum + stream.received, 0)
    console.log(`sub-user limit: received ${received} B of ${limit} B`)
    expect(received - limit).toBeLessThanOrEqual(OVERSHOOT_BOUND)
    expect(received).toBeGreaterThan(limit - MiB)
    for (const stream of streams) expect(stream.ms).toBeLessThan(CUT_OFF_MS)
    expect(await socksOutcome(pool(sub), quiet())).not.toBe('granted')
    expect(
      (
        await eventually(
          () => getSubUser(customer, sub.id),
          (s) => s.status === 'spent',
          20_000,
        )
      ).status,
    ).toBe('spent')
    // Its account is not spent: the customer's own login goes on.
    expect(await socksOutcome(pool(customer), quiet())).toBe('granted')
    const raised = await api.call('PATCH', `/api/user/sub-users/${sub.id}`, {
      token: customer.token,
      body: { limit: { bytes: limit * 4, period: 'day' } },
    })
    expect(raised.status).toBe(200)
    expect(await outcomeBecomes(pool(sub), true, CUT_OFF_MS)).toBe('granted')
  }, 60_000)

  it('pauses a sub-user and the account login at their auto-stop caps until lifted', async () => {
    const customer = await api.trafficCustomer()
    const cap = 2 * MiB
    const sub = await createSubUser(customer, { autoStopBytes: cap })
    await outcomeBecomes(pool(sub), true)
    const { received } = await drink(pool(sub))
    expect(received - cap).toBeLessThanOrEqual(OVERSHOOT_BOUND)
    const paused = await eventually(
      () => getSubUser(customer, sub.id),
      (s) => s.status === 'paused',
      20_000,
    )
    expect(Date.parse(paused.pausedUntil ?? '')).toBeGreaterThan(Date.now())
    expect(await socksOutcome(pool(sub), quiet())).not.toBe('granted')
    const lifted = await api.call('POST', `/api/user/sub-users/${sub.id}/lift-auto-stop`, {
      token: customer.token,
    })
    expect(lifted.status).toBe(200)
    expect(await outcomeBecomes(pool(sub), true, CUT_OFF_MS)).toBe('granted')

    // The account's own login: paused at its cap, while its sub-users go on.
    const set = await api.call('PUT', '/api/user/traffic-account/auto-stop', {
      token: customer.token,
      body: { dailyBytes: cap },
    })
    expect(set.status).toBe(200)
    expect(await eventually(() => gatewayCapsLogin(customer), Boolean, 10_000)).toBe(true)
    // A few pulls later the gateway holds it too.
    await new Promise((done) => setTimeout(done, 1000))
    const own = await drink(pool(customer))
    expect(own.received - cap).toBeLessThanOrEqual(OVERSHOOT_BOUND)
    // Refused once the pause the server books from the push reaches the gateway: within the cut-off,
    // as the sub-user above (the leases already held the bytes to the cap).
    expect(await outcomeBecomes(pool(customer), false, CUT_OFF_MS)).not.toBe('granted')
    expect(await socksOutcome(pool(sub), quiet())).toBe('granted')
    await api.call('POST', '/api/user/traffic-account/auto-stop/lift', { token: customer.token })
    expect(await outcomeBecomes(pool(customer), true, CUT_OFF_MS)).toBe('granted')
  }, 90_000)

  it('refuses a disabled or deleted sub-user within 5 s, closing its tunnels, and keeps its history', async () => {
    const customer = await api.trafficCustomer()
    const sub = await createSubUser(customer)
    await outcomeBecomes(pool(sub), true)
    await echo(pool(sub), 4096)

    let tunnel = await openSocksTunnel(pool(sub), quiet())
    open.push(tunnel)
    let closing = msUntilClose(tunnel)
    await api.call('PATCH', `/api/user/sub-users/${sub.id}`, {
      token: customer.token,
      body: { disabled: true },
    })
    expect(await closing).toBeLessThan(CUT_OFF_MS)
    expect(await socksOutcome(pool(sub), quiet())).not.toBe('granted')
    await api.call('PATCH', `/api/user/sub-users/${sub.id}`, {
      token: customer.token,
      body: { disabled: false },
    })
    expect(await outcomeBecomes(pool(sub), true, CUT_OFF_MS)).toBe('granted')

    tunnel = await openSocksTunnel(pool(sub), quiet())
    open.push(tunnel)
    closing = msUntilClose(tunnel)
    const deleted = await api.call('DELETE', `/api/user/sub-users/${sub.id}`, { token: customer.token })
    expect(deleted.status).toBe(200)
    expect(await closing).toBeLessThan(CUT_OFF_MS)
    expect(await socksOutcome(pool(sub), quiet())).not.toBe('granted')
    expect(
      await eventually(
        () => subUserUsage(customer, sub.id),
        (t) => t.upBytes >= 4096,
        20_000,
      ),
    ).toEqual({
      upBytes: 4096,
      downBytes: 4096,
    })
  }, 60_000)

  it('holds a sub-user to its own tunnel cap across both workers', async () => {
    const customer = await api.trafficCustomer()
    const sub = await createSubUser(customer, { maxTunnels: 3 })
    await outcomeBecomes(pool(sub), true)
    const results = await Promise.all(
      Array.from({ length: 8 }, () => openSocksTunnel(pool(sub), quiet()).catch((error: Error) => error)),
    )
    const accepted = results.filter((result): result is net.Socket => result instanceof net.Socket)
    open.push(...accepted)
    expect(accepted).toHaveLength(3)
    for (const refused of results.filter((result) => result instanceof Error))
      expect((refused as Error).message).toBe('Socks5 proxy rejected connection - NotAllowed')
    accepted[0]?.destroy()
    expect(await outcomeBecomes(pool(sub), true, CUT_OFF_MS)).toBe('granted')
  }, 60_000)
})

/** Whether the node pull carries the customer's login cap (as the gateway reads it). */
async function gatewayCapsLogin(customer: Customer) {
  const answer = await api.call<{ trafficAccounts: { id: string; capBytes?: number }[] }>(
    'GET',
    '/api/node/v1/users',
    {
      headers: { authorization: `Bearer ${api.nodeToken}` },
    },
  )
  return answer.body.data.trafficAccounts.some(
    (account) => account.id === customer.id && account.capBytes !== undefined,
  )
}

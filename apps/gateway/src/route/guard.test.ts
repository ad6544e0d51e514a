// Password guessing against the gateway: the real API, a gateway in one process with a short block,
// and real clients (the socks package, node's HTTP client, curl) from loopback addresses of their
// own. Then the guard's parts alone: the shares of several planes, the bounded tables, the check.
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadGatewayConfig } from '../config.ts'
import { freePort } from '../free-port.ts'
import { type Gateway, startGateway } from '../gateway.ts'
import { curl } from '../inbound/test-clients.ts'
import { type Api, startApi } from '../sync/test-api.ts'
import { silentLog } from '../test-log.ts'
import { eventually, testGatewaySettings } from '../test-sockets.ts'
import { createNodeGuard, createPlaneGuard, guardConnection, MAX_SOURCES, sourceOf } from './guard.ts'
import { guess, httpLogin, httpOutcome, type Outcome, socksLogin, tally } from './test-guessing.ts'

const LIMIT = 20
const BLOCK_MS = 4000
/** Logins in flight at once: those that passed the first check before the limit was reached are still refused (without hashing), but look wrong to the client. */
const CONCURRENCY = 8
const SINK_HOST = '127.0.0.206'
let api: Api
let gateway: Gateway
let spoolDir: string
let sink: http.Server
let sinkPort: number
let poolPort: number
const destination = () => ({ host: SINK_HOST, port: sinkPort })

beforeAll(async () => {
  api = await startApi({ firstAddress: 30 })
  sink = http.createServer((request, response) => {
    request.resume()
    response.end('sink')
  })
  sinkPort = await new Promise<number>((done) =>
    sink.listen(0, SINK_HOST, () => done((sink.address() as net.AddressInfo).port)),
  )
  poolPort = await freePort()
  spoolDir = mkdtempSync(join(tmpdir(), 'gateway-guard-'))
  gateway = await startGateway(
    loadGatewayConfig({
      ...testGatewaySettings({
        apiUrl: api.baseUrl,
        nodeToken: api.nodeToken,
        poolPorts: [poolPort],
        spoolDir,
      }),
      GATEWAY_AUTH_FAILURE_LIMIT: String(LIMIT),
      GATEWAY_AUTH_FAILURE_WINDOW_MS: '60000',
      GATEWAY_AUTH_BLOCK_MS: String(BLOCK_MS),
    }),
    silentLog,
  )
})

afterAll(async () => {
  await gateway?.close()
  sink?.close()
  await api?.close()
  rmSync(spoolDir, { recursive: true, force: true })
  rmSync(`${spoolDir}-v2ray`, { recursive: true, force: true })
})

/** The first LIMIT logins (and those in flight with them) are checked, all later ones refused. */
function expectBlockedAfterTheLimit(outcomes: Outcome[]) {
  const { granted, wrong, refused } = tally(outcomes)
  expect(granted).toBe(0)
  expect(wrong).toBeGreaterThanOrEqual(LIMIT)
  expect(wrong).toBeLessThan(LIMIT + CONCURRENCY)
  expect(refused).toBe(outcomes.length - wrong)
  expect(outcomes.slice(LIMIT + CONCURRENCY)).not.toContain('wrong')
}

type Figures = { failures: number; blocks: number; blockedSources: number }
type Offender = { source: string; failures: number; blockedUntil: string | null }

/** After a heartbeat (the planes' last failures handed over first): the figures the server stored. */
async function storedFigures() {
  await gateway.flush()
  await gateway.heartbeat()
  const [row] = await api.query<{ name: string; password_guessing: Figures & { offenders: Offender[] } }>(
    'select name, password_guessing from nodes where password_guessing is not null',
  )
  if (!row) throw new Error('no node stored password-guessing figures')
  return { name: row.name, figures: row.password_guessing }
}

/** A customer's static IP the gateway already serves. */
async function servedInstance() {
  const { token, instance } = await api.staticIpCustomer()
  await eventually(
    () => gateway.listening(),
    (list) => list.includes(`${instance.ip}:${instance.port}`),
  )
  return { token, instance, entry: { host: instance.ip, port: instance.port } }
}

describe('a source guessing passwords', () => {
  it('over SOCKS5 on a static IP: refused before its password after the limit, even a right one, until the block ends; others unaffected', async () => {
    const { instance, entry } = await servedInstance()
    const right = { username: instance.username, password: instance.password }
    const wrong = { username: instance.username, password: 'not-the-password' }
    const socks = (login: typeof right, from: string) => socksLogin(entry, login, from, destination())
    expect(await socks(right, '127.0.0.66')).toBe('granted')

    const started = Date.now()
    const outcomes = await guess(200, () => socks(wrong, '127.0.0.66'), CONCURRENCY)
    // The limit's worth are checked and found wrong (the heartbeat's figures below count exactly the
    // limit); every later one is refused before the password is sent.
    expectBlockedAfterTheLimit(outcomes)
    // The right password from the blocked source is refused as well, while the block lasts.
    expect(await socks(right, '127.0.0.66')).toBe('refused')
    expect(Date.now() - started).toBeLessThan(BLOCK_MS)
    // Another source, with the same credential or its own wrong one, is unaffected.
    expect(await socks(right, '127.0.0.77')).toBe('granted')
    expect(await socks(wrong, '127.0.0.77')).toBe('wrong')
    const viaCurl = await curl([
      '--interface',
      '127.0.0.77',
      '-x',
      `socks5h://${right.username}:${right.password}@${entry.host}:${entry.port}`,
      `http://${SINK_HOST}:${sinkPort}/`,
    ])
    expect(viaCurl.stdout).toBe('sink')

    // Once the block has run out the source gets in again with the right password.
    const after = await eventually(
      () => socks(right, '127.0.0.66'),
      (outcome) => outcome === 'granted',
      BLOCK_MS + 5000,
    )
    expect(after).toBe('granted')
    expect(Date.now() - started).toBeGreaterThanOrEqual(BLOCK_MS)
  })

  it('over HTTP on the pool entry: 429 with a clear body and Connection: close after the limit, the right password included', async () => {
    const account = await api.trafficCustomer()
    await gateway.pull()
    const entry = { host: '127.0.0.1', port: poolPort }
    const right = { username: account.username, password: account.password }
    const wrong = { username: account.username, password: 'guess-0001' }
    const get = (login: typeof right, from: string) => httpLogin(entry, login, from, destination())
    expect(
      (
        await eventually(
          () => get(right, '127.0.0.67'),
          (answer) => answer.status === 200,
        )
      ).body,
    ).toBe('sink')

    const started = Date.now()
    const outcomes = await guess(200, async () => httpOutcome(await get(wrong, '127.0.0.67')), CONCURRENCY)
    expectBlockedAfterTheLimit(outcomes)
    const refused = await get(right, '127.0.0.67')
    expect(refused.status).toBe(429)
    expect(refused.headers.connection).toBe('close')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.body).toMatch(/Too many wrong proxy passwords from this address/)
    expect(Date.now() - started).toBeLessThan(BLOCK_MS)
    // The same source is refused on every entry and protocol: the block is the node's.
    const { instance, entry: staticEntry } = await servedInstance()
    expect(
      await socksLogin(
        staticEntry,
        { username: instance.username, password: instance.password },
        '127.0.0.67',
        destination(),
      ),
    ).toBe('refused')
    expect((await get(right, '127.0.0.78')).status).toBe(200)
  })

  it('never refuses a source its whitelist lets in, and counts nothing against it there', async () => {
    const { token, instance, entry } = await servedInstance()
    const added = await api.call('POST', '/api/user/ip-whitelist', {
      token,
      body: { source: '127.0.0.88/32' },
    })
    expect(added.status).toBe(200)
    const wrong = { username: instance.username, password: 'stale-password' }
    const withoutPassword = () =>
      curl([
        '--interface',
        '127.0.0.88',
        '-x',
        `socks5h://${entry.host}:${entry.port}`,
        `http://${SINK_HOST}:${sinkPort}/`,
      ])
    expect((await eventually(withoutPassword, (result) => result.stdout === 'sink')).stdout).toBe('sink')
    // A stale password from a whitelisted source still opens its IP: no failure, whatever the number.
    expect(
      tally(await guess(LIMIT + 5, () => socksLogin(entry, wrong, '127.0.0.88', destination()))),
    ).toEqual({
      granted: LIMIT + 5,
      wrong: 0,
      refused: 0,
    })
    // Guessing elsewhere blocks it there, yet its whitelisted IP still lets it in without a password.
    const pool = { host: '127.0.0.1', port: poolPort }
    const outcomes = await guess(LIMIT + 5, async () =>
      httpOutcome(await httpLogin(pool, { username: 'nobody', password: 'x' }, '127.0.0.88', destination())),
    )
    expect(tally(outcomes)).toEqual({ granted: 0, wrong: LIMIT, refused: 5 })
    expect((await withoutPassword()).stdout).toBe('sink')
  })

  it('reports the failures, the blocks and the worst sources with the heartbeat; the server keeps them and /metrics shows them', async () => {
    const { instance, entry } = await servedInstance()
    const before = await storedFigures()
    const wrong = { username: instance.username, password: 'wrong' }
    const outcomes = await guess(
      3 * LIMIT,
      () => socksLogin(entry, wrong, '127.0.0.99', destination()),
      CONCURRENCY,
    )
    expectBlockedAfterTheLimit(outcomes)
    const { name, figures } = await storedFigures()
    // Exactly the limit's worth of passwords were checked, however many were in flight.
    expect(figures.failures - before.figures.failures).toBe(LIMIT)
    expect(figures.blocks - before.figures.blocks).toBe(1)
    expect(figures.blockedSources).toBeGreaterThanOrEqual(1)
    const offender = figures.offenders.find((each) => each.source === '127.0.0.99')
    expect(offender).toMatchObject({ failures: LIMIT })
    expect(Date.parse(offender?.blockedUntil ?? '')).toBeGreaterThan(Date.now())

    const metrics = await (await fetch(`${api.baseUrl}/metrics`)).text()
    expect(metrics).toContain(`proxy_gateway_password_failures_total{node="${name}"} ${figures.failures}`)
    expect(metrics).toContain(`proxy_gateway_password_blocks_total{node="${name}"} ${figures.blocks}`)
    expect(metrics).toContain(`proxy_gateway_blocked_sources{node="${name}"} ${figures.blockedSources}`)
  })
})

describe('the guard', () => {
  const settings = { limit: 20, windowMs: 60_000, blockMs: 600_000 }

  it('holds a source in each of two planes once it has used its share, until the node has counted', () => {
    let now = 1_000_000
    const node = createNodeGuard({ ...settings, now: () => now })
    const planes = [0, 1].map(() => createPlaneGuard({ ...settings, planes: 2, now: () => now }))
    const [a, b] = planes as [ReturnType<typeof createPlaneGuard>, ReturnType<typeof createPlaneGuard>]
    let accepted = 0
    const attempt = (plane: typeof a) => {
      if (plane.refusedUntil('192.0.2.9') > 0) return
      accepted += 1
      plane.recordFailure('192.0.2.9')
    }
    const report = (plane: typeof a) => {
      const failures = plane.drain()
      if (failures.length === 0) return
      const update = node.add(failures)
      for (const each of planes) each.receive(update)
      plane.receive({ ...update, levels: [], blocks: [], heard: failures })
    }
    // A burst at one plane: half the limit, then held until the next report.
    for (let i = 0; i < 50; i++) attempt(a)
    expect(accepted).toBe(10)
    // Reports every 250 ms while both planes are hammered: the node stops at the limit.
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 50; i++) attempt(round % 3 === 0 ? b : a)
      report(a)
      report(b)
      now += 250
    }
    expect(accepted).toBe(LIMIT)
    expect(a.refusedUntil('192.0.2.9')).toBe(b.refusedUntil('192.0.2.9'))
    expect(a.refusedUntil('192.0.2.9')).toBeGreaterThan(now + 500_000)
    expect(node.figures()).toMatchObject({
      failures: LIMIT,
      blocks: 1,
      blockedSources: 1,
      offenders: [{ source: '192.0.2.9', failures: LIMIT }],
    })
    // After the block it starts afresh.
    now += settings.blockMs
    expect(a.refusedUntil('192.0.2.9')).toBe(0)
    expect(node.figures().blockedSources).toBe(0)
  })

  it('lets a source fail at the pace of the limit per window without a block', () => {
    let now = 0
    const node = createNodeGuard({ ...settings, now: () => now })
    const plane = createPlaneGuard({ ...settings, planes: 1, now: () => now })
    for (let i = 0; i < 200; i++) {
      expect(plane.refusedUntil('192.0.2.10')).toBe(0)
      plane.recordFailure('192.0.2.10')
      const failures = plane.drain()
      plane.receive({ ...node.add(failures), heard: failures })
      now += 3100
    }
    expect(node.figures()).toMatchObject({ failures: 200, blocks: 0 })
  })

  it('keeps its tables bounded under a flood of distinct sources', () => {
    const plane = createPlaneGuard({ ...settings, planes: 1 })
    const node = createNodeGuard(settings)
    for (let i = 0; i < 3 * MAX_SOURCES; i++) {
      const source = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
      plane.recordFailure(source)
      node.add([[source, LIMIT]])
    }
    expect(plane.drain().length).toBeLessThanOrEqual(MAX_SOURCES)
    const welcome = node.welcome()
    expect(welcome.levels.length).toBeLessThanOrEqual(MAX_SOURCES)
    expect(welcome.blocks.length).toBeLessThanOrEqual(MAX_SOURCES)
    expect(node.figures().offenders).toHaveLength(10)
  })

  it('never checks the password of a refused source, and counts no failure its whitelist covers', () => {
    const plane = createPlaneGuard({ ...settings, limit: 2, planes: 1 })
    const check = vi.fn((_entry, _username, password: string, onWrong: () => void) => {
      if (password !== 'right') onWrong()
      return password === 'right' ? { kind: 'instance' as const, id: 'i1', version: 'v1' } : null
    })
    const entry = { address: '127.0.0.2', port: 1080 }
    const stranger = guardConnection(plane, '192.0.2.20', check, () => null)
    expect(stranger.authenticate(entry, 'u', 'wrong')).toBeNull()
    expect(stranger.authenticate(entry, 'u', 'wrong')).toBeNull()
    expect(stranger.refusedUntil()).toBeGreaterThan(0)
    check.mockClear()
    expect(stranger.authenticate(entry, 'u', 'right')).toBeNull()
    expect(check).not.toHaveBeenCalled()

    const grant = { kind: 'instance' as const, id: 'i2', version: 'v1' }
    const friend = guardConnection(plane, '192.0.2.21', check, () => grant)
    for (let i = 0; i < 5; i++) friend.authenticate(entry, 'u', 'stale')
    expect(friend.refusedUntil()).toBe(0)
    expect(guardConnection(plane, '192.0.2.21', check, () => null).refusedUntil()).toBe(0)
  })

  it('counts an IPv6 source by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(sourceOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(sourceOf('2001:DB8:1:2::ffff')).toBe('2001:db8:1:2::/64')
    expect(sourceOf('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(sourceOf('198.51.100.7')).toBe('198.51.100.7')
  })
})

// The gateway as it runs on a node: `main.ts` as a node:cluster primary with two workers, a real
// process tree. Connections spread over both workers, their counts merge into exact usage, a
// password reset cuts tunnels in every worker, and a killed worker is replaced.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from './free-port.ts'
import { curl, getViaSocks } from './inbound/test-clients.ts'
import { type Api, startApi } from './sync/test-api.ts'
import { type GatewayProcess, spawnGateway } from './test-process.ts'
import {
  msUntilClose,
  type SinkTally,
  tallySink,
  testGatewaySettings,
  eventually as waitFor,
} from './test-sockets.ts'

const SINK_HOST = '127.0.0.203'
const POOL_EXITS = ['127.0.13.1', '127.0.13.2', '127.0.13.3']
let poolPort: number
let whoamiPort: number
const BODY = 'y'.repeat(20_000)
let api: Api
let gateway: GatewayProcess
let spoolDir: string
const sinks: http.Server[] = []
let sinkPort: number
const seen: SinkTally[] = []
/** Every byte the sink received and sent, over all its connections. */
const sinkBytes = () => seen.reduce((sum, entry) => sum + entry.received + entry.sent, 0)
const sink = http.createServer((request, response) => {
  request.resume()
  response.end(BODY)
})
sink.on('connection', (socket) => tallySink(socket, seen))

const eventually = <T>(read: () => Promise<T> | T, check: (value: T) => boolean) =>
  waitFor(read, check, 20_000)

const workerPids = () => gateway.workerPids()

beforeAll(async () => {
  api = await startApi({ firstAddress: 80, poolExits: POOL_EXITS })
  sinkPort = await new Promise<number>((done) =>
    sink.listen(0, SINK_HOST, () => done((sink.address() as net.AddressInfo).port)),
  )
  const whoami = http.createServer((request, response) => response.end(request.socket.remoteAddress))
  sinks.push(whoami)
  whoamiPort = await new Promise<number>((done) =>
    whoami.listen(0, SINK_HOST, () => done((whoami.address() as net.AddressInfo).port)),
  )
  poolPort = await freePort()
  spoolDir = mkdtempSync(join(tmpdir(), 'gateway-cluster-'))
  gateway = spawnGateway({
    ...testGatewaySettings({
      apiUrl: api.baseUrl,
      nodeToken: api.nodeToken,
      poolPorts: [poolPort, await freePort()],
      spoolDir,
    }),
    GATEWAY_WORKERS: '2',
  })
  await eventually(workerPids, (pids) => pids.length === 2)
}, 60_000)

afterAll(async () => {
  await gateway?.stop()
  sink.close()
  for (const server of sinks) server.close()
  await api?.close()
  rmSync(spoolDir, { recursive: true, force: true })
  rmSync(`${spoolDir}-v2ray`, { recursive: true, force: true })
})

describe('the gateway as a cluster', () => {
  it('accepts on every worker and merges their counts into exact usage', async () => {
    const { token, instance } = await api.staticIpCustomer()
    const line = `socks5h://${encodeURIComponent(instance.username)}:${encodeURIComponent(instance.password)}@${instance.ip}:${instance.port}`
    const get = () => curl(['-sS', '--max-time', '5', '-x', line, `http://${SINK_HOST}:${sinkPort}/`])
    await eventually(get, (result) => result.stdout === BODY)
    const results = await Promise.all(Array.from({ length: 24 }, get))
    for (const result of results) expect(result.stdout).toBe(BODY)
    expect(await acceptingWorkers(instance)).toEqual(new Set(workerPids()))

    const usage = await eventually(
      () => api.usage(token),
      (totals) => totals.upBytes + totals.downBytes === sinkBytes(),
    )
    expect(usage.upBytes + usage.downBytes).toBe(sinkBytes())
  }, 60_000)

  it('cuts an open tunnel in whichever worker holds it within 5 s of a password reset', async () => {
    const { token, instance } = await api.staticIpCustomer()
    await eventually(
      () =>
        curl([
          '-sS',
          '--max-time',
          '5',
          '-x',
          `socks5h://${instance.username}:${instance.password}@${instance.ip}:${instance.port}`,
          `http://${SINK_HOST}:${sinkPort}/`,
        ]),
      (result) => result.exitCode === 0,
    )
    // A CONNECT tunnel held open to the sink (which keeps the connection alive).
    const socket = net.connect(instance.port, instance.ip)
    socket.on('error', () => {})
    await new Promise((done) => socket.once('connect', done))
    const auth = Buffer.from(`${instance.username}:${instance.password}`).toString('base64')
    socket.write(`CONNECT ${SINK_HOST}:${sinkPort} HTTP/1.1\r\nProxy-Authorization: Basic ${auth}\r\n\r\n`)
    const answer = await new Promise<string>((done) =>
      socket.once('data', (chunk: Buffer) => done(chunk.toString())),
    )
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
    const closed = msUntilClose(socket)
    const reset = await api.call('POST', `/api/proxy/instances/${instance.id}/reset-credentials`, { token })
    expect(reset.status).toBe(200)
    expect(await closed).toBeLessThan(5000)
  }, 60_000)

  it('holds a sticky session on one exit across workers, and rotates the rest', async () => {
    const account = await api.trafficCustomer()
    const exitOf = (username: string) =>
      getViaSocks(
        { host: '127.0.0.1', port: poolPort, username, password: account.password },
        `http://${SINK_HOST}:${whoamiPort}/`,
      )
    await eventually(
      () => exitOf(account.username),
      (exit) => POOL_EXITS.includes(exit),
    )
    // Round-robin hands consecutive connections to different workers: both must agree.
    const sticky = `${account.username}-session-c1`
    const held = await Promise.all(Array.from({ length: 8 }, () => exitOf(sticky)))
    expect(POOL_EXITS).toContain(held[0])
    expect(new Set(held).size).toBe(1)
    const rotating = []
    for (let i = 0; i < 6; i++) rotating.push(await exitOf(account.username))
    for (const exit of rotating) expect(POOL_EXITS).toContain(exit)
    expect(new Set(rotating).size).toBeGreaterThan(1)
  }, 60_000)

  it('replaces a worker that dies, and keeps serving', async () => {
    const [victim] = workerPids()
    expect(victim).toBeDefined()
    process.kill(victim as number, 'SIGKILL')
    // A new worker loads the whole plane under tsx: on a machine busy with the rest of the suite
    // that takes far longer than here alone, so this wait is the long one.
    const after = await waitFor(
      workerPids,
      (pids) => pids.length === 2 && !pids.includes(victim as number),
      60_000,
    )
    expect(after, gateway.log()).toHaveLength(2)
    const { instance } = await api.staticIpCustomer()
    const line = `socks5h://${instance.username}:${instance.password}@${instance.ip}:${instance.port}`
    for (let i = 0; i < 6; i++) {
      const result = await eventually(
        () => curl(['-sS', '--max-time', '5', '-x', line, `http://${SINK_HOST}:${sinkPort}/`]),
        (r) => r.stdout === BODY,
      )
      expect(result.stdout).toBe(BODY)
    }
  }, 120_000)
})

/** The workers that accepted some of 40 connections held open at once (the kernel picks per connection). */
async function acceptingWorkers(entry: { ip: string; port: number }): Promise<Set<number>> {
  const held = await Promise.all(
    Array.from(
      { length: 40 },
      () =>
        new Promise<net.Socket>((done) => {
          const socket = net.connect(entry.port, entry.ip, () => done(socket))
          socket.on('error', () => {})
        }),
    ),
  )
  const workers = workerPids()
  /** Per connection, the worker holding it; none while it waits in the kernel's accept queue. */
  const holders = () =>
    execFileSync('ss', ['-tnpH', 'state', 'established', `( sport = :${entry.port} )`], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((line) => [...line.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1])))
      .map((pids) => pids.find((pid) => workers.includes(pid)))
  const accepted = await eventually(holders, (list) => list.filter(Boolean).length >= held.length)
  for (const socket of held) socket.destroy()
  return new Set(accepted.filter((pid) => pid !== undefined))
}

// v2ray's life is bound to the gateway's: a `kill -9` of the gateway's primary takes v2ray with it
// within a second (pdeathsig), and a v2ray an earlier run left behind (an older release, which
// counted vmess bytes in v2ray itself) is read and ended when the next gateway boots.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type net from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../free-port.ts'
import { type Api, startApi } from '../../sync/test-api.ts'
import { eventually, type SinkTally, tallySink, testGatewaySettings } from '../../test-sockets.ts'
import { curl } from '../test-clients.ts'
import { decodeVmessLink, startVmessClient } from './test-client.ts'
import { findExecutable, startV2ray } from './v2ray-process.ts'

const binary = findExecutable('v2ray')
const MAIN = resolve(import.meta.dirname, '../../main.ts')
const SINK_HOST = '127.0.0.203'

let api: Api
let workDir: string
let sinkPort: number
const seen: SinkTally[] = []
const servers: net.Server[] = []
const children: ChildProcess[] = []
const cleanups: (() => Promise<void>)[] = []

/** Running (a zombie waiting for its new parent to reap it is dead already). */
const isAlive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

/** Milliseconds until the process is gone, polled closely (at most `ms`). */
async function msUntilGone(pid: number, ms: number) {
  const started = Date.now()
  while (isAlive(pid) && Date.now() - started < ms) await new Promise((done) => setTimeout(done, 10))
  return Date.now() - started
}

/** `npm run gateway` as a process of its own: a primary and two workers. */
async function spawnGateway(spoolDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: resolve(import.meta.dirname, '../../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      ...testGatewaySettings({
        apiUrl: api.baseUrl,
        nodeToken: api.nodeToken,
        poolPorts: [await freePort()],
        spoolDir,
      }),
      GATEWAY_WORKERS: '2',
    },
  })
  children.push(child)
  let output = ''
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk))
  return { child, output: () => output }
}

async function exportedLink(token: string) {
  const exported = await fetch(`${api.baseUrl}/api/proxy/instances/export/vmess`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return decodeVmessLink(await exported.text())
}

async function vmessClient(token: string) {
  const client = await startVmessClient(binary ?? '', workDir, await exportedLink(token))
  cleanups.push(client.stop)
  return client
}

const fetchThrough = (socksPort: number) =>
  curl(['--max-time', '2', '-x', `socks5h://127.0.0.1:${socksPort}`, `http://${SINK_HOST}:${sinkPort}/`])

describe.runIf(binary || process.env.CI === 'true')('v2ray’s life and the gateway’s', () => {
  beforeAll(async () => {
    if (!binary) throw new Error('v2ray is not installed (apt-get install -y v2ray); CI=true requires it')
    api = await startApi({ firstAddress: 50 })
    const web = http.createServer((request, response) => {
      request.resume()
      request.on('end', () => response.end(`hello: ${'x'.repeat(30_000)}`))
    })
    web.on('connection', (socket) => tallySink(socket, seen))
    servers.push(web)
    sinkPort = await new Promise<number>((done) =>
      web.listen(0, SINK_HOST, () => done((web.address() as net.AddressInfo).port)),
    )
    workDir = mkdtempSync(join(tmpdir(), 'gateway-v2ray-life-'))
  })

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL')
    for (const stop of cleanups) await stop().catch(() => {})
    for (const server of servers) server.close()
    await api?.close()
    if (workDir) rmSync(workDir, { recursive: true, force: true })
  })

  it('dies within a second of a kill -9 of the gateway’s primary', async () => {
    const { token } = await api.staticIpCustomer('vmess')
    const spoolDir = join(workDir, 'killed')
    const gateway = await spawnGateway(spoolDir)
    const client = await vmessClient(token)
    const served = await eventually(
      () => fetchThrough(client.socksPort),
      (answer) => answer.exitCode === 0,
      40_000,
    )
    expect(served.exitCode, gateway.output()).toBe(0)
    const v2ray = Number(readFileSync(join(`${spoolDir}-v2ray`, 'v2ray.pid'), 'utf8'))
    expect(isAlive(v2ray)).toBe(true)

    gateway.child.kill('SIGKILL')
    expect(await msUntilGone(v2ray, 3_000)).toBeLessThan(1_000)
    expect(isAlive(v2ray)).toBe(false)
  }, 90_000)

  it('reads a leftover v2ray’s counters at boot, then ends it', async () => {
    const { token, instance } = await api.staticIpCustomer('vmess')
    const spoolDir = join(workDir, 'upgraded')
    const v2rayDir = `${spoolDir}-v2ray`
    mkdirSync(v2rayDir, { recursive: true })
    // The config an older release ran: v2ray counted per user and served the StatsService.
    const apiPort = await freePort()
    const configPath = join(v2rayDir, 'v2ray.json')
    writeFileSync(
      configPath,
      JSON.stringify({
        log: { loglevel: 'warning', access: 'none' },
        api: { tag: 'api', services: ['StatsService'] },
        stats: {},
        policy: { levels: { '0': { statsUserUplink: true, statsUserDownlink: true } } },
        inbounds: [
          {
            tag: 'api',
            listen: '127.0.0.1',
            port: apiPort,
            protocol: 'dokodemo-door',
            settings: { address: '127.0.0.1' },
          },
          {
            tag: 'line',
            listen: instance.ip,
            port: instance.port,
            protocol: 'vmess',
            settings: {
              clients: [{ id: (await exportedLink(token)).id, alterId: 0, level: 0, email: instance.id }],
            },
          },
        ],
        outbounds: [{ tag: 'out', protocol: 'freedom', sendThrough: instance.ip, settings: {} }],
        routing: { rules: [{ type: 'field', inboundTag: ['api'], outboundTag: 'api' }] },
      }),
    )
    const leftover = await startV2ray(binary ?? '', configPath, join(v2rayDir, 'v2ray.pid'))
    cleanups.push(leftover.stop)
    const pid = Number(readFileSync(join(v2rayDir, 'v2ray.pid'), 'utf8'))
    const client = await vmessClient(token)
    expect((await fetchThrough(client.socksPort)).exitCode).toBe(0)
    expect(await api.usage(token)).toEqual({ upBytes: 0, downBytes: 0 })

    const gateway = await spawnGateway(spoolDir)
    const sink = seen.filter((entry) => entry.peer === instance.ip)
    expect(sink).toHaveLength(1)
    const usage = await eventually(
      () => api.usage(token),
      (totals) => totals.downBytes > 0,
      20_000,
    )
    expect(usage, gateway.output()).toEqual({ upBytes: sink[0]?.received, downBytes: sink[0]?.sent })
    expect(
      await eventually(
        () => isAlive(pid),
        (alive) => !alive,
        5_000,
      ),
    ).toBe(false)
    // The new gateway serves the line itself, through its plane.
    expect(
      (
        await eventually(
          () => fetchThrough(client.socksPort),
          (answer) => answer.exitCode === 0,
          20_000,
        )
      ).exitCode,
    ).toBe(0)
    gateway.child.kill('SIGTERM')
  }, 60_000)
})

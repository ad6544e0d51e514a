// End to end on loopback: the real API, a customer who buys a vmess static IP (127.0.0.4x), the
// engine running v2ray for it, and a second v2ray as the customer's client, built from the exported
// link. The sink sees the bought address as the peer, and the meter gets what v2ray counted.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { SocksClient } from 'socks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Api, startApi } from '../../sync/test-api.ts'
import { type SinkTally, tallySink } from '../../test-sockets.ts'
import { curl } from '../test-clients.ts'
import { decodeVmessLink, startVmessClient } from './test-client.ts'
import { createVmessEngine, type VmessEngine } from './v2ray.ts'
import { findExecutable } from './v2ray-process.ts'

const binary = findExecutable('v2ray')
const SINK_HOST = '127.0.0.202'

const seen: SinkTally[] = []
const metered = new Map<string, { up: number; down: number }>()
const meter = (grant: { id: string }, up: number, down: number) => {
  const total = metered.get(grant.id) ?? { up: 0, down: 0 }
  metered.set(grant.id, { up: total.up + up, down: total.down + down })
}
const takeMetered = (id: string) => {
  const total = metered.get(id) ?? { up: 0, down: 0 }
  metered.delete(id)
  return total
}

let api: Api
/** Two customers who bought a vmess static IP before v2ray first started (one start, not two). */
let customers: Awaited<ReturnType<Api['staticIpCustomer']>>[]
let engine: VmessEngine
let workDir: string
let sinkPort: number
let echoPort: number
const servers: net.Server[] = []
/** The echo sink's sockets: one closes when v2ray, its peer, goes. */
const echoed: net.Socket[] = []
const cleanups: (() => Promise<void>)[] = []

const track = (socket: net.Socket) => tallySink(socket, seen)

const listen = (server: net.Server) =>
  new Promise<number>((resolve) => {
    servers.push(server)
    server.listen(0, SINK_HOST, () => resolve((server.address() as net.AddressInfo).port))
  })

const sinkTotals = (peer: string) =>
  seen
    .filter((entry) => entry.peer === peer)
    .reduce((sum, e) => ({ up: sum.up + e.received, down: sum.down + e.sent }), { up: 0, down: 0 })

async function pullAndSync() {
  const users = await api.call<NodeUsers>('GET', '/api/node/v1/users', { token: api.nodeToken })
  await engine.sync(users.body.data.instances)
}

async function exportedLink(token: string) {
  const exported = await fetch(`${api.baseUrl}/api/proxy/instances/export/vmess`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const client = await startVmessClient(binary ?? '', workDir, decodeVmessLink(await exported.text()))
  cleanups.push(client.stop)
  return client
}

// v2ray answers a wrong UUID by reading on until its handshake timeout: 2 s is plenty here.
const through = (socksPort: number, target: string, extra: string[] = []) =>
  curl(['--max-time', '2', '-x', `socks5h://127.0.0.1:${socksPort}`, ...extra, target])

describe.runIf(binary || process.env.CI === 'true')('vmess lines through v2ray', () => {
  beforeAll(async () => {
    if (!binary) throw new Error('v2ray is not installed (apt-get install -y v2ray); CI=true requires it')
    api = await startApi({ firstAddress: 40 })
    const web = http.createServer((request, response) => {
      request.resume()
      request.on('end', () => response.end(`hello from the sink: ${'x'.repeat(50_000)}`))
    })
    web.on('connection', track)
    sinkPort = await listen(web)
    echoPort = await listen(
      net.createServer((socket) => {
        echoed.push(socket)
        socket.on('error', () => {})
        socket.pipe(socket)
      }),
    )
    workDir = mkdtempSync(join(tmpdir(), 'gateway-vmess-'))
    engine = createVmessEngine({ workDir, allowPrivate: true, meter, log: () => {} })
    customers = [await api.staticIpCustomer('vmess'), await api.staticIpCustomer('vmess')]
    await pullAndSync()
  })

  afterAll(async () => {
    for (const stop of cleanups) await stop()
    await engine?.close()
    for (const server of servers) server.close()
    await api?.close()
    if (workDir) rmSync(workDir, { recursive: true, force: true })
  })

  it('carries the exported link from the bought address and meters what the sink exchanged', async () => {
    const { token, instance } = customers[0] ?? (await api.staticIpCustomer('vmess'))
    const client = await exportedLink(token)
    const answer = await through(client.socksPort, `http://${SINK_HOST}:${sinkPort}/`, [
      '--data-binary',
      'u'.repeat(20_000),
    ])
    expect(answer.stderr).toBe('')
    expect(answer.stdout).toMatch(/^hello from the sink/)
    expect(seen.filter((entry) => entry.peer === instance.ip)).toHaveLength(1)
    await engine.collect()
    const sink = sinkTotals(instance.ip)
    expect(sink.up).toBeGreaterThan(20_000)
    expect(takeMetered(instance.id)).toEqual(sink)
  })

  it('restarts on a credential reset within 5 s: counts kept, open tunnel cut, old link refused', async () => {
    const { token, instance } = customers[1] ?? (await api.staticIpCustomer('vmess'))
    const old = await exportedLink(token)
    const before = sinkTotals(instance.ip)
    expect((await through(old.socksPort, `http://${SINK_HOST}:${sinkPort}/`)).exitCode).toBe(0)
    const { socket } = await SocksClient.createConnection({
      proxy: { host: '127.0.0.1', port: old.socksPort, type: 5 },
      command: 'connect',
      destination: { host: SINK_HOST, port: echoPort },
    })
    socket.on('error', () => {})
    socket.write('ping')
    await new Promise((resolve) => socket.once('data', resolve))
    const upstream = echoed.find((s) => s.remoteAddress === instance.ip && !s.destroyed)
    expect(upstream).toBeDefined()
    const started = Date.now()
    const cut = new Promise<number>((resolve) => upstream?.once('close', () => resolve(Date.now() - started)))

    const reset = await api.call('POST', `/api/proxy/instances/${instance.id}/reset-credentials`, { token })
    expect(reset.status).toBe(200)
    await pullAndSync()
    // The restart cuts the tunnel at v2ray (the client closes its SOCKS side when its own timers say).
    expect(await cut).toBeLessThan(5_000)
    socket.destroy()
    // Read before the restart, without a collect(): the web request and the echoed ping.
    const web = sinkTotals(instance.ip)
    expect(takeMetered(instance.id)).toEqual({ up: web.up - before.up + 4, down: web.down - before.down + 4 })
    expect((await through(old.socksPort, `http://${SINK_HOST}:${sinkPort}/`)).exitCode).not.toBe(0)
    const renewed = await exportedLink(token)
    expect((await through(renewed.socksPort, `http://${SINK_HOST}:${sinkPort}/`)).exitCode).toBe(0)
  })

  it('refuses private destinations unless allowed', async () => {
    const strictDir = mkdtempSync(join(tmpdir(), 'gateway-vmess-strict-'))
    const logs: string[] = []
    const strict = createVmessEngine({ workDir: strictDir, meter, log: (line) => logs.push(line) })
    const instance = { id: randomUUID(), ip: '127.0.0.49', port: 1099, uuid: randomUUID() }
    const seenBefore = seen.length
    try {
      await strict.sync([
        { ...instance, owner: randomUUID(), protocol: 'vmess', username: 'u', password: 'p' },
      ])
      expect(logs).toEqual([])
      const link = { add: instance.ip, port: '1099', id: instance.uuid, aid: '0', scy: 'auto', net: 'tcp' }
      const client = await startVmessClient(binary ?? '', strictDir, link)
      cleanups.push(client.stop)
      for (const host of [SINK_HOST, 'localhost', '[::ffff:127.0.0.202]'])
        expect((await through(client.socksPort, `http://${host}:${sinkPort}/`)).exitCode).not.toBe(0)
      expect(seen.slice(seenBefore)).toEqual([])
    } finally {
      await strict.close()
      rmSync(strictDir, { recursive: true, force: true })
    }
  })
})

describe('without v2ray', () => {
  it('says so once and serves nothing', async () => {
    const logs: string[] = []
    const none = createVmessEngine({
      binary: '/nonexistent/v2ray',
      workDir: tmpdir(),
      meter,
      log: (l) => logs.push(l),
    })
    expect(none.available).toBe(false)
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatch(/not found.*SOCKS5\/HTTP only/)
    await none.sync([])
    await none.collect()
    await none.close()
  })
})

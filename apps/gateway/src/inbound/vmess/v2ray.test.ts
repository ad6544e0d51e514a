// End to end on loopback: the real API, customers who buy vmess static IPs (127.0.0.4x), a whole
// gateway (v2ray terminates vmess and hands each tunnel to the plane's relay entry), and a second
// v2ray as the customer's client, built from the exported link. What v2ray may reach, and what is
// counted, is decided by our plane alone.
import { execFileSync } from 'node:child_process'
import { createSocket } from 'node:dgram'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SocksClient } from 'socks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadGatewayConfig } from '../../config.ts'
import { freePort } from '../../free-port.ts'
import { type Gateway, startGateway } from '../../gateway.ts'
import { type Api, startApi } from '../../sync/test-api.ts'
import { capturedLog, silentLog } from '../../test-log.ts'
import { eventually, listenOn, type SinkTally, tallySink, testGatewaySettings } from '../../test-sockets.ts'
import { curl } from '../test-clients.ts'
import { hasPySocks, startUdpClient } from '../test-udp-client.ts'
import { decodeVmessLink, startVmessClient } from './test-client.ts'
import { createVmessEngine } from './v2ray.ts'
import { findExecutable } from './v2ray-process.ts'

const binary = findExecutable('v2ray')
const SINK_HOST = '127.0.0.202'

const seen: SinkTally[] = []
let api: Api
let workDir: string
let sinkPort: number
let echoPort: number
let udpEchoPort: number
/** Where the UDP echo's datagrams came from. */
const udpPeers: string[] = []
const servers: net.Server[] = []
/** The echo sink's sockets: one closes when its tunnel is cut. */
const echoed: net.Socket[] = []
const cleanups: (() => Promise<void>)[] = []

const listen = listenOn(SINK_HOST, servers)

const sinkTotals = (peer: string) =>
  seen
    .filter((entry) => entry.peer === peer)
    .reduce((sum, e) => ({ up: sum.up + e.received, down: sum.down + e.sent }), { up: 0, down: 0 })

async function startTestGateway(name: string, extra: Record<string, string> = {}) {
  const spoolDir = join(workDir, name)
  const gateway = await startGateway(
    loadGatewayConfig({
      ...testGatewaySettings({
        apiUrl: api.baseUrl,
        nodeToken: api.nodeToken,
        poolPorts: [await freePort()],
        spoolDir,
      }),
      GATEWAY_WORKERS: '1',
      ...extra,
    }),
    silentLog,
  )
  cleanups.push(() => gateway.close())
  return { gateway, workDir: `${spoolDir}-v2ray` }
}

async function exportedClient(token: string) {
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

/** Where the v2ray a gateway runs listens (`ip:port`), from `ss`. */
function v2rayListening(gatewayWorkDir: string): string[] {
  let pid: string
  try {
    pid = readFileSync(join(gatewayWorkDir, 'v2ray.pid'), 'utf8').trim()
  } catch {
    return []
  }
  return execFileSync('ss', ['-Hltunp'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => line.split(/\s+/)[4] ?? '')
}

/** Waits until v2ray serves the line (the gateway starts it at most every 5 s). */
const whenServed = (socksPort: number) =>
  eventually(
    () => through(socksPort, `http://${SINK_HOST}:${sinkPort}/`),
    (answer) => answer.exitCode === 0,
    15_000,
  )

describe.runIf(binary || process.env.CI === 'true')('vmess lines through v2ray and our plane', () => {
  let gateway: Gateway
  let gatewayDir: string

  beforeAll(async () => {
    if (!binary) throw new Error('v2ray is not installed (apt-get install -y v2ray); CI=true requires it')
    api = await startApi({ firstAddress: 40 })
    const web = http.createServer((request, response) => {
      request.resume()
      request.on('end', () => response.end(`hello from the sink: ${'x'.repeat(50_000)}`))
    })
    web.on('connection', (socket) => tallySink(socket, seen))
    sinkPort = await listen(web)
    echoPort = await listen(
      net.createServer((socket) => {
        tallySink(socket, seen)
        echoed.push(socket)
        socket.on('error', () => {})
        socket.pipe(socket)
      }),
    )
    const udpEcho = createSocket('udp4')
    udpEcho.on('message', (message, from) => {
      udpPeers.push(from.address)
      udpEcho.send(message, from.port, from.address)
    })
    udpEchoPort = await new Promise<number>((resolve) =>
      udpEcho.bind(0, SINK_HOST, () => resolve(udpEcho.address().port)),
    )
    cleanups.push(async () => {
      udpEcho.close()
    })
    workDir = mkdtempSync(join(tmpdir(), 'gateway-vmess-'))
    ;({ gateway, workDir: gatewayDir } = await startTestGateway('dev'))
  })

  afterAll(async () => {
    for (const stop of cleanups.reverse()) await stop().catch(() => {})
    for (const server of servers) server.close()
    await api?.close()
    if (workDir) rmSync(workDir, { recursive: true, force: true })
  })

  it('dials nothing itself (its only way out is the plane’s relay entry) and serves its API on a private Unix socket only', async () => {
    const { token } = await api.staticIpCustomer('vmess')
    await gateway.pull()
    await whenServed((await exportedClient(token)).socksPort)
    const config = JSON.parse(readFileSync(join(gatewayDir, 'v2ray.json'), 'utf8'))
    expect(config.api).toEqual({ tag: 'api', services: ['HandlerService'] })
    expect(config.stats).toBeUndefined()
    expect(config.routing.domainStrategy).toBe('AsIs')
    const socket = join(gatewayDir, 'api.sock')
    expect(config.inbounds[0]).toMatchObject({ tag: 'api', listen: socket })
    expect(statSync(socket).isSocket()).toBe(true)
    expect(statSync(socket).mode & 0o777).toBe(0o600)
    const ways = config.outbounds.map((o: { protocol: string; settings: { servers?: object[] } }) => [
      o.protocol,
      o.settings.servers?.map((s) => ('address' in s ? s.address : '')),
    ])
    expect(new Set(ways.map((way: unknown[]) => JSON.stringify(way)))).toEqual(
      new Set([JSON.stringify(['blackhole', null]), JSON.stringify(['socks', ['127.0.0.1']])]),
    )
    // Where the running v2ray listens over TCP or UDP: the vmess lines it serves, nothing else.
    const listening = v2rayListening(gatewayDir)
    const lines = config.inbounds
      .filter((i: { port?: number }) => i.port)
      .map((i: { listen: string; port: number }) => `${i.listen}:${i.port}`)
    expect(listening.sort()).toEqual(lines.sort())
  })

  it('meters vmess bytes in the plane, exactly, from the bought address', async () => {
    const { token, instance } = await api.staticIpCustomer('vmess')
    await gateway.pull()
    const client = await exportedClient(token)
    await whenServed(client.socksPort)
    const answer = await through(client.socksPort, `http://${SINK_HOST}:${sinkPort}/`, [
      '--data-binary',
      'u'.repeat(20_000),
    ])
    expect(answer.stdout).toMatch(/^hello from the sink/)
    const sink = sinkTotals(instance.ip)
    expect(sink.up).toBeGreaterThan(20_000)
    await gateway.flush()
    expect(
      await eventually(
        () => api.usage(token),
        (totals) => totals.downBytes >= sink.down,
      ),
    ).toEqual({ upBytes: sink.up, downBytes: sink.down })
  })

  it('cuts the open tunnel of a reset credential within 5 s and refuses the old link', async () => {
    const { token, instance } = await api.staticIpCustomer('vmess')
    await gateway.pull()
    const old = await exportedClient(token)
    await whenServed(old.socksPort)
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
    await gateway.pull()
    expect(await cut).toBeLessThan(5_000)
    socket.destroy()
    // The plane closed the old tunnels at once (above); v2ray swaps the line's UUID live.
    const refusedAt = Date.now()
    const refused = await eventually(
      () => through(old.socksPort, `http://${SINK_HOST}:${sinkPort}/`),
      (answer) => answer.exitCode !== 0,
      8_000,
    )
    expect(refused.exitCode).not.toBe(0)
    // Live, through the HandlerService: no restart to wait for.
    expect(Date.now() - refusedAt).toBeLessThan(3_000)
    const renewed = await exportedClient(token)
    expect((await whenServed(renewed.socksPort)).exitCode).toBe(0)
  })

  it('lets one customer reset their credential again and again without touching another’s tunnel', async () => {
    const a = await api.staticIpCustomer('vmess')
    const b = await api.staticIpCustomer('vmess')
    await gateway.pull()
    const clientB = await exportedClient(b.token)
    await whenServed(clientB.socksPort)
    const v2ray = readFileSync(join(gatewayDir, 'v2ray.pid'), 'utf8')
    const { socket } = await SocksClient.createConnection({
      proxy: { host: '127.0.0.1', port: clientB.socksPort, type: 5 },
      command: 'connect',
      destination: { host: SINK_HOST, port: echoPort },
    })
    socket.on('error', () => {})
    let closed = false
    socket.once('close', () => {
      closed = true
    })
    const echo = async (text: string) => {
      const answer = new Promise<string>((resolve) =>
        socket.once('data', (chunk: Buffer) => resolve(String(chunk))),
      )
      socket.write(text)
      return answer
    }
    expect(await echo('ping 0')).toBe('ping 0')
    // The server allows 5 resets an hour per line; 4 in a row is the attack, slowed down.
    for (let round = 1; round <= 4; round++) {
      const reset = await api.call('POST', `/api/proxy/instances/${a.instance.id}/reset-credentials`, {
        token: a.token,
      })
      expect(reset.status).toBe(200)
      await gateway.pull()
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(await echo(`ping ${round}`)).toBe(`ping ${round}`)
    }
    expect(closed).toBe(false)
    expect(readFileSync(join(gatewayDir, 'v2ray.pid'), 'utf8')).toBe(v2ray)
    // And A's newest link works.
    expect((await whenServed((await exportedClient(a.token)).socksPort)).exitCode).toBe(0)
    socket.destroy()
  })

  it('carries UDP on the line through the plane: from the bought address, metered', async () => {
    if (!hasPySocks()) throw new Error('python3-socks is not installed (apt-get install -y python3-socks)')
    const { token, instance } = await api.staticIpCustomer('vmess')
    await gateway.pull()
    const client = await exportedClient(token)
    await whenServed(client.socksPort)
    // The line's TCP check above is the instance's traffic too (metered as it crossed): counted apart.
    await gateway.flush()
    const before = await api.usage(token)
    const udp = await startUdpClient({ host: '127.0.0.1', port: client.socksPort })
    cleanups.push(udp.close)
    expect(udp.opened.error).toBeUndefined()
    const payload = 'datagram '.repeat(100)
    expect((await udp.send(SINK_HOST, udpEchoPort, payload)).error).toBeUndefined()
    const answer = await udp.receive(5_000)
    expect(answer.data).toBe(payload)
    expect(udpPeers).toContain(instance.ip)
    await gateway.flush()
    expect(
      await eventually(
        async () => {
          const after = await api.usage(token)
          return { upBytes: after.upBytes - before.upBytes, downBytes: after.downBytes - before.downBytes }
        },
        (totals) => totals.downBytes >= payload.length,
      ),
    ).toEqual({ upBytes: payload.length, downBytes: payload.length })
  })

  // Last: it takes the node's lines over from the development gateway.
  it('in production mode refuses loopback however it is named, and the relay entry itself', async () => {
    await gateway.close()
    const { token, instance } = await api.staticIpCustomer('vmess')
    const strict = await startTestGateway('strict', { GATEWAY_ALLOW_PRIVATE: 'false' })
    const client = await exportedClient(token)
    // A refusal must not be a line not served yet.
    await eventually(
      () => v2rayListening(strict.workDir),
      (listening) => listening.includes(`${instance.ip}:${instance.port}`),
      15_000,
    )
    const config = JSON.parse(readFileSync(join(strict.workDir, 'v2ray.json'), 'utf8'))
    const relayPort = Number(config.outbounds[1].settings.servers[0].port)
    const seenBefore = seen.length
    for (const target of [
      `http://${SINK_HOST}:${sinkPort}/`,
      `http://localhost:${sinkPort}/`,
      `http://[::ffff:127.0.0.202]:${sinkPort}/`,
      `http://127.0.0.1:${relayPort}/`,
    ])
      expect((await through(client.socksPort, target)).exitCode, target).not.toBe(0)
    expect(seen.slice(seenBefore)).toEqual([])
  })
})

describe('without v2ray', () => {
  it('says so once and serves nothing', async () => {
    const { log, lines } = capturedLog()
    const none = createVmessEngine({
      binary: '/nonexistent/v2ray',
      workDir: tmpdir(),
      relay: { address: '127.0.0.1', port: 1 },
      nodeToken: 'nt_x',
      meter: () => {},
      log,
    })
    expect(none.available).toBe(false)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 40 })
    expect(lines[0]?.msg).toMatch(/not found.*SOCKS5\/HTTP only/)
    await none.sync([])
    await none.close()
  })
})

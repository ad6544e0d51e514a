// End to end on loopback: the real API, a customer who buys a static IP (127.0.0.2x), the gateway
// serving it, real clients (curl, the socks package) through it to a local sink. The sink sees the
// bought address as the peer, and the console shows exactly the bytes the sink exchanged.
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SocksClient } from 'socks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadGatewayConfig } from './config.ts'
import { freePort } from './free-port.ts'
import { type Gateway, startGateway } from './gateway.ts'
import { curl, getViaSocks } from './inbound/test-clients.ts'
import { decodeVmessLink, startVmessClient } from './inbound/vmess/test-client.ts'
import { findExecutable } from './inbound/vmess/v2ray-process.ts'
import { type Api, startApi } from './sync/test-api.ts'
import { silentLog } from './test-log.ts'
import {
  eventually,
  listenOn,
  msUntilClose,
  type SinkTally,
  tallySink,
  testGatewaySettings,
} from './test-sockets.ts'

let api: Api
let gateway: Gateway
let spoolDir: string
let sinkPort: number
let echoPort: number
/** Answers each HTTP request with the address it came from. */
let whoamiPort: number
const POOL_EXITS = ['127.0.10.1', '127.0.10.2', '127.0.10.3']
const seen: SinkTally[] = []
const poolPorts: number[] = []
const servers: net.Server[] = []

const track = (socket: net.Socket) => tallySink(socket, seen)

// The sinks live on an address of their own: the gateway refuses its own addresses (127.0.0.1 is
// its pool host here) so that no tunnel loops back into it.
const SINK_HOST = '127.0.0.200'
const listen = listenOn(SINK_HOST, servers)

beforeAll(async () => {
  api = await startApi({ firstAddress: 20, poolExits: POOL_EXITS })
  const web = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => response.end(`hello from the sink: ${'x'.repeat(5000)}`))
  })
  web.on('connection', (socket) => track(socket))
  sinkPort = await listen(web)
  echoPort = await listen(net.createServer((socket) => socket.pipe(socket)))
  whoamiPort = await listen(
    http.createServer((request, response) =>
      response.end(request.socket.remoteAddress?.replace(/^::ffff:/, '')),
    ),
  )
  poolPorts.push(await freePort(), await freePort())
  spoolDir = mkdtempSync(join(tmpdir(), 'gateway-e2e-'))
  gateway = await startGateway(
    loadGatewayConfig(
      testGatewaySettings({ apiUrl: api.baseUrl, nodeToken: api.nodeToken, poolPorts, spoolDir }),
    ),
    silentLog,
  )
})

afterAll(async () => {
  await gateway?.close()
  for (const server of servers) server.close()
  await api?.close()
  rmSync(spoolDir, { recursive: true, force: true })
  rmSync(`${spoolDir}-v2ray`, { recursive: true, force: true })
})

/** A customer with one static IP the gateway already listens on, and its exported socks5 line. */
async function customerWithIp() {
  const { token, instance } = await api.staticIpCustomer()
  await eventually(
    () => gateway.listening(),
    (list) => list.includes(`${instance.ip}:${instance.port}`),
  )
  const exported = await fetch(`${api.baseUrl}/api/proxy/instances/export/socks5`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const line = (await exported.text()).trim()
  return { token, instance, line }
}

const sinkTotals = (peer: string) =>
  seen
    .filter((entry) => entry.peer === peer)
    .reduce((sum, entry) => ({ up: sum.up + entry.received, down: sum.down + entry.sent }), {
      up: 0,
      down: 0,
    })

describe('the gateway on a bought static IP', () => {
  it('carries the exported socks5 line and the HTTP forms, exits from the bought address, and meters exactly', async () => {
    const { token, instance, line } = await customerWithIp()
    expect(line).toMatch(new RegExp(`^socks5://[^:]+:[^@]+@${instance.ip.replaceAll('.', '\\.')}:1080#`))
    const socksUrl = line.replace(/^socks5:/, 'socks5h:').replace(/#.*$/, '')
    const proxyAuth = `${encodeURIComponent(instance.username)}:${encodeURIComponent(instance.password)}`
    const target = `http://${SINK_HOST}:${sinkPort}/hello`
    const via = (args: string[]) => curl(['-sS', '--max-time', '5', ...args])
    const httpProxy = `http://${proxyAuth}@${instance.ip}:${instance.port}`
    // Tunnels (SOCKS5, HTTP CONNECT): the payload is exactly what the sink exchanged.
    for (const args of [
      ['-x', socksUrl, target],
      ['-p', '-x', httpProxy, '--data-binary', 'x'.repeat(20_000), target],
    ]) {
      const answer = await via(args)
      expect(answer.stderr, args.join(' ')).toBe('')
      expect(answer.stdout).toMatch(/^hello from the sink/)
    }
    // Every connection the sink saw came from the bought address, not the gateway's own.
    expect(seen.filter((entry) => entry.peer === instance.ip)).toHaveLength(2)
    const tunnelled = sinkTotals(instance.ip)
    expect(tunnelled.up).toBeGreaterThan(20_000)
    await gateway.flush()
    expect(
      await eventually(
        () => api.usage(token),
        (totals) => totals.upBytes >= tunnelled.up,
      ),
    ).toEqual({ upBytes: tunnelled.up, downBytes: tunnelled.down })

    // Absolute-URI requests count what the client sent (its own request line and proxy header,
    // which the gateway rewrites) and received (the response head without the origin's hop-by-hop
    // headers): exactly the bytes curl reports having sent and received.
    const absolute = await via([
      ...['-x', httpProxy, target],
      ...['--write-out', '\n%{size_request} %{size_header} %{size_download}'],
    ])
    expect(absolute.stdout).toMatch(/^hello from the sink/)
    expect(seen.filter((entry) => entry.peer === instance.ip)).toHaveLength(3)
    const [sent = 0, head = 0, body = 0] = (absolute.stdout.split('\n').at(-1) ?? '').split(' ').map(Number)
    expect(body).toBe(5021)
    await gateway.flush()
    const usage = await eventually(
      () => api.usage(token),
      (totals) => totals.downBytes >= tunnelled.down + head + body,
    )
    expect(usage).toEqual({ upBytes: tunnelled.up + sent, downBytes: tunnelled.down + head + body })
  })

  it('refuses a wrong password and another customer’s credentials on my address', async () => {
    const mine = await customerWithIp()
    const theirs = await customerWithIp()
    const through = (user: string, password: string) =>
      curl([
        '-sS',
        '--max-time',
        '5',
        '-x',
        `socks5h://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${mine.instance.ip}:${mine.instance.port}`,
        `http://${SINK_HOST}:${sinkPort}/`,
      ])
    expect((await through(mine.instance.username, 'wrong-password')).exitCode).not.toBe(0)
    expect((await through(theirs.instance.username, theirs.instance.password)).exitCode).not.toBe(0)
    expect((await through(mine.instance.username, mine.instance.password)).exitCode).toBe(0)
  })

  it('closes an open tunnel within 5 s of a password reset, and refuses the old password', async () => {
    const { token, instance } = await customerWithIp()
    const proxy = {
      host: instance.ip,
      port: instance.port,
      type: 5 as const,
      userId: instance.username,
      password: instance.password,
    }
    const { socket } = await SocksClient.createConnection({
      proxy,
      command: 'connect',
      destination: { host: SINK_HOST, port: echoPort },
    })
    socket.write('ping')
    await new Promise((resolve) => socket.once('data', resolve))
    const closed = msUntilClose(socket)
    const reset = await api.call('POST', `/api/proxy/instances/${instance.id}/reset-credentials`, { token })
    expect(reset.status).toBe(200)
    expect(await closed).toBeLessThan(5000)
    await expect(
      SocksClient.createConnection({
        proxy,
        command: 'connect',
        destination: { host: SINK_HOST, port: echoPort },
      }),
    ).rejects.toThrow()
  })

  it('closes a kept-alive HTTP proxy connection within 5 s of a password reset', async () => {
    const { token, instance } = await customerWithIp()
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const proxyAuthorization = `Basic ${Buffer.from(`${instance.username}:${instance.password}`).toString('base64')}`
    // Node's client sends an absolute URI when `path` is one: the HTTP proxy's request-by-request form.
    const ask = () =>
      new Promise<{ body: string; socket: net.Socket; isReused: boolean }>((resolve, reject) => {
        const request = http.request(
          {
            host: instance.ip,
            port: instance.port,
            path: `http://${SINK_HOST}:${sinkPort}/`,
            headers: { 'proxy-authorization': proxyAuthorization },
            agent,
          },
          (response) => {
            let body = ''
            response.setEncoding('latin1')
            response.on('data', (chunk: string) => {
              body += chunk
            })
            response.on('end', () =>
              resolve({ body, socket: request.socket as net.Socket, isReused: request.reusedSocket }),
            )
          },
        )
        request.on('error', reject)
        request.end()
      })
    try {
      const first = await ask()
      const second = await ask()
      expect(second.body).toMatch(/^hello from the sink/)
      expect(second.isReused).toBe(true)
      expect(second.socket).toBe(first.socket)
      const closed = msUntilClose(second.socket)
      const reset = await api.call('POST', `/api/proxy/instances/${instance.id}/reset-credentials`, { token })
      expect(reset.status).toBe(200)
      expect(await closed).toBeLessThan(5000)
    } finally {
      agent.destroy()
    }
  })

  it('serves the traffic account on the pool ports', async () => {
    const account = await api.trafficCustomer()
    await gateway.pull()
    const auth = `${encodeURIComponent(account.username)}:${encodeURIComponent(account.password)}`
    for (const port of poolPorts) {
      const answer = await eventually(
        () =>
          curl([
            '-sS',
            '--max-time',
            '5',
            '-x',
            `socks5h://${auth}@127.0.0.1:${port}`,
            `http://${SINK_HOST}:${sinkPort}/`,
          ]),
        (result) => result.exitCode === 0,
      )
      expect(answer.stdout).toMatch(/^hello from the sink/)
    }
    await gateway.flush()
    const usage = await eventually(
      () => api.usage(account.token),
      (totals) => totals.downBytes > 10_000,
    )
    expect(usage.upBytes).toBeGreaterThan(0)
  })
})

describe('a vmess line on a bought static IP', () => {
  const binary = findExecutable('v2ray')
  it.runIf(binary || process.env.CI === 'true')(
    'carries the exported vmess link through v2ray, exits from the bought address, and meters exactly',
    async () => {
      if (!binary) throw new Error('v2ray is not installed (apt-get install -y v2ray); CI=true requires it')
      const { token, instance } = await api.staticIpCustomer('vmess')
      await gateway.pull()
      const exported = await fetch(`${api.baseUrl}/api/proxy/instances/export/vmess`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const client = await startVmessClient(binary, spoolDir, decodeVmessLink(await exported.text()))
      try {
        // The gateway restarts v2ray for the new line (at most every 5 s).
        const answer = await eventually(
          () =>
            curl([
              '-sS',
              '--max-time',
              '2',
              '-x',
              `socks5h://127.0.0.1:${client.socksPort}`,
              `http://${SINK_HOST}:${sinkPort}/`,
            ]),
          (result) => result.exitCode === 0,
          10_000,
        )
        expect(answer.stdout).toMatch(/^hello from the sink/)
      } finally {
        await client.stop()
      }
      const sink = sinkTotals(instance.ip)
      expect(sink.down).toBeGreaterThan(5000)
      await gateway.flush()
      expect(
        await eventually(
          () => api.usage(token),
          (totals) => totals.downBytes >= sink.down,
        ),
      ).toEqual({ upBytes: sink.up, downBytes: sink.down })
    },
    30_000,
  )
})

/** Opens a SOCKS5 tunnel to the echo sink with no credentials, from `source`; resolves once it echoes. */
async function openWithoutPassword(entry: { ip: string; port: number }, source: string) {
  const socket = net.connect({ host: entry.ip, port: entry.port, localAddress: source })
  socket.on('error', () => {})
  const read = (bytes: number) =>
    new Promise<Buffer>((resolve, reject) => {
      let buffered = Buffer.alloc(0)
      const onData = (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk])
        if (buffered.length < bytes) return
        socket.off('data', onData)
        resolve(buffered)
      }
      socket.on('data', onData)
      socket.once('close', () => reject(new Error('closed')))
    })
  await new Promise((resolve) => socket.once('connect', resolve))
  socket.write(Uint8Array.of(5, 1, 0))
  expect([...(await read(2))]).toEqual([5, 0])
  const [a, b, c, d] = SINK_HOST.split('.').map(Number) as [number, number, number, number]
  socket.write(Uint8Array.of(5, 1, 0, 1, a, b, c, d, echoPort >> 8, echoPort & 0xff))
  expect((await read(10))[1]).toBe(0)
  socket.write('ping')
  expect((await read(4)).toString()).toBe('ping')
  return socket
}

describe('the IP whitelist', () => {
  it('opens my static IP without a password from my listed sources only, and cuts those tunnels within 5 s of removal', async () => {
    const mine = await customerWithIp()
    const theirs = await customerWithIp()
    const added = await api.call<{ id: string }>('POST', '/api/user/ip-whitelist', {
      token: mine.token,
      body: { source: '127.0.11.0/24' },
    })
    expect(added.status).toBe(200)
    const whoami = (entry: { ip: string; port: number }, source: string, scheme: 'socks5h' | 'http') =>
      curl([
        '-sS',
        '--max-time',
        '5',
        '--interface',
        source,
        '-x',
        `${scheme}://${entry.ip}:${entry.port}`,
        `http://${SINK_HOST}:${whoamiPort}/`,
      ])
    const viaSocks = await eventually(
      () => whoami(mine.instance, '127.0.11.5', 'socks5h'),
      (result) => result.exitCode === 0,
    )
    expect(viaSocks.stdout).toBe(mine.instance.ip)
    expect((await whoami(mine.instance, '127.0.11.5', 'http')).stdout).toBe(mine.instance.ip)
    // Off the list, or another customer's IP: a password is still needed.
    expect((await whoami(mine.instance, '127.0.12.5', 'socks5h')).exitCode).not.toBe(0)
    expect((await whoami(mine.instance, '127.0.12.5', 'http')).stdout).not.toBe(mine.instance.ip)
    expect((await whoami(theirs.instance, '127.0.11.5', 'socks5h')).exitCode).not.toBe(0)

    const tunnel = await openWithoutPassword(mine.instance, '127.0.11.6')
    const closed = msUntilClose(tunnel)
    await api.call('DELETE', `/api/user/ip-whitelist/${added.body.data.id}`, { token: mine.token })
    expect(await closed).toBeLessThan(5000)
    expect((await whoami(mine.instance, '127.0.11.5', 'socks5h')).exitCode).not.toBe(0)
  })
})

describe('the traffic account pool', () => {
  it('leaves from a new pool exit per connection, and from one exit for a sticky session', async () => {
    const account = await api.trafficCustomer()
    await gateway.pull()
    const via = (username: string, port = poolPorts[0] ?? 0) =>
      getViaSocks(
        { host: '127.0.0.1', port, username, password: account.password },
        `http://${SINK_HOST}:${whoamiPort}/`,
      )
    await eventually(
      () => via(account.username),
      (exit) => POOL_EXITS.includes(exit),
    )
    const rotating = [await via(account.username), await via(account.username), await via(account.username)]
    for (const exit of rotating) expect(POOL_EXITS).toContain(exit)
    expect(new Set(rotating).size).toBe(3)

    const sticky = `${account.username}-session-e2e42-sessTime-5`
    const held = [await via(sticky), await via(sticky, poolPorts[1]), await via(sticky)]
    expect(POOL_EXITS).toContain(held[0])
    expect(new Set(held).size).toBe(1)
  })
})

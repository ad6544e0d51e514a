// UDP through SOCKS5 end to end on loopback: the real API, a customer's static IP or traffic
// account, the gateway, and a real client (PySocks, /usr/bin/python3) to a UDP echo sink. The sink
// sees the exit address as the peer; the console counts exactly the payload that crossed; the
// association ends with its control connection and with its credential. The protocol details
// (reply, sources, fragments, caps, idle) are pinned in inbound/socks5-udp.test.ts.
import dgram from 'node:dgram'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadGatewayConfig } from './config.ts'
import { freePort } from './free-port.ts'
import { type Gateway, startGateway } from './gateway.ts'
import { hasPySocks, startUdpClient, type UdpClient } from './inbound/test-udp-client.ts'
import { startPlane } from './plane.ts'
import type { FromPlane } from './plane-messages.ts'
import { type Api, startApi } from './sync/test-api.ts'
import { silentLog } from './test-log.ts'
import { eventually, testGatewaySettings } from './test-sockets.ts'

// Addresses of this file's own: static IPs 127.0.0.70…79 (the API's stock), the pool's exits,
// the sink, and the production-mode plane's static IP.
const POOL_EXITS = ['127.0.17.1', '127.0.17.2']
const SINK_HOST = '127.0.0.217'
const PRODUCTION_IP = '127.0.18.1'
const MAX_TUNNELS = 2

const isRunnable = hasPySocks() || process.env.CI === 'true'
let api: Api
let gateway: Gateway
let spoolDir: string
let poolPort: number
/** Answers each datagram with it twice; remembers who sent what. */
let sink: Awaited<ReturnType<typeof udpSink>>
const clients: UdpClient[] = []

async function udpSink(host: string, port = 0) {
  const socket = dgram.createSocket('udp4')
  const got: { peer: string; data: string }[] = []
  const totals = { received: 0, sent: 0 }
  socket.on('message', (message, from) => {
    got.push({ peer: from.address, data: message.toString() })
    totals.received += message.length
    const answer = Buffer.concat([message, message])
    totals.sent += answer.length
    socket.send(answer, from.port, from.address)
  })
  await new Promise<void>((resolve) => socket.bind(port, host, resolve))
  return { socket, got, totals, port: socket.address().port }
}

const client = async (proxy: Parameters<typeof startUdpClient>[0]) => {
  const opened = await startUdpClient(proxy)
  clients.push(opened)
  return opened
}

beforeAll(async () => {
  if (!isRunnable) return
  if (!hasPySocks())
    throw new Error('python3-socks is not installed (apt-get install python3-socks); CI=true requires it')
  api = await startApi({ firstAddress: 70, poolExits: POOL_EXITS })
  sink = await udpSink(SINK_HOST)
  poolPort = await freePort()
  spoolDir = mkdtempSync(join(tmpdir(), 'gateway-udp-'))
  gateway = await startGateway(
    loadGatewayConfig({
      ...testGatewaySettings({
        apiUrl: api.baseUrl,
        nodeToken: api.nodeToken,
        poolPorts: [poolPort],
        spoolDir,
      }),
      GATEWAY_MAX_TUNNELS_PER_CREDENTIAL: String(MAX_TUNNELS),
    }),
    silentLog,
  )
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((each) => each.close()))
})

afterAll(async () => {
  await gateway?.close()
  sink?.socket.close()
  await api?.close()
  if (spoolDir) rmSync(spoolDir, { recursive: true, force: true })
  if (spoolDir) rmSync(`${spoolDir}-v2ray`, { recursive: true, force: true })
})

/** A customer with one static IP the gateway already listens on. */
async function customerWithIp() {
  const { token, instance } = await api.staticIpCustomer()
  await eventually(
    () => gateway.listening(),
    (list) => list.includes(`${instance.ip}:${instance.port}`),
  )
  const proxy = {
    host: instance.ip,
    port: instance.port,
    username: instance.username,
    password: instance.password,
  }
  return { token, instance, proxy }
}

/** Sends `data` to the sink and returns what came back (the sink doubles it). */
async function roundTrip(udp: UdpClient, data: string) {
  expect(await udp.send(SINK_HOST, sink.port, data)).toEqual({ sent: data.length })
  return udp.receive()
}

describe.runIf(isRunnable)('UDP on a bought static IP', () => {
  it('round-trips datagrams from the bought address and meters exactly their payload', async () => {
    const { token, instance, proxy } = await customerWithIp()
    const udp = await client(proxy)
    expect(udp.opened.error).toBeUndefined()
    expect(udp.opened.relay?.[0]).toBe(instance.ip)
    const before = sink.got.length
    const sizes = [1, 100, 1400, 8000]
    for (const size of sizes) {
      const data = 'u'.repeat(size)
      expect(await roundTrip(udp, data)).toEqual({ data: data + data, from: [SINK_HOST, sink.port] })
    }
    const seen = sink.got.slice(before)
    expect(seen.map((each) => each.peer)).toEqual(sizes.map(() => instance.ip))
    const up = sizes.reduce((sum, size) => sum + size, 0)
    await gateway.flush()
    expect(
      await eventually(
        () => api.usage(token),
        (totals) => totals.upBytes >= up,
      ),
    ).toEqual({ upBytes: up, downBytes: 2 * up })
  })

  it('refuses a wrong password, and associations past the per-credential tunnel cap', async () => {
    const { proxy } = await customerWithIp()
    const wrong = await client({ ...proxy, password: 'wrong-password' })
    expect(wrong.opened.error).toMatch(/auth/i)
    const open = [await client(proxy), await client(proxy)]
    for (const each of open) expect(each.opened.error).toBeUndefined()
    const over = await client(proxy)
    expect(over.opened.error).toMatch(/not allowed/i)
    // Each one still carries datagrams.
    for (const each of open) expect((await roundTrip(each, 'still here')).data).toBe('still herestill here')
  })

  it('ends the association when the client closes the control connection', async () => {
    const { proxy } = await customerWithIp()
    const udp = await client(proxy)
    expect((await roundTrip(udp, 'before')).data).toBe('beforebefore')
    const tunnels = gateway.tunnels()
    await udp.closeControl()
    await eventually(
      () => gateway.tunnels(),
      (count) => count < tunnels,
    )
    expect(gateway.tunnels()).toBe(tunnels - 1)
    const before = sink.got.length
    await udp.send(SINK_HOST, sink.port, 'after')
    expect((await udp.receive(500)).data).toBeUndefined()
    expect(sink.got.length).toBe(before)
  })

  it('ends the association within 5 s of a password reset', async () => {
    const { token, instance, proxy } = await customerWithIp()
    const udp = await client(proxy)
    expect((await roundTrip(udp, 'before')).data).toBe('beforebefore')
    const reset = await api.call('POST', `/api/proxy/instances/${instance.id}/reset-credentials`, { token })
    expect(reset.status).toBe(200)
    expect(await udp.isControlClosed(5000)).toBe(true)
    const before = sink.got.length
    await udp.send(SINK_HOST, sink.port, 'after')
    expect((await udp.receive(500)).data).toBeUndefined()
    expect(sink.got.length).toBe(before)
    expect((await client(proxy)).opened.error).toMatch(/auth/i)
  })

  it('opens for a whitelisted source without a password, and ends within 5 s of its removal', async () => {
    const { token, instance } = await customerWithIp()
    const added = await api.call<{ id: string }>('POST', '/api/user/ip-whitelist', {
      token,
      body: { source: '127.0.0.1/32' },
    })
    expect(added.status).toBe(200)
    await gateway.pull()
    const udp = await client({ host: instance.ip, port: instance.port })
    expect(udp.opened.error).toBeUndefined()
    expect((await roundTrip(udp, 'listed')).data).toBe('listedlisted')
    expect(sink.got.at(-1)?.peer).toBe(instance.ip)
    await api.call('DELETE', `/api/user/ip-whitelist/${added.body.data.id}`, { token })
    expect(await udp.isControlClosed(5000)).toBe(true)
  })

  it('drops datagrams to the node’s own addresses, by address or by name, and from other sources', async () => {
    const { proxy } = await customerWithIp()
    const own = await udpSink(POOL_EXITS[0] ?? '')
    const pool = await udpSink('127.0.0.1')
    try {
      const udp = await client(proxy)
      await udp.send(POOL_EXITS[0] ?? '', own.port, 'to a pool exit')
      // localhost is 127.0.0.1, the pool's entry here.
      await udp.send('localhost', pool.port, 'to localhost')
      // From another address, to the relay the client was given.
      const [relayHost = '', relayPort = 0] = udp.opened.relay ?? []
      const stranger = dgram.createSocket('udp4')
      await new Promise<void>((resolve) => stranger.bind(0, '127.0.0.9', resolve))
      const header = Uint8Array.of(
        0,
        0,
        0,
        1,
        ...SINK_HOST.split('.').map(Number),
        sink.port >> 8,
        sink.port & 0xff,
      )
      await new Promise((resolve) =>
        stranger.send([header, Buffer.from('from a stranger')], relayPort, relayHost, resolve),
      )
      stranger.close()
      // The association still works: what was dropped had its chance before this came back.
      expect((await roundTrip(udp, 'sentinel')).data).toBe('sentinelsentinel')
      expect(own.got).toEqual([])
      expect(pool.got).toEqual([])
      expect(sink.got.filter((each) => each.data === 'from a stranger')).toEqual([])
    } finally {
      own.socket.close()
      pool.socket.close()
    }
  })
})

describe.runIf(isRunnable)('UDP on the traffic account pool', () => {
  it('leaves from a pool exit, spends the allowance, and is cut once it is spent', async () => {
    const ALLOWANCE = 20_000
    const account = await api.trafficCustomer({ packageBytes: ALLOWANCE })
    await gateway.pull()
    const proxy = {
      host: '127.0.0.1',
      port: poolPort,
      username: account.username,
      password: account.password,
    }
    const udp = await eventually(
      () => client(proxy),
      (opened) => opened.opened.error === undefined,
    )
    expect(udp.opened.error).toBeUndefined()
    // 1000 up and 2000 down per exchange, one at a time: the allowance is spent within seven.
    let up = 0
    let down = 0
    for (let turn = 0; turn < 20; turn++) {
      await udp.send(SINK_HOST, sink.port, 'p'.repeat(1000))
      const answer = await udp.receive(1000)
      if (answer.data === undefined) break
      expect(POOL_EXITS).toContain(sink.got.at(-1)?.peer)
      up += 1000
      down += answer.data.length
    }
    expect(up + down).toBeGreaterThanOrEqual(ALLOWANCE - 3000)
    // Never past the package: a datagram crosses only whole, on what the node leased.
    expect(up + down).toBeLessThanOrEqual(ALLOWANCE)
    expect(await udp.isControlClosed(5000)).toBe(true)
    expect((await client(proxy)).opened.error).toMatch(/auth/i)
    // The server counts exactly what crossed: up as the sink received it, down as the client did.
    const received = sink.got.filter((each) => POOL_EXITS.includes(each.peer)).length * 1000
    await gateway.flush()
    expect(
      await eventually(
        () => api.usage(account.token),
        (totals) => totals.upBytes >= received,
      ),
    ).toEqual({ upBytes: received, downBytes: down })
  })
})

describe.runIf(isRunnable)('UDP in a production-mode plane (GATEWAY_ALLOW_PRIVATE off)', () => {
  it('drops datagrams to private addresses and to names that resolve to them, and meters nothing', async () => {
    const sent: FromPlane[] = []
    const plane = startPlane(
      loadGatewayConfig({
        GATEWAY_NODE_TOKEN: `nt_${'a'.repeat(43)}`,
        GATEWAY_ADDRESSES: `${PRODUCTION_IP}/32`,
        GATEWAY_POOL_PORTS: String(await freePort()),
        GATEWAY_ALLOW_PRIVATE: 'false',
      }),
      (message) => {
        sent.push(message)
        // The sync side's answer to an ask for tunnel slots: granted (this test is about destinations).
        if (message.type === 'lease-ask')
          plane.receive({ type: 'lease', key: message.key, amount: message.want })
      },
      silentLog,
    )
    try {
      plane.receive({
        type: 'users',
        users: {
          cursor: '1.0',
          full: true,
          instances: [
            {
              id: 'c0ffee00-0000-4000-8000-000000000001',
              owner: 'owner-1',
              ip: PRODUCTION_IP,
              port: 1080,
              protocol: 'socks5',
              username: 'prod-user',
              password: 'prod-password',
              uuid: '',
            },
          ],
          removedInstances: [],
          trafficAccounts: [],
          removedTrafficAccounts: [],
          whitelists: [],
        },
      })
      await plane.ready()
      const udp = await client({
        host: PRODUCTION_IP,
        port: 1080,
        username: 'prod-user',
        password: 'prod-password',
      })
      expect(udp.opened.error).toBeUndefined()
      const loopback = await udpSink('127.0.0.1')
      const before = sink.got.length
      await udp.send(SINK_HOST, sink.port, 'to a private address')
      await udp.send('localhost', loopback.port, 'to a name for loopback')
      expect((await udp.receive(500)).data).toBeUndefined()
      loopback.socket.close()
      expect(sink.got.length).toBe(before)
      expect(loopback.got).toEqual([])
      plane.report()
      expect(sent.flatMap((message) => (message.type === 'counts' ? message.records : []))).toEqual([])
      // The association itself stood: it was the destinations that were refused.
      expect(plane.tunnels()).toBe(1)
    } finally {
      await plane.close()
    }
  })
})

// A real v2ray 4.34 serving two customers' vmess inbounds, changed live through its HandlerService
// on a Unix socket: one customer's credential resets never touch the other's open tunnel, and the
// old UUID gets no new tunnel, with AEAD or with the legacy MD5 auth that v2ray 4.34 still accepts.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SocksClient } from 'socks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../free-port.ts'
import { eventually, listenOn } from '../../test-sockets.ts'
import { curl } from '../test-clients.ts'
import { startVmessClient } from './test-client.ts'
import { findExecutable, startV2ray, type V2rayProcess } from './v2ray-process.ts'
import { readUserStats } from './v2ray-stats.ts'
import {
  apiConfig,
  clearApiSocket,
  connectV2rayUsers,
  ipBytes,
  restrictApiSocket,
  type V2rayUsers,
  type VmessInbound,
} from './v2ray-users.ts'

const binary = findExecutable('v2ray')
const v2ctl = findExecutable('v2ctl')
const SINK_HOST = '127.0.0.163'
const RESETS = 6
const MAX_STREAMED = (30_000 / 20) * 1024

let workDir: string
let socketPath: string
let pidFile: string
let v2ray: V2rayProcess
let users: V2rayUsers
let webPort: number
let echoPort: number
/** Two customers' inbounds as v2ray starts with them (ports picked in beforeAll). */
let customerA: VmessInbound
let customerB: VmessInbound
const servers: net.Server[] = []
/** The echo server's sockets: the far end of each tunnel. */
const echoed: net.Socket[] = []
const cleanups: (() => Promise<void>)[] = []

const listen = listenOn(SINK_HOST, servers)

const withUuid = (inbound: Omit<VmessInbound, 'users'>, uuid: string): VmessInbound => ({
  ...inbound,
  users: [{ email: inbound.tag.slice('in-'.length), uuid, level: 0 }],
})
const uuidOf = (inbound: VmessInbound) => inbound.users[0]?.uuid ?? ''

const vmessClient = async (inbound: VmessInbound, uuid: string, isLegacyAuth = false) => {
  const link = { add: inbound.ip, port: String(inbound.port), id: uuid, aid: '0', scy: 'auto', net: 'tcp' }
  const client = await startVmessClient(binary ?? '', workDir, link, { isLegacyAuth })
  cleanups.push(client.stop)
  return client
}

// v2ray answers a wrong UUID by reading on until its handshake timeout: 2 s is plenty here.
const fetchThrough = async (socksPort: number) => {
  const answer = await curl([
    '--max-time',
    '2',
    '-x',
    `socks5h://127.0.0.1:${socksPort}`,
    `http://${SINK_HOST}:${webPort}/`,
  ])
  return answer.exitCode === 0 ? answer.stdout : `failed (curl ${answer.exitCode})`
}

/** A tunnel through `socksPort` to the echo server that keeps sending: what it sent and got back. */
async function streamingTunnel(socksPort: number) {
  const { socket } = await SocksClient.createConnection({
    proxy: { host: '127.0.0.1', port: socksPort, type: 5 },
    command: 'connect',
    destination: { host: SINK_HOST, port: echoPort },
  })
  const state = { sent: 0, received: 0, closed: false }
  socket.on('error', () => {})
  socket.once('close', () => {
    state.closed = true
  })
  socket.on('data', (chunk: Buffer) => {
    state.received += chunk.length
  })
  const chunk = Buffer.alloc(1024, 'b')
  // Bounded: stopped by the test, and never more than 30 s of chunks in any case.
  const writer = setInterval(() => {
    if (state.sent >= MAX_STREAMED) return
    socket.write(chunk)
    state.sent += chunk.length
  }, 20)
  /** Resolves once more bytes came back than `than`. */
  const moreThan = (than: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (state.received <= than) return
        socket.off('data', check)
        resolve()
      }
      socket.on('data', check)
      check()
    })
  return { socket, state, moreThan, stop: () => clearInterval(writer) }
}

describe.runIf(binary || process.env.CI === 'true')(
  'vmess credentials changed live through v2ray’s API',
  () => {
    beforeAll(async () => {
      if (!binary) throw new Error('v2ray is not installed (apt-get install -y v2ray); CI=true requires it')
      workDir = mkdtempSync(join(tmpdir(), 'gateway-vmess-users-'))
      socketPath = join(workDir, 'api.sock')
      pidFile = join(workDir, 'v2ray.pid')
      const web = http.createServer((request, response) => {
        request.resume()
        request.on('end', () => response.end('hello from the sink'))
      })
      webPort = await listen(web)
      echoPort = await listen(
        net.createServer((socket) => {
          echoed.push(socket)
          socket.on('error', () => {})
          socket.pipe(socket)
        }),
      )
      customerA = withUuid(
        { tag: 'in-a', ip: '127.0.0.161', port: await freePort('127.0.0.161') },
        randomUUID(),
      )
      customerB = withUuid(
        { tag: 'in-b', ip: '127.0.0.162', port: await freePort('127.0.0.162') },
        randomUUID(),
      )
      const api = apiConfig(socketPath)
      const inbound = ({ tag, ip, port, users }: VmessInbound) => ({
        tag,
        listen: ip,
        port,
        protocol: 'vmess',
        settings: {
          clients: users.map(({ email, uuid, level }) => ({ id: uuid, alterId: 0, level, email })),
        },
      })
      const config = {
        log: { loglevel: 'warning', access: 'none' },
        // Counters per user (by email) on the same socket, as an older release read them.
        api: { ...api.api, services: [...api.api.services, 'StatsService'] },
        stats: {},
        policy: { levels: { '0': { statsUserUplink: true, statsUserDownlink: true } } },
        inbounds: [api.inbound, inbound(customerA), inbound(customerB)],
        outbounds: [{ protocol: 'freedom', settings: {} }],
        routing: { rules: [api.rule] },
      }
      const configPath = join(workDir, 'v2ray.json')
      writeFileSync(configPath, JSON.stringify(config), { mode: 0o600 })
      clearApiSocket(socketPath)
      v2ray = await startV2ray(binary, configPath, pidFile)
      restrictApiSocket(socketPath)
      users = connectV2rayUsers(socketPath)
    })

    afterAll(async () => {
      for (const stop of cleanups) await stop()
      users?.close()
      await v2ray?.stop()
      for (const server of servers) server.close()
      if (workDir) rmSync(workDir, { recursive: true, force: true })
    })

    it(`replaces A's UUID ${RESETS} times in a row while B's open tunnel carries bytes throughout`, async () => {
      const b = await vmessClient(customerB, uuidOf(customerB))
      const tunnel = await streamingTunnel(b.socksPort)
      await tunnel.moreThan(0)
      expect(echoed).toHaveLength(1)
      const upstream = echoed[0]
      let isUpstreamClosed = false
      upstream?.once('close', () => {
        isUpstreamClosed = true
      })

      let uuid = uuidOf(customerA)
      let current = [await vmessClient(customerA, uuid), await vmessClient(customerA, uuid, true)]
      for (let reset = 1; reset <= RESETS; reset++) {
        for (const client of current) expect(await fetchThrough(client.socksPort)).toBe('hello from the sink')
        const before = tunnel.state.received
        const previous = current
        uuid = randomUUID()
        await users.replaceInbound(withUuid(customerA, uuid))
        current = [await vmessClient(customerA, uuid), await vmessClient(customerA, uuid, true)]
        // The old UUID gets no new tunnel, whichever way its client authenticates.
        const refused = await Promise.all(previous.map((client) => fetchThrough(client.socksPort)))
        expect(refused).toEqual([expect.stringMatching(/^failed/), expect.stringMatching(/^failed/)])
        // B's tunnel went on carrying bytes across the change.
        await tunnel.moreThan(before)
        expect(tunnel.state.closed).toBe(false)
        for (const client of previous) await client.stop()
      }
      for (const client of current) expect(await fetchThrough(client.socksPort)).toBe('hello from the sink')

      tunnel.stop()
      const { received } = await eventually(
        () => tunnel.state,
        (state) => state.received === state.sent,
      )
      expect(received).toBe(tunnel.state.sent)
      expect(tunnel.state.closed).toBe(false)
      expect(isUpstreamClosed).toBe(false)
      // The counters read through the same socket: B's bytes exactly, and A's kept across the replacements.
      const counted = await readUserStats(v2ctl ?? '', socketPath)
      expect(counted.get('b')).toEqual({ up: tunnel.state.sent, down: tunnel.state.received })
      expect(counted.get('a')?.down).toBeGreaterThan(RESETS * 'hello from the sink'.length)
      tunnel.socket.destroy()
    })

    it('leaves a tunnel no address that reaches the API: v2ray listens on TCP or UDP only for the vmess lines', async () => {
      const pid = readFileSync(pidFile, 'utf8').trim()
      const sockets = await new Promise<string>((resolve, reject) =>
        execFile('ss', ['-Hlntuxp'], (error, stdout) => (error ? reject(error) : resolve(stdout))),
      )
      const ours = sockets.split('\n').filter((line) => line.includes(`pid=${pid},`))
      const listening = ours.map((line) => line.split(/\s+/).slice(0, 5))
      expect(listening.map(([network, , , , local]) => `${network} ${local}`).sort()).toEqual(
        [
          `tcp ${customerA.ip}:${customerA.port}`,
          `tcp ${customerB.ip}:${customerB.port}`,
          `u_str ${socketPath}`,
        ].sort(),
      )
      // Only our user may connect (the work dir is 0700 besides).
      expect(statSync(socketPath).mode & 0o777).toBe(0o600)
    })
  },
)

describe('ipBytes', () => {
  it('spells addresses as the 4 or 16 bytes v2ray reads', () => {
    expect([...ipBytes('127.0.0.161')]).toEqual([127, 0, 0, 161])
    expect([...ipBytes('::1')]).toEqual([...new Array(15).fill(0), 1])
    expect([...ipBytes('2001:db8::ff00:42')]).toEqual([
      0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0, 0, 0x42,
    ])
    expect([...ipBytes('::ffff:192.0.2.1')]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 192, 0, 2, 1])
    expect(() => ipBytes('localhost')).toThrow(/not an IP address/)
  })
})

// A traffic package to the byte (DESIGN §11): customers download at top speed through the pool, on 1,
// 4 and 16 streams, from a gateway of one worker and of two. The node leases each account's bytes to
// its workers, so together they stop at the package: what the customers received never passes it by
// more than 1 MiB (here: not at all), and the server bills exactly what crossed.
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from './free-port.ts'
import { openSocksTunnel } from './inbound/test-clients.ts'
import { type Api, startApi } from './sync/test-api.ts'
import { type GatewayProcess, spawnGateway } from './test-process.ts'
import { eventually, listenOn, testGatewaySettings } from './test-sockets.ts'

const MiB = 1024 * 1024
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))
const PACKAGE = 64 * MiB
/** The bound on overshoot per credential. */
const OVERSHOOT_BOUND = MiB
const POOL_EXITS = ['127.0.19.1', '127.0.19.2']
const SINK_HOST = '127.0.0.204'

let api: Api
/** Writes as fast as the reader takes, until the connection closes. */
let firehosePort: number
/** Accepts and sends nothing: a probe that spends no bytes. */
let quietPort: number
const servers: net.Server[] = []
const dirs: string[] = []

beforeAll(async () => {
  api = await startApi({ firstAddress: 150, poolExits: POOL_EXITS })
  const chunk = Buffer.alloc(256 * 1024, 'q')
  const firehose = net.createServer((socket) => {
    socket.on('error', () => {})
    const pump = () => {
      while (!socket.destroyed && socket.write(chunk)) {}
    }
    socket.on('drain', pump)
    pump()
  })
  const quiet = net.createServer((socket) => socket.on('error', () => {}))
  const listen = listenOn(SINK_HOST, servers)
  firehosePort = await listen(firehose)
  quietPort = await listen(quiet)
})

afterAll(async () => {
  for (const server of servers) server.close()
  await api?.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

type Account = Awaited<ReturnType<Api['trafficCustomer']>>

/** One SOCKS5 tunnel through the pool to `port`; counts what arrives until the gateway closes it. */
async function stream(poolPort: number, account: Account, port: number) {
  const login = { host: '127.0.0.1', port: poolPort, username: account.username, password: account.password }
  const socket = await openSocksTunnel(login, { host: SINK_HOST, port })
  let received = 0
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length
  })
  const closed = new Promise<number>((done) => socket.once('close', () => done(received)))
  return { socket, closed }
}

describe.each([1, 2])('a gateway of %i worker(s)', (workers) => {
  let gateway: GatewayProcess
  let poolPort: number

  beforeAll(async () => {
    poolPort = await freePort()
    dirs.push(mkdtempSync(join(tmpdir(), 'gateway-quota-')))
    gateway = spawnGateway({
      ...testGatewaySettings({
        apiUrl: api.baseUrl,
        nodeToken: api.nodeToken,
        poolPorts: [poolPort],
        spoolDir: dirs.at(-1) as string,
        addresses: '127.0.0.1/32',
      }),
      GATEWAY_WORKERS: String(workers),
    })
    await gateway.accepting('127.0.0.1', poolPort)
  }, 60_000)
  afterAll(() => gateway?.stop())

  it.each([1, 4, 16])(
    'stops %i stream(s) at top speed at the package, and bills what crossed',
    async (count) => {
      const account = await api.trafficCustomer({ packageBytes: PACKAGE })
      // The fixture buys a 10 GB package and then sets its size: a pull in between saw 10 GB. Three
      // pull intervals later the gateway has the package's own size.
      await sleep(600)
      // Served once the gateway has pulled it: a probe to the quiet sink spends nothing.
      await eventually(
        () =>
          stream(poolPort, account, quietPort).then(
            ({ socket }) => {
              socket.destroy()
              return true
            },
            () => false,
          ),
        Boolean,
        20_000,
      )
      const streams = await Promise.all(
        Array.from({ length: count }, () => stream(poolPort, account, firehosePort)),
      )
      const received = (await Promise.all(streams.map((each) => each.closed))).reduce((sum, n) => sum + n, 0)
      const overshoot = received - PACKAGE
      console.log(
        `quota: ${workers} worker(s), ${count} stream(s): received ${received} B, overshoot ${overshoot} B`,
      )
      expect(overshoot).toBeLessThanOrEqual(OVERSHOOT_BOUND)
      expect(overshoot).toBeLessThanOrEqual(0)
      // Nothing leased and unspent is lost for good either: the package is all but used.
      expect(received).toBeGreaterThan(PACKAGE - MiB)
      // Billed: exactly what crossed (the streams sent nothing up).
      const usage = await eventually(
        () => api.usage(account.token),
        (totals) => totals.downBytes >= received,
        20_000,
      )
      expect(usage).toEqual({ upBytes: 0, downBytes: received })
    },
    60_000,
  )
})

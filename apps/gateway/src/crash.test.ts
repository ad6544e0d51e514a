// The gateway as a real process, `kill -9`ed mid-transfer: a forwarder between it and the API first
// lets traffic pushes reach the server without acknowledging them, then fails them outright. After
// the crash and a restart on the same spool, every spooled batch reaches the customer's usage exactly
// once — the ones the server already had included, and the meter's last checkpoint — and nothing
// spooled is lost.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TrafficReport } from '@proxy/contract/nodes/endpoints'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from './free-port.ts'
import { curl, loginOf, openSocksTunnel } from './inbound/test-clients.ts'
import { type Api, type Instance, startApi } from './sync/test-api.ts'
import { connectOnce, type GatewayProcess, spawnGateway } from './test-process.ts'
import { type SinkTally, tallySink, testGatewaySettings, eventually as waitFor } from './test-sockets.ts'

// Nobody else uses this address: the gateway refuses its own (127.0.0.1 is its pool host here).
const SINK_HOST = '127.0.0.202'
const WAIT_MS = 30_000

const eventually = <T>(read: () => Promise<T> | T, check: (value: T) => boolean, ms = WAIT_MS) =>
  waitFor(read, check, ms)

type Mode = 'pass' | 'swallow' | 'down'
type Post = { reportId: string; mode: Mode; status: number }

/**
 * Between the gateway and the API. `swallow`: traffic pushes reach the API (which records them) but
 * the gateway is answered 503; `down`: traffic pushes are answered 503 without reaching the API.
 * Pulls and heartbeats always pass.
 */
async function startForwarder(target: string) {
  const state = { mode: 'pass' as Mode, inFlight: 0 }
  /** Traffic pushes the API answered, in order. */
  const posts: Post[] = []
  const server = http.createServer(async (request, response) => {
    state.inFlight += 1
    try {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks)
      const url = request.url ?? '/'
      const isTraffic = request.method === 'POST' && url.split('?')[0] === '/api/node/v1/traffic'
      const mode = state.mode
      const refuse = () => {
        response.writeHead(503, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ code: 503, message: `forwarder: ${mode}`, data: null }))
      }
      if (isTraffic && mode === 'down') return refuse()
      const headers: Record<string, string> = {}
      for (const name of ['authorization', 'content-type']) {
        const value = request.headers[name]
        if (typeof value === 'string') headers[name] = value
      }
      const answer = await fetch(`${target}${url}`, {
        method: request.method,
        headers,
        body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
        signal: AbortSignal.timeout(10_000),
      })
      const answered = Buffer.from(await answer.arrayBuffer())
      if (isTraffic) {
        const { reportId } = JSON.parse(body.toString('utf8')) as TrafficReport
        posts.push({ reportId, mode, status: answer.status })
      }
      if (isTraffic && mode === 'swallow') return refuse()
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      })
      response.end(answered)
    } catch (error) {
      response.writeHead(502).end(String(error))
    } finally {
      state.inFlight -= 1
    }
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    setMode: (mode: Mode) => {
      state.mode = mode
    },
    inFlight: () => state.inFlight,
    posts,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

type Batch = TrafficReport & { file: string }

/**
 * Batch files under the spool (not dead/); with `withTemp`, what a restart would send besides: whole
 * temp files, and the meter's checkpoint unless its batch was spooled (sync/spool.ts).
 */
function readSpool(dir: string, options: { withTemp?: boolean } = {}): Batch[] {
  const batches = readBatches(dir, options)
  if (!options.withTemp) return batches
  const path = join(dir, 'meter-checkpoint')
  try {
    const checkpoint = JSON.parse(readFileSync(path, 'utf8')) as TrafficReport
    if (!batches.some((batch) => batch.reportId === checkpoint.reportId))
      batches.push({ ...checkpoint, file: path })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  return batches
}

function readBatches(dir: string, options: { withTemp?: boolean }): Batch[] {
  const batches: Batch[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'dead') batches.push(...readBatches(path, options))
      continue
    }
    const isTemp = entry.name.endsWith('.json.tmp')
    if (!entry.name.endsWith('.json') && !(isTemp && options.withTemp)) continue
    try {
      const batch = JSON.parse(readFileSync(path, 'utf8')) as TrafficReport
      const reportId = entry.name.replace(/\.json(\.tmp)?$/, '')
      if (batch.reportId === reportId && Array.isArray(batch.records)) batches.push({ ...batch, file: path })
    } catch (error) {
      // A temp file cut short by the crash is dropped by the restart too; a .json file is whole.
      if (!isTemp && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  return batches
}

/** Up and down bytes the batches hold for one instance. */
function bytesFor(batches: TrafficReport[], instanceId: string) {
  const total = { upBytes: 0, downBytes: 0 }
  for (const batch of batches)
    for (const record of batch.records)
      if (record.kind === 'instance' && record.id === instanceId) {
        total.upBytes += record.upBytes
        total.downBytes += record.downBytes
      }
  return total
}
const sum = (bytes: { upBytes: number; downBytes: number }) => bytes.upBytes + bytes.downBytes

let api: Api
let forwarder: Awaited<ReturnType<typeof startForwarder>>
let spoolDir: string
let httpSinkPort: number
let streamPort: number
const seen: SinkTally[] = []
const servers: net.Server[] = []
const children: GatewayProcess[] = []
const poolPorts: number[] = []

const listenOnSink = (server: net.Server) =>
  new Promise<number>((done) => {
    servers.push(server)
    server.listen(0, SINK_HOST, () => done((server.address() as net.AddressInfo).port))
  })

/** The gateway as `npm run gateway` with two workers, talking to the API through the forwarder. */
function startGateway() {
  const running = spawnGateway({
    ...testGatewaySettings({ apiUrl: forwarder.url, nodeToken: api.nodeToken, poolPorts, spoolDir }),
    GATEWAY_WORKERS: '2',
  })
  children.push(running)
  return {
    ...running,
    async crash() {
      expect(await running.crash(), running.log()).toBe(true)
    },
  }
}

beforeAll(async () => {
  api = await startApi({ firstAddress: 60 })
  forwarder = await startForwarder(api.baseUrl)
  const web = http.createServer((request, response) => {
    request.resume()
    const size = Number(/^\/size\/(\d+)$/.exec(request.url ?? '')?.[1] ?? 0)
    request.on('end', () => response.end(Buffer.alloc(size, 'x')))
  })
  web.on('connection', (socket) => tallySink(socket, seen))
  httpSinkPort = await listenOnSink(web)
  // Sends 16 KB every 5 ms (about 3 MB/s) for as long as the connection stays open.
  const stream = net.createServer((socket) => {
    tallySink(socket, seen)
    const chunk = Buffer.alloc(16_384, 'z')
    const timer = setInterval(() => {
      if (socket.writableNeedDrain) return
      socket.write(chunk)
    }, 5)
    socket.on('error', () => {})
    socket.once('close', () => clearInterval(timer))
  })
  streamPort = await listenOnSink(stream)
  poolPorts.push(await freePort(), await freePort())
  spoolDir = mkdtempSync(join(tmpdir(), 'gateway-crash-'))
})

afterAll(async () => {
  for (const child of children) await child.stop()
  for (const server of servers) server.close()
  await forwarder?.close()
  await api?.close()
  if (spoolDir) {
    rmSync(spoolDir, { recursive: true, force: true })
    rmSync(`${spoolDir}-v2ray`, { recursive: true, force: true })
  }
})

const sinkBytes = (peer: string) =>
  seen.filter((entry) => entry.peer === peer).reduce((total, entry) => total + entry.received + entry.sent, 0)

/** Opens a SOCKS5 tunnel to the stream sink; counts what arrives until the tunnel dies. */
async function openStream(instance: Instance) {
  const socket = await openSocksTunnel(loginOf(instance), { host: SINK_HOST, port: streamPort })
  const tunnel = { received: 0, isClosed: false }
  socket.on('data', (chunk: Buffer) => {
    tunnel.received += chunk.length
  })
  socket.once('close', () => {
    tunnel.isClosed = true
  })
  return tunnel
}

describe('a gateway killed with SIGKILL mid-transfer', () => {
  it('replays its spool once after a restart: the customer’s usage is exactly what was spooled', async () => {
    const { token, instance } = await api.staticIpCustomer()
    const running = startGateway()
    await running.accepting(instance.ip, instance.port)

    // a. Pushes reach the server but are never acknowledged: the batches stay spooled.
    forwarder.setMode('swallow')
    const D1 = 1_000_000
    const auth = `${encodeURIComponent(instance.username)}:${encodeURIComponent(instance.password)}`
    const download = await curl([
      '--max-time',
      '7',
      '-o',
      '/dev/null',
      '-w',
      '%{size_download}',
      '-x',
      `socks5h://${auth}@${instance.ip}:${instance.port}`,
      `http://${SINK_HOST}:${httpSinkPort}/size/${D1}`,
    ])
    expect(download.stderr, running.log()).toBe('')
    expect(download.stdout).toBe(String(D1))
    // The whole first transfer as the sink counted it (request and response, from the bought address).
    const firstTransfer = sinkBytes(instance.ip)
    expect(firstTransfer).toBeGreaterThan(D1)
    const spooledFirst = await eventually(
      () => bytesFor(readSpool(spoolDir), instance.id),
      (bytes) => sum(bytes) >= firstTransfer,
    )
    expect(sum(spooledFirst), running.log()).toBe(firstTransfer)
    // The server already has the oldest batch (sent again every push, refused each time).
    await eventually(
      () => forwarder.posts.filter((post) => post.mode === 'swallow' && post.status === 200),
      (posts) => posts.length > 0,
    )

    // b. The API goes down for traffic pushes; a long download runs, and the gateway dies in it.
    forwarder.setMode('down')
    const batchesBefore = readSpool(spoolDir).length
    const tunnel = await openStream(instance)
    // A few pushes into the download: several of its batches spooled, more bytes still in memory.
    const spooledMid = await eventually(
      () => readSpool(spoolDir),
      (batches) => batches.length >= batchesBefore + 3,
    )
    expect(spooledMid.length).toBeGreaterThanOrEqual(batchesBefore + 3)
    expect(sum(bytesFor(spooledMid, instance.id))).toBeGreaterThan(firstTransfer)
    expect(tunnel.isClosed).toBe(false)
    await running.crash()
    expect(await eventually(() => tunnel.isClosed, Boolean, 10_000)).toBe(true)
    // Nothing accepts on the bought address or the pool ports any more.
    expect(
      await eventually(
        () => connectOnce(instance.ip, instance.port),
        (r) => r === 'refused',
        5000,
      ),
    ).toBe('refused')
    for (const port of poolPorts) expect(await connectOnce('127.0.0.1', port)).toBe('refused')
    await eventually(forwarder.inFlight, (count) => count === 0, 10_000)

    // c. What the crash left on disk.
    const spool = readSpool(spoolDir, { withTemp: true })
    const reportIds = new Set(spool.map((batch) => batch.reportId))
    expect(reportIds.size).toBe(spool.length)
    const S = bytesFor(spool, instance.id)
    expect(sum(S)).toBeGreaterThan(firstTransfer)
    // Metered bytes are at most what the sinks exchanged with the bought address.
    expect(sum(S)).toBeLessThanOrEqual(sinkBytes(instance.ip))
    // The server holds exactly the batches the forwarder delivered, all of them still spooled.
    const delivered = new Set(forwarder.posts.filter((post) => post.status === 200).map((p) => p.reportId))
    expect(delivered.size).toBeGreaterThan(0)
    for (const reportId of delivered) expect(reportIds.has(reportId)).toBe(true)
    const storedBefore = await api.query<{ report_id: string }>('select report_id from node_reports')
    expect(new Set(storedBefore.map((row) => row.report_id))).toEqual(delivered)
    const usageBefore = await api.usage(token)
    expect(usageBefore).toEqual(
      bytesFor(
        spool.filter((batch) => delivered.has(batch.reportId)),
        instance.id,
      ),
    )
    expect(sum(usageBefore)).toBeLessThan(sum(S))

    // d. The API is back; the gateway restarts on the same spool and sends it (no new traffic).
    forwarder.setMode('pass')
    const postsBefore = forwarder.posts.length
    const restarted = startGateway()
    const left = await eventually(
      () => readSpool(spoolDir, { withTemp: true }),
      (batches) => batches.length === 0,
    )
    expect(left, restarted.log()).toEqual([])
    expect(readdirSync(join(spoolDir, 'dead'))).toEqual([])

    // e. Every spooled byte counted exactly once, the already delivered batches included.
    const usage = await api.usage(token)
    expect(usage).toEqual(S)
    expect(sum(usage)).toBeGreaterThanOrEqual(firstTransfer)
    expect(sum(usage)).toBeLessThan(2 * sum(S))
    const replayed = forwarder.posts.slice(postsBefore)
    expect(replayed.every((post) => post.status === 200)).toBe(true)
    expect(replayed.map((post) => post.reportId).sort()).toEqual([...reportIds].sort())

    // f. No report the spool did not hold.
    const stored = await api.query<{ report_id: string }>('select report_id from node_reports')
    expect(new Set(stored.map((row) => row.report_id))).toEqual(reportIds)
    expect(stored).toHaveLength(reportIds.size)

    await restarted.crash()
  }, 90_000)
})

// The README's promise for development: the server started as `npm start` starts it runs a gateway
// of its own, the demo customer buys a static IP on loopback, curl through the exported line exits
// from that address, and the bytes show in the console within 10 s.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type net from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from './free-port.ts'
import { curl } from './inbound/test-clients.ts'

const SERVER_ENTRY = resolve(import.meta.dirname, '../../server/src/server.ts')
const SINK_HOST = '127.0.0.201'

let server: ChildProcess
let output = ''
let baseUrl: string
let dataDir: string
let sink: http.Server
let sinkPort: number
const peers: string[] = []

async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read().catch(() => undefined as T)
    if ((value !== undefined && isDone(value)) || Date.now() > deadline) return value
    await new Promise((done) => setTimeout(done, 200))
  }
}

beforeAll(async () => {
  sink = http.createServer((request, response) => {
    peers.push(request.socket.remoteAddress ?? '')
    response.end('hello from the sink')
  })
  sinkPort = await new Promise<number>((done) =>
    sink.listen(0, SINK_HOST, () => done((sink.address() as net.AddressInfo).port)),
  )
  dataDir = mkdtempSync(join(tmpdir(), 'gateway-local-dev-'))
  const port = await freePort()
  baseUrl = `http://127.0.0.1:${port}`
  server = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOCAL_GATEWAY: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
    },
  })
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const ready = await until(
    () => fetch(`${baseUrl}/readyz`).then((answer) => answer.status),
    (status) => status === 200,
    60_000,
  )
  if (ready !== 200) throw new Error(`the server did not start:\n${output}`)
}, 90_000)

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server.once('exit', done))
    server.kill('SIGTERM')
    await exited
  }
  sink?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

it('serves what the demo customer buys on this machine, and the console shows the bytes', async () => {
  const password = /demo@example\.com \/ (\S+)/.exec(output)?.[1]
  expect(password, output).toBeTruthy()
  const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const answer = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(init.token && { authorization: `Bearer ${init.token}` }),
        ...(init.headers as Record<string, string>),
      },
    })
    return answer
  }
  const login = await call('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'demo@example.com', password }),
  })
  const { token } = ((await login.json()) as { data: { token: string } }).data
  const bought = await call('/api/orders/static-ip', {
    method: 'POST',
    token,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ regionId: 'us-lax', quantity: 1, durationDays: 30, protocol: 'socks5' }),
  })
  expect(bought.status).toBe(200)
  const [line = ''] = (await (await call('/api/proxy/instances/export/socks5', { token })).text()).split('\n')
  const ip = /@([\d.]+):/.exec(line)?.[1] ?? ''
  expect(ip).toMatch(/^127\.0\.1\.\d+$/)

  // The gateway picks the new address up on its next pull (every 2 s).
  const proxy = line.replace(/^socks5:/, 'socks5h:').replace(/#.*$/, '')
  const answer = await until(
    () => curl(['-sS', '--max-time', '3', '-x', proxy, `http://${SINK_HOST}:${sinkPort}/`]),
    (result) => result.exitCode === 0,
    10_000,
  )
  expect(answer.stdout).toBe('hello from the sink')
  expect(peers).toContain(ip)

  const from = new Date(Date.now() - 3600_000).toISOString()
  const to = new Date(Date.now() + 3600_000).toISOString()
  const started = Date.now()
  const totals = await until(
    async () => {
      const usage = await call(`/api/proxy/instances/traffic-usage?from=${from}&to=${to}`, { token })
      return ((await usage.json()) as { data: { totals: { downBytes: number } } }).data.totals
    },
    (value) => value.downBytes > 0,
    10_000,
  )
  expect(totals.downBytes).toBeGreaterThan(0)
  expect(Date.now() - started).toBeLessThan(10_000)
}, 60_000)

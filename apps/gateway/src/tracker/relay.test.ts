import { randomBytes, randomInt } from 'node:crypto'
import type net from 'node:net'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import type { Grant } from '../route/grants.ts'
import { createSocketPairs } from '../test-sockets.ts'
import { createRelay } from './relay.ts'
import { createLocalLimits } from './test-limits.ts'
import { createTunnels } from './tunnels.ts'

// Accepted ends keep their write side open after a FIN, like a real server finishing a reply.
let sockets: Awaited<ReturnType<typeof createSocketPairs>>
beforeAll(async () => {
  sockets = await createSocketPairs({ allowHalfOpen: true })
})
afterAll(() => sockets.close())
const pair = () => sockets.pair()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Reads to EOF and answers the FIN, as any app would, then waits for 'close'. */
const closed = (socket: net.Socket) => {
  socket.once('end', () => socket.end()).resume()
  return sockets.closing(socket)
}
const collect = (socket: net.Socket) => {
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  return () => Buffer.concat(chunks)
}

/** A client app and an upstream app joined through relay(), with a meter that sums its calls. */
async function tunnel(options: { idleTimeoutMs?: number; bytes?: Map<string, number> } = {}) {
  const totals = { up: 0, down: 0, calls: 0 }
  const tunnels = createTunnels()
  const limits = createLocalLimits({ bytes: options.bytes })
  const relay = createRelay({
    tunnels,
    allowance: limits.allowance,
    idleTimeoutMs: options.idleTimeoutMs ?? 5000,
    meter: (_grant, up, down) => {
      totals.up += up
      totals.down += down
      totals.calls++
    },
  })
  const open = async (grant: Grant, head = Buffer.alloc(0)) => {
    const [app, gatewayClient] = await pair()
    const [gatewayUpstream, far] = await pair()
    relay(grant, gatewayClient, gatewayUpstream, head)
    return { app, far, gatewayClient, gatewayUpstream }
  }
  return { totals, tunnels, open, limits }
}

const grant: Grant = { kind: 'instance', id: 'a', version: '1' }

test('every payload byte arrives intact and is metered exactly once', async () => {
  for (let round = 0; round < 3; round++) {
    const { totals, open } = await tunnel()
    const head = randomBytes(randomInt(0, 200))
    const up = randomBytes(randomInt(1, 3 * 1024 * 1024))
    const down = randomBytes(randomInt(1, 3 * 1024 * 1024))
    const { app, far } = await open(grant, head)
    const atFar = collect(far)
    const atApp = collect(app)
    app.end(up)
    far.end(down)
    await Promise.all([closed(app), closed(far)])
    expect(atFar().equals(Buffer.concat([head, up]))).toBe(true)
    expect(atApp().equals(down)).toBe(true)
    expect(totals).toMatchObject({ up: head.length + up.length, down: down.length })
  }
})

test('a reader that stops holds the sender back instead of filling gateway memory', async () => {
  const { totals, open } = await tunnel()
  const { app, far, gatewayClient, gatewayUpstream } = await open(grant)
  far.pause()
  const chunk = randomBytes(256 * 1024)
  let sent = 0
  let isPumping = true
  const pump = () => {
    for (let isFlowing = true; isFlowing && isPumping; sent += chunk.length) isFlowing = app.write(chunk)
  }
  app.on('drain', pump)
  pump()
  // Held back: the gateway stops reading the app (without backpressure it never would), and the
  // app's writes wait for room.
  await vi.waitFor(
    () => {
      expect(gatewayClient.isPaused()).toBe(true)
      expect(app.writableNeedDrain).toBe(true)
    },
    { timeout: 10_000 },
  )
  isPumping = false
  // Kernel buffers hold a few MB; without backpressure the pump would never have been held.
  expect(sent).toBeLessThan(64 * 1024 * 1024)
  expect(gatewayUpstream.writableLength).toBeLessThanOrEqual(256 * 1024)

  let received = 0
  far.on('data', (data: Buffer) => {
    received += data.length
  })
  app.end()
  await Promise.all([closed(app), closed(far)])
  expect(received).toBe(sent)
  expect(totals.up).toBe(sent)
})

test('a half-close ends one direction only: the reply still comes back', async () => {
  const { totals, open } = await tunnel()
  const { app, far } = await open(grant)
  const atApp = collect(app)
  const atFar = collect(far)
  far.once('end', () => far.end('pong after your FIN'))
  app.end('ping')
  await Promise.all([closed(app), closed(far)])
  expect(atFar().toString()).toBe('ping')
  expect(atApp().toString()).toBe('pong after your FIN')
  expect(totals).toMatchObject({ up: 4, down: 19 })
})

test('an idle tunnel closes; traffic one way keeps it open', async () => {
  // Real timers (a socket's idle timer is Node's own), with room to spare for a loaded machine: a
  // byte every tenth of the timeout, for twice the timeout.
  const idleMs = 500
  const { tunnels, open } = await tunnel({ idleTimeoutMs: idleMs })
  const { app, far, gatewayClient, gatewayUpstream } = await open(grant)
  far.resume()
  for (const until = performance.now() + 2 * idleMs; performance.now() < until; ) {
    app.write('.')
    await sleep(idleMs / 10)
  }
  expect(tunnels.size).toBe(1)
  const quietSince = performance.now()
  await Promise.all([
    sockets.closing(gatewayClient),
    sockets.closing(gatewayUpstream),
    closed(app),
    closed(far),
  ])
  // Not before the timeout (timers fire late, never early; half of it allows for rounding), and
  // well within seconds after it.
  expect(performance.now() - quietSince).toBeGreaterThan(idleMs / 2)
  expect(performance.now() - quietSince).toBeLessThan(idleMs + 5000)
  expect(tunnels.size).toBe(0)
})

test('a traffic account crosses to the byte of what the node leases it, then its tunnel closes', async () => {
  // 200 KB and a bit, leased in 64 KB slices: the last chunk crosses only in part.
  const allowance = 200_000 + 321
  const { totals, open, limits } = await tunnel({ bytes: new Map([['t', allowance]]) })
  const account: Grant = { kind: 'traffic-account', id: 't', version: '1' }
  const { app, far } = await open(account, Buffer.from('head'))
  const atFar = collect(far)
  const atApp = collect(app)
  app.on('error', () => {})
  far.on('error', () => {})
  // Both ways at once, more than the allowance each.
  app.write(randomBytes(150_000))
  far.write(randomBytes(150_000))
  await Promise.all([closed(app), closed(far)])
  expect(totals.up + totals.down).toBe(allowance)
  expect(atFar().length + atApp().length).toBe(allowance)
  expect(totals).toMatchObject({ up: atFar().length, down: atApp().length })
  expect(limits.book.available('bytes:t')).toBe(0)
})

test('a static IP is not limited by leases: its bytes cross whatever the book holds', async () => {
  const { totals, open, limits } = await tunnel({ bytes: new Map() })
  const { app, far } = await open(grant)
  const atFar = collect(far)
  app.end(randomBytes(300_000))
  far.end()
  await Promise.all([closed(app), closed(far)])
  expect(atFar().length).toBe(300_000)
  expect(totals.up).toBe(300_000)
  expect(limits.book.leased('bytes:a')).toBe(0)
})

test('closeWhere cuts a busy tunnel at once; what crossed was metered on the way', async () => {
  const { totals, tunnels, open } = await tunnel()
  const { app, far, gatewayClient, gatewayUpstream } = await open(grant)
  far.resume()
  app.on('error', () => {})
  const chunk = randomBytes(64 * 1024)
  let sent = 0
  const pump = () => {
    for (let isFlowing = true; isFlowing && !app.destroyed; sent += chunk.length) isFlowing = app.write(chunk)
  }
  app.on('drain', pump)
  pump()
  // Metered while still open, chunk by chunk.
  await vi.waitFor(() => expect(totals.calls).toBeGreaterThan(0))
  const cutAt = performance.now()
  expect(tunnels.closeWhere((g) => g.id === 'a')).toBe(1)
  // Both of the gateway's sockets are destroyed before closeWhere returns...
  expect([gatewayClient.destroyed, gatewayUpstream.destroyed, tunnels.size]).toEqual([true, true, 0])
  // ...and both ends see it well within the 5 s a cut credential is allowed.
  await Promise.all([closed(app), closed(far)])
  expect(performance.now() - cutAt).toBeLessThan(5000)
  expect(totals.up).toBeGreaterThan(0)
  expect(totals.up).toBeLessThanOrEqual(sent + chunk.length)
})

import net from 'node:net'
import { afterEach, expect, test } from 'vitest'
import type { Entry } from '../route/grants.ts'
import { capturedLog, silentLog } from '../test-log.ts'
import { createListeners, type Protocol } from './listener.ts'

type Seen = { entry: Entry; protocol: Protocol; firstBytes: string }

/** Listeners whose handler records what it was given and echoes the sniffed bytes back. */
function setup(handshakeTimeoutMs = 5000) {
  const seen: Seen[] = []
  const { log, lines: logs } = capturedLog()
  const listeners = createListeners({
    handshakeTimeoutMs,
    log,
    handle: (socket, entry, protocol) => {
      socket.once('data', (chunk: Buffer) => {
        seen.push({ entry, protocol, firstBytes: chunk.toString('hex') })
        socket.end(chunk)
      })
    },
  })
  cleanups.push(() => listeners.close())
  return { seen, logs, listeners }
}
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/** A port free on the addresses the test uses (bound once, then released). */
async function freePort(host: string) {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, host, resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** Sends bytes, returns what came back before the server closed, or the connect error code. */
function exchange(host: string, port: number, bytes: Buffer | string) {
  return new Promise<string>((resolve) => {
    const chunks: Buffer[] = []
    const socket = net.connect(port, host, () => socket.write(bytes))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('hex')))
  })
}

const socks = Buffer.from([0x05, 0x01, 0x00])
const http = Buffer.from('CONNECT a:1 HTTP/1.1\r\n\r\n')

test('same port on two addresses: each connection gets its own entry and protocol, bytes intact', async () => {
  const { seen, listeners } = setup()
  const port = await freePort('127.0.0.2')
  await listeners.sync([
    { address: '127.0.0.2', port },
    { address: '127.0.0.3', port },
    { address: '127.0.0.2', port }, // duplicates collapse
  ])
  expect(listeners.listening().sort()).toEqual([`127.0.0.2:${port}`, `127.0.0.3:${port}`])

  expect(await exchange('127.0.0.2', port, socks)).toBe(socks.toString('hex'))
  expect(await exchange('127.0.0.3', port, http)).toBe(http.toString('hex'))
  expect(seen).toEqual([
    { entry: { address: '127.0.0.2', port }, protocol: 'socks5', firstBytes: socks.toString('hex') },
    { entry: { address: '127.0.0.3', port }, protocol: 'http', firstBytes: http.toString('hex') },
  ])
})

test('sync closes delisted addresses and opens new ones', async () => {
  const { seen, listeners } = setup()
  const port = await freePort('127.0.0.2')
  await listeners.sync([
    { address: '127.0.0.2', port },
    { address: '127.0.0.3', port },
  ])
  await listeners.sync([{ address: '127.0.0.3', port }])
  expect(await exchange('127.0.0.2', port, socks)).toBe('ECONNREFUSED')
  expect(await exchange('127.0.0.3', port, socks)).toBe(socks.toString('hex'))

  await listeners.sync([{ address: '127.0.0.2', port }])
  expect(await exchange('127.0.0.2', port, http)).toBe(http.toString('hex'))
  expect(await exchange('127.0.0.3', port, http)).toBe('ECONNREFUSED')
  expect(seen.map((s) => s.entry.address)).toEqual(['127.0.0.3', '127.0.0.2'])
})

test('an address it cannot bind is skipped and logged once; the others still serve', async () => {
  const { logs, listeners } = setup()
  const port = await freePort('127.0.0.4')
  const squatter = net.createServer()
  await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.4', resolve))
  cleanups.push(() => new Promise((resolve) => squatter.close(resolve)))

  const entries = [
    { address: '127.0.0.4', port },
    { address: '127.0.0.5', port },
  ]
  await listeners.sync(entries)
  await listeners.sync(entries)
  expect(listeners.listening()).toEqual([`127.0.0.5:${port}`])
  expect(logs).toHaveLength(1)
  expect(logs[0]).toMatchObject({ level: 40, entry: `127.0.0.4:${port}`, code: 'EADDRINUSE' })
  expect(await exchange('127.0.0.5', port, socks)).toBe(socks.toString('hex'))
})

test('silent, vanishing and crashing clients are dropped without taking the gateway down', async () => {
  const seen: string[] = []
  const listeners = createListeners({
    handshakeTimeoutMs: 100,
    log: silentLog,
    handle: (_socket, _entry, protocol) => {
      seen.push(protocol)
      throw new Error('handler bug')
    },
  })
  cleanups.push(() => listeners.close())
  const port = await freePort('127.0.0.2')
  await listeners.sync([{ address: '127.0.0.2', port }])

  const startedAt = performance.now()
  const silent = await new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.2').on('close', () => resolve('closed by gateway'))
    socket.on('error', () => {}).resume()
  })
  expect(silent).toBe('closed by gateway')
  expect(performance.now() - startedAt).toBeLessThan(1000)

  const vanishing = net.connect(port, '127.0.0.2', () => vanishing.destroy())
  await new Promise((resolve) => vanishing.once('close', resolve))
  // The handler threw: the socket is destroyed (with unread bytes, a reset).
  expect(['', 'ECONNRESET']).toContain(await exchange('127.0.0.2', port, socks))
  expect(seen).toEqual(['socks5'])
})

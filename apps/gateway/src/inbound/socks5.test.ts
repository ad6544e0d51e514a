// SOCKS5 handler against real clients (the `socks` package, curl) and hand-made byte streams.
import type net from 'node:net'
import fc from 'fast-check'
import * as socksPackage from 'socks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleSocks5 } from './socks5.ts'
import { curl, exchange } from './test-clients.ts'
import { type Harness, password, startHarness, user } from './test-harness.ts'

type SocksModule = {
  SocksClient: {
    createConnection(options: {
      proxy: { host: string; port: number; type: 5; userId?: string; password?: string }
      command: 'connect'
      destination: { host: string; port: number }
      timeout?: number
    }): Promise<{ socket: net.Socket }>
  }
}

const greeting = (...methods: number[]) => Uint8Array.of(5, methods.length, ...methods)
const auth = (name: string, secret: string) =>
  Buffer.concat([
    Uint8Array.of(1, name.length),
    Buffer.from(name),
    Uint8Array.of(secret.length),
    Buffer.from(secret),
  ])
const port16 = (port: number) => Uint8Array.of(port >> 8, port & 0xff)
const connectIPv4 = (port: number, command = 1) =>
  Buffer.concat([Uint8Array.of(5, command, 0, 1, 127, 0, 0, 1), port16(port)])
const connectDomain = (host: string, port: number) =>
  Buffer.concat([Uint8Array.of(5, 1, 0, 3, host.length), Buffer.from(host, 'latin1'), port16(port)])
/** What a granted client hears before any payload: method choice, auth ok. */
const accepted = [5, 2, 1, 0]
const authorized = Buffer.concat([greeting(2), auth(user, password)])

let harness: Harness
const socks = socksPackage as unknown as SocksModule

beforeAll(async () => {
  harness = await startHarness(handleSocks5, { handshakeTimeoutMs: 300 })
})
afterAll(() => harness.close())

async function echoThroughSocksClient(host: string, port: number, size: number) {
  if (!socks) throw new Error('socks client missing')
  const { socket } = await socks.SocksClient.createConnection({
    proxy: { host: '127.0.0.1', port: harness.port, type: 5, userId: user, password },
    command: 'connect',
    destination: { host, port },
    timeout: 3_000,
  })
  const payload = Buffer.alloc(size, 7)
  const echoed = await new Promise<number>((resolve, reject) => {
    let received = 0
    socket.on('error', reject)
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received >= size) socket.end()
    })
    socket.on('close', () => resolve(received))
    socket.write(payload)
  })
  return echoed
}

describe('socks5 with the socks client', () => {
  const cases = [
    ['an IPv4 destination', '127.0.0.1', 'echo'],
    ['a domain destination', 'localhost', 'echo'],
    ['an IPv6 destination', '::1', 'echoV6'],
  ] as const
  for (const [name, host, sink] of cases) {
    it(`relays ${name} and meters payload bytes only`, async (context) => {
      const port = harness.sinks[sink]
      if (port === undefined) return context.skip('no IPv6 loopback on this machine')
      harness.resetTally()
      const size = 100_003
      expect(await echoThroughSocksClient(host, port, size)).toBe(size)
      expect(await harness.settle()).toBe(0)
      expect(harness.tally).toEqual({ up: size, down: size })
    })
  }

  it('rejects a wrong password', async () => {
    const attempt = socks.SocksClient.createConnection({
      proxy: { host: '127.0.0.1', port: harness.port, type: 5, userId: user, password: 'wrong' },
      command: 'connect',
      destination: { host: '127.0.0.1', port: harness.sinks.echo ?? 0 },
      timeout: 3_000,
    })
    await expect(attempt).rejects.toThrow()
  })
})

describe('socks5 with curl', () => {
  it('resolves names remotely with --socks5-hostname', async () => {
    const result = await curl([
      ...['--socks5-hostname', `127.0.0.1:${harness.port}`, '--proxy-user', `${user}:${password}`],
      `http://localhost:${harness.sinks.http}/via-socks-hostname`,
    ])
    expect(result.stderr).toBe('')
    expect(JSON.parse(result.stdout)).toMatchObject({ url: '/via-socks-hostname' })
    expect(harness.dials.at(-1)).toEqual({ host: 'localhost', port: harness.sinks.http })
  })

  it('connects to an IP with --socks5', async () => {
    const result = await curl([
      ...['--socks5', `127.0.0.1:${harness.port}`, '--proxy-user', `${user}:${password}`],
      `http://127.0.0.1:${harness.sinks.http}/size/5000`,
    ])
    expect(result.stdout).toBe('x'.repeat(5000))
    expect(harness.dials.at(-1)).toEqual({ host: '127.0.0.1', port: harness.sinks.http })
  })

  it('fails without the right password', async () => {
    const result = await curl([
      ...['--socks5', `127.0.0.1:${harness.port}`, '--proxy-user', `${user}:nope`],
      `http://127.0.0.1:${harness.sinks.http}/`,
    ])
    expect(result.exitCode).not.toBe(0)
  })
})

describe('socks5 replies', () => {
  it('answers 0xFF when username/password is not offered', async () => {
    const result = await exchange(harness.port, [greeting(0)])
    expect([...result.data]).toEqual([5, 0xff])
    expect(result.isClosed).toBe(true)
  })

  it('never skips authentication: a request sent in place of auth is dropped', async () => {
    const dialsBefore = harness.dials.length
    const result = await exchange(harness.port, [greeting(0, 2), connectIPv4(harness.sinks.echo ?? 0)])
    expect([...result.data]).toEqual([5, 2])
    expect(result.isClosed).toBe(true)
    expect(harness.dials.length).toBe(dialsBefore)
  })

  it('answers auth status 0x01 to a wrong password', async () => {
    const result = await exchange(harness.port, [greeting(0, 2), auth(user, 'wrong'), connectIPv4(80)])
    expect([...result.data]).toEqual([5, 2, 1, 1])
    expect(result.isClosed).toBe(true)
  })

  const refusals = [
    ['BIND', () => connectIPv4(harness.sinks.echo ?? 0, 2), 0x07],
    ['an unknown command', () => connectIPv4(harness.sinks.echo ?? 0, 9), 0x07],
    ['an unknown address type', () => Uint8Array.of(5, 1, 0, 9, 1, 2, 3, 4, 0, 80), 0x08],
    ['a destination the policy forbids', () => connectIPv4(1), 0x02],
    ['a port nobody listens on', () => connectIPv4(harness.sinks.refused ?? 0), 0x05],
    ['a malformed domain', () => connectDomain('bad host\0', 80), 0x04],
  ] as const
  for (const [name, request, code] of refusals) {
    it(`answers 0x0${code.toString(16)} to ${name}`, async () => {
      const result = await exchange(harness.port, [authorized, request()])
      expect([...result.data]).toEqual([...accepted, 5, code, 0, 1, 0, 0, 0, 0, 0, 0])
      expect(result.isClosed).toBe(true)
    })
  }
})

describe('socks5 framing', () => {
  const payload = Buffer.from('hello through a pipelined tunnel')

  it('keeps bytes pipelined behind the request and meters them as payload', async () => {
    harness.resetTally()
    const request = connectIPv4(harness.sinks.echo ?? 0)
    const result = await exchange(harness.port, [Buffer.concat([authorized, request, payload])], {
      expectBytes: accepted.length + 10 + payload.length,
    })
    expect([...result.data.subarray(0, 8)]).toEqual([...accepted, 5, 0, 0, 1])
    expect([...result.data.subarray(8, 12)]).toEqual([127, 0, 0, 1]) // BND.ADDR
    expect(result.data.readUInt16BE(12)).toBeGreaterThan(0) // BND.PORT
    expect(result.data.subarray(14).toString()).toBe(payload.toString())
    expect(await harness.settle()).toBe(0)
    expect(harness.tally).toEqual({ up: payload.length, down: payload.length })
  })

  it('takes an IPv6 destination and answers BND.ADDR in IPv6 form', async (context) => {
    const port = harness.sinks.echoV6
    if (port === undefined) return context.skip('no IPv6 loopback on this machine')
    const loopback = Buffer.alloc(16)
    loopback[15] = 1
    const request = Buffer.concat([Uint8Array.of(5, 1, 0, 4), loopback, port16(port)])
    const result = await exchange(harness.port, [authorized, request, payload], {
      expectBytes: accepted.length + 22 + payload.length,
    })
    expect([...result.data.subarray(0, 8)]).toEqual([...accepted, 5, 0, 0, 4])
    expect(result.data.subarray(8, 24).equals(loopback)).toBe(true)
    expect(result.data.subarray(26).toString()).toBe(payload.toString())
    expect(harness.dials.at(-1)).toEqual({ host: '::1', port })
  })

  it('accepts a greeting, auth and request sent one byte at a time', async () => {
    const handshake = Buffer.concat([authorized, connectDomain('localhost', harness.sinks.echo ?? 0)])
    const bytes = [...handshake].map((byte) => Uint8Array.of(byte))
    const result = await exchange(harness.port, [...bytes, payload], {
      isSeparated: true,
      expectBytes: accepted.length + 10 + payload.length,
    })
    expect([...result.data.subarray(0, 6)]).toEqual([...accepted, 5, 0])
    expect(result.data.subarray(14).toString()).toBe(payload.toString())
  })

  const truncated = [
    ['sends nothing', []],
    ['stops inside the greeting', [Uint8Array.of(5, 2, 0)]],
    ['stops inside auth', [greeting(2), Uint8Array.of(1, 5, 97)]],
    ['stops inside the request', [authorized, Uint8Array.of(5, 1, 0, 3, 9, 108)]],
  ] as const
  for (const [name, chunks] of truncated) {
    it(`closes a client that ${name} after handshakeTimeoutMs`, async () => {
      const result = await exchange(harness.port, [...chunks])
      expect(result.isClosed).toBe(true)
      expect(result.closedAfterMs).toBeGreaterThanOrEqual(250)
      expect(result.closedAfterMs).toBeLessThan(2_000)
    })
  }

  it('closes a client whose dial outlasts handshakeTimeoutMs, and the late upstream too', async () => {
    const relayedBefore = harness.relayed.length
    const slowBefore = harness.slowDials.length
    const result = await exchange(harness.port, [authorized, connectIPv4(2)])
    expect([...result.data]).toEqual(accepted)
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(250)
    // Once the dial has answered (at 600 ms), the late upstream exists and must have been closed.
    expect(harness.slowDials).toHaveLength(slowBefore + 1)
    await harness.slowDials.at(-1)
    expect(await harness.settle()).toBe(0)
    expect(harness.relayed.length).toBe(relayedBefore)
  })

  it('survives random bytes (fast-check)', async () => {
    const prefixes = [Buffer.alloc(0), greeting(2), authorized]
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...prefixes),
        fc.uint8Array({ maxLength: 80 }),
        async (prefix, tail) => {
          const result = await exchange(harness.port, [Buffer.concat([prefix, tail])], { end: true })
          expect(result.isClosed).toBe(true)
        },
      ),
      { seed: 1928, numRuns: 150 },
    )
    expect(harness.escaped).toEqual([])
  })

  it('leaves no connection open', async () => {
    expect(await harness.settle()).toBe(0)
    expect(harness.escaped).toEqual([])
  })
})

describe('socks5 from a whitelisted source', () => {
  let open: Harness
  beforeAll(async () => {
    open = await startHarness(handleSocks5, { handshakeTimeoutMs: 300, whitelisted: ['127.0.0.1'] })
  })
  afterAll(() => open.close())

  it('chooses "no authentication" when the client offers it, and relays', async () => {
    const result = await curl([
      ...['--socks5', `127.0.0.1:${open.port}`],
      `http://127.0.0.1:${open.sinks.http}/size/300`,
    ])
    expect(result.stdout).toBe('x'.repeat(300))
    // Method choice and the 10-byte reply, then the client ends the tunnel.
    const bytes = await exchange(open.port, [greeting(0, 2), connectIPv4(open.sinks.echo ?? 0)], {
      expectBytes: 2 + 10,
    })
    expect([...bytes.data.subarray(0, 4)]).toEqual([5, 0, 5, 0])
  })

  it('still takes a password from a client that offers only that, even a stale one', async () => {
    const result = await exchange(
      open.port,
      [greeting(2), auth(user, 'old-password'), connectIPv4(open.sinks.echo ?? 0)],
      { expectBytes: accepted.length + 10 },
    )
    expect([...result.data.subarray(0, 6)]).toEqual([5, 2, 1, 0, 5, 0])
  })

  it('does not open for a source off the list', async () => {
    const result = await exchange(harness.port, [greeting(0)])
    expect([...result.data]).toEqual([5, 0xff])
  })
})

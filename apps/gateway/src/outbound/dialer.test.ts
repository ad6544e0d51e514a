import dns from 'node:dns'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DialError } from '../inbound/context.ts'
import type { Grant } from '../route/grants.ts'
import { isAllowedAddress } from '../route/policy.ts'
import { createDialer } from './dialer.ts'

const grant: Grant = { kind: 'instance', id: 'i-1', version: 'v1' }

// Only localhost goes to the real resolver (/etc/hosts); every other name is answered here.
const names: Record<string, dns.LookupAddress[]> = {
  'intranet.test': [{ address: '10.0.0.1', family: 4 }],
  'sink.test': [{ address: '127.0.0.1', family: 4 }],
  'six.test': [{ address: '::1', family: 6 }],
}
const lookupStub = ((host: string, options: dns.LookupAllOptions, callback: (...args: unknown[]) => void) => {
  if (host === 'localhost') return dns.lookup(host, options, callback)
  const found = names[host]
  if (found) return callback(null, found)
  if (host === 'hang.test') return // never answers: only the deadline ends this dial
  callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }))
}) as unknown as typeof dns.lookup

/** A listener that remembers who connected, to prove a refused dial never touched it. */
async function startSink(host: string) {
  const peers: string[] = []
  const server = net.createServer((socket) => {
    peers.push(socket.remoteAddress ?? '')
    socket.end()
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as net.AddressInfo
  return { peers, port, close: () => new Promise((resolve) => server.close(resolve)) }
}

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'connected',
    (error: unknown) => (error instanceof DialError ? error.reason : `other: ${String(error)}`),
  )

let sink4: Awaited<ReturnType<typeof startSink>>
let sink6: Awaited<ReturnType<typeof startSink>>
beforeAll(async () => {
  sink4 = await startSink('127.0.0.1')
  sink6 = await startSink('::1')
})
afterAll(async () => {
  await sink4.close()
  await sink6.close()
})

describe('address policy', () => {
  test('private, loopback, link-local, mapped and own addresses are refused; public ones pass', () => {
    const own = new Set(['203.0.113.9'])
    const refused = ['127.0.0.1', '::1', '10.0.0.1', '172.16.5.5', '192.168.1.1', '169.254.1.1', 'fe80::1']
    const alsoRefused = ['fd00::1', '::', '0.0.0.0', '224.0.0.1', 'ff02::1', '100.64.0.1', '::ffff:127.0.0.1']
    for (const address of [
      ...refused,
      ...alsoRefused,
      '::ffff:7f00:1',
      '203.0.113.9',
      '::ffff:203.0.113.9',
    ]) {
      expect(isAllowedAddress(address, false, own), address).toBe(false)
    }
    for (const address of ['1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:1.1.1.1']) {
      expect(isAllowedAddress(address, false, own), address).toBe(true)
    }
    expect(isAllowedAddress('10.0.0.1', true, own)).toBe(true)
    expect(isAllowedAddress('203.0.113.9', true, own)).toBe(false)
  })
})

describe('dial with allowPrivate=false', () => {
  const dial = createDialer({
    allowPrivate: false,
    ownAddresses: () => new Set(),
    connectTimeoutMs: 1000,
    lookup: lookupStub,
  })

  test('refuses loopback literals and names without connecting', async () => {
    for (const host of ['127.0.0.1', 'localhost', '::ffff:127.0.0.1', 'sink.test']) {
      expect(await reasonOf(dial(grant, { host, port: sink4.port })), host).toBe('not-allowed')
    }
    expect(await reasonOf(dial(grant, { host: '::1', port: sink6.port }))).toBe('not-allowed')
    expect(sink4.peers).toEqual([])
    expect(sink6.peers).toEqual([])
  })

  test('refuses private and link-local destinations before any packet', async () => {
    for (const host of ['10.0.0.1', '169.254.1.1', 'intranet.test']) {
      expect(await reasonOf(dial(grant, { host, port: 80 })), host).toBe('not-allowed')
    }
  })
})

describe('dial with allowPrivate=true', () => {
  const dial = createDialer({
    allowPrivate: true,
    ownAddresses: () => new Set(['127.0.0.5']),
    connectTimeoutMs: 300,
    lookup: lookupStub,
  })

  test('binds to the exit address: the far end sees it as the peer', async () => {
    for (const exitAddress of ['127.0.0.2', '127.0.0.3']) {
      const socket = await dial({ ...grant, exitAddress }, { host: '127.0.0.1', port: sink4.port })
      expect(socket.localAddress).toBe(exitAddress)
      await new Promise((resolve) => socket.once('close', resolve).end().resume())
    }
    const viaName = await dial(grant, { host: 'sink.test', port: sink4.port })
    await new Promise((resolve) => viaName.once('close', resolve).end().resume())
    expect(sink4.peers).toEqual(['127.0.0.2', '127.0.0.3', '127.0.0.1'])
  })

  test('still refuses the gateway’s own addresses, mapped or not', async () => {
    for (const host of ['127.0.0.5', '::ffff:127.0.0.5']) {
      expect(await reasonOf(dial(grant, { host, port: sink4.port })), host).toBe('not-allowed')
    }
  })

  test('an IPv4 exit cannot reach an IPv6 destination', async () => {
    const v4 = { ...grant, exitAddress: '127.0.0.2' }
    expect(await reasonOf(dial(v4, { host: '::1', port: sink6.port }))).toBe('network-unreachable')
    expect(await reasonOf(dial(v4, { host: 'six.test', port: sink6.port }))).toBe('network-unreachable')
    expect(sink6.peers).toEqual([])
  })

  test('maps failures to SOCKS-style reasons', async () => {
    const probe = net.createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port: closedPort } = probe.address() as net.AddressInfo
    await new Promise((resolve) => probe.close(resolve))

    expect(await reasonOf(dial(grant, { host: '127.0.0.1', port: closedPort }))).toBe('refused')
    expect(await reasonOf(dial(grant, { host: 'missing.test', port: 80 }))).toBe('host-unreachable')
    expect(await reasonOf(dial(grant, { host: 'hang.test', port: 80 }))).toBe('ttl-expired')
    expect(await reasonOf(dial(grant, { host: '127.0.0.1', port: 0 }))).toBe('not-allowed')
  })
})

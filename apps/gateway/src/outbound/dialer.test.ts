import dns from 'node:dns'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DialError } from '../inbound/context.ts'
import type { Grant } from '../route/grants.ts'
import { createDestinationPolicy, type Refusal } from '../route/policy.ts'
import { createDialer } from './dialer.ts'

const grant: Grant = { kind: 'instance', id: 'i-1', version: 'v1' }

// In the tests' sink range (test-sockets.ts): 127.0.0.1 is an interface address, refused as the node's own.
const SINK_HOST = '127.0.0.210'

// Only localhost goes to the real resolver (/etc/hosts); every other name is answered here.
const names: Record<string, dns.LookupAddress[]> = {
  'intranet.test': [{ address: '10.0.0.1', family: 4 }],
  'sink.test': [{ address: SINK_HOST, family: 4 }],
  'mixed.test': [
    { address: '198.51.100.7', family: 4 },
    { address: '127.0.0.5', family: 4 },
  ],
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
  sink4 = await startSink(SINK_HOST)
  sink6 = await startSink('::1')
})
afterAll(async () => {
  await sink4.close()
  await sink6.close()
})

describe('dial with allowPrivate=false', () => {
  const refusals: [string, Refusal][] = []
  const dial = createDialer({
    policy: createDestinationPolicy({ allowPrivate: false, ownRanges: [] }),
    onRefused: (grant, refusal) => refusals.push([grant.id, refusal]),
    connectTimeoutMs: 1000,
    lookup: lookupStub,
  })

  test('refuses loopback literals and names without connecting, and tells who asked', async () => {
    refusals.length = 0
    for (const host of [SINK_HOST, 'localhost', `::ffff:${SINK_HOST}`, 'sink.test']) {
      expect(await reasonOf(dial(grant, { host, port: sink4.port })), host).toBe('not-allowed')
    }
    expect(await reasonOf(dial(grant, { host: '::1', port: sink6.port }))).toBe('not-allowed')
    expect(sink4.peers).toEqual([])
    expect(sink6.peers).toEqual([])
    // localhost may answer ::1 alone; either way the dial was refused, for this grant.
    expect(refusals.length).toBe(5)
    expect(new Set(refusals.map(([id]) => id))).toEqual(new Set([grant.id]))
  })

  test('refuses private and link-local destinations before any packet', async () => {
    for (const host of ['10.0.0.1', '169.254.1.1', 'intranet.test']) {
      expect(await reasonOf(dial(grant, { host, port: 80 })), host).toBe('not-allowed')
    }
  })
})

describe('dial with allowPrivate=true', () => {
  const refusals: Refusal[] = []
  const dial = createDialer({
    policy: createDestinationPolicy({ allowPrivate: true, ownRanges: ['127.0.0.5/32'] }),
    onRefused: (_, refusal) => refusals.push(refusal),
    connectTimeoutMs: 300,
    lookup: lookupStub,
  })

  test('binds to the exit address: the far end sees it as the peer', async () => {
    for (const exitAddress of ['127.0.0.2', '127.0.0.3']) {
      const socket = await dial({ ...grant, exitAddress }, { host: SINK_HOST, port: sink4.port })
      expect(socket.localAddress).toBe(exitAddress)
      await new Promise((resolve) => socket.once('close', resolve).end().resume())
    }
    const viaName = await dial(grant, { host: 'sink.test', port: sink4.port })
    await new Promise((resolve) => viaName.once('close', resolve).end().resume())
    expect(sink4.peers).toEqual(['127.0.0.2', '127.0.0.3', '127.0.0.1'])
    expect(refusals).toEqual([])
  })

  test('still refuses the gateway’s own addresses, mapped or not, and a name with one among its answers', async () => {
    refusals.length = 0
    for (const host of ['127.0.0.5', '::ffff:127.0.0.5', 'mixed.test', '127.0.0.1']) {
      expect(await reasonOf(dial(grant, { host, port: sink4.port })), host).toBe('not-allowed')
    }
    expect(refusals).toEqual(['own-address', 'own-address', 'own-address', 'own-address'])
  })

  test('refuses SMTP on any address, before a packet leaves', async () => {
    refusals.length = 0
    for (const port of [25, 465, 587])
      expect(await reasonOf(dial(grant, { host: SINK_HOST, port })), String(port)).toBe('not-allowed')
    expect(refusals).toEqual(['port', 'port', 'port'])
  })

  test('an IPv4 exit cannot reach an IPv6 destination', async () => {
    const v4 = { ...grant, exitAddress: '127.0.0.2' }
    expect(await reasonOf(dial(v4, { host: '::1', port: sink6.port }))).toBe('network-unreachable')
    expect(await reasonOf(dial(v4, { host: 'six.test', port: sink6.port }))).toBe('network-unreachable')
    expect(sink6.peers).toEqual([])
  })

  test('maps failures to SOCKS-style reasons', async () => {
    const probe = net.createServer()
    await new Promise<void>((resolve) => probe.listen(0, SINK_HOST, resolve))
    const { port: closedPort } = probe.address() as net.AddressInfo
    await new Promise((resolve) => probe.close(resolve))

    refusals.length = 0
    expect(await reasonOf(dial(grant, { host: SINK_HOST, port: closedPort }))).toBe('refused')
    expect(await reasonOf(dial(grant, { host: 'missing.test', port: 80 }))).toBe('host-unreachable')
    expect(await reasonOf(dial(grant, { host: 'hang.test', port: 80 }))).toBe('ttl-expired')
    expect(await reasonOf(dial(grant, { host: SINK_HOST, port: 0 }))).toBe('not-allowed')
    // A malformed port is no destination the policy refused: nothing to count.
    expect(refusals).toEqual([])
  })
})

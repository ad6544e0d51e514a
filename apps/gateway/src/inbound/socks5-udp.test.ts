// SOCKS5 UDP ASSOCIATE against a real client (PySocks, /usr/bin/python3) and hand-made datagrams:
// the reply, who may send to the relay, fragments, the destination policy on the address actually
// sent to, the caps and the idle timeout. The gateway end to end is in ../udp.test.ts.
import dgram from 'node:dgram'
import type dns from 'node:dns'
import net from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createResolver } from '../outbound/dialer.ts'
import { createDestinationPolicy } from '../route/policy.ts'
import { handleSocks5 } from './socks5.ts'
import { type Harness, password, startHarness, user } from './test-harness.ts'
import { hasPySocks, startUdpClient, type UdpClient } from './test-udp-client.ts'

const port16 = (port: number) => Uint8Array.of(port >> 8, port & 0xff)
const greetingWithAuth = Buffer.concat([
  Uint8Array.of(5, 1, 2, 1, user.length),
  Buffer.from(user),
  Uint8Array.of(password.length),
  Buffer.from(password),
])
/** RSV RSV FRAG ATYP=1 DST.ADDR DST.PORT DATA */
const datagram = (host: string, port: number, data: string, frag = 0) =>
  Buffer.concat([
    Uint8Array.of(0, 0, frag, 1, ...host.split('.').map(Number)),
    port16(port),
    Buffer.from(data),
  ])

/** A UDP socket that remembers every datagram it gets; `answer` echoes them back. */
async function udpSink(host: string, port = 0, options: { answer?: boolean } = {}) {
  const socket = dgram.createSocket('udp4')
  const got: { data: string; from: string }[] = []
  socket.on('message', (message, from) => {
    got.push({ data: message.toString(), from: `${from.address}:${from.port}` })
    if (options.answer) socket.send(message, from.port, from.address)
  })
  await new Promise<void>((resolve) => socket.bind(port, host, resolve))
  return { socket, got, port: socket.address().port }
}

type RawAssociation = { control: net.Socket; reply: Buffer; relay: { address: string; port: number } }

/** UDP ASSOCIATE by hand from 127.0.0.1: the control connection and the reply as it came. */
async function associateByHand(proxyPort: number): Promise<RawAssociation> {
  const control = net.connect({ host: '127.0.0.1', port: proxyPort })
  control.on('error', () => {})
  let received = Buffer.alloc(0)
  control.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk])
  })
  await new Promise((resolve) => control.once('connect', resolve))
  control.write(Buffer.concat([greetingWithAuth, Uint8Array.of(5, 3, 0, 1, 0, 0, 0, 0, 0, 0)]))
  // method choice (2) + auth status (2) + reply (10)
  while (received.length < 14) {
    await new Promise((resolve, reject) => {
      control.once('data', resolve)
      control.once('close', () => reject(new Error(`closed after ${[...received]}`)))
    })
  }
  const reply = received.subarray(4, 14)
  return {
    control,
    reply,
    relay: { address: [...reply.subarray(4, 8)].join('.'), port: reply.readUInt16BE(8) },
  }
}

/** A client socket bound to `host`, for datagrams sent by hand. */
async function clientSocket(host = '127.0.0.1') {
  const socket = dgram.createSocket('udp4')
  const got: Buffer[] = []
  socket.on('message', (message) => got.push(message))
  await new Promise<void>((resolve) => socket.bind(0, host, resolve))
  return { socket, got }
}

const send = (socket: dgram.Socket, message: Buffer, to: { address: string; port: number }) =>
  new Promise((resolve) => socket.send(message, to.port, to.address, resolve))

/** Waits until `count` holds, bounded; for datagrams that should arrive. */
async function until(check: () => boolean, ms = 2_000) {
  for (const started = Date.now(); !check() && Date.now() - started < ms; ) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * A last datagram through the same association, which must arrive: the relay handles a client's
 * datagrams in order, so whatever was dropped before it had its chance.
 */
async function sentinel(
  client: dgram.Socket,
  relay: RawAssociation['relay'],
  sink: { port: number; got: { data: string }[] },
) {
  const arrived = () => sink.got.filter((each) => each.data === 'sentinel').length
  const before = arrived()
  await send(client, datagram('127.0.0.1', sink.port, 'sentinel'), relay)
  await until(() => arrived() > before)
  expect(arrived()).toBe(before + 1)
}

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

describe('UDP ASSOCIATE through PySocks', () => {
  let harness: Harness
  beforeAll(async () => {
    harness = await startHarness(handleSocks5)
  })
  afterAll(() => harness.close())

  it.runIf(hasPySocks() || process.env.CI === 'true')(
    'round-trips datagrams to the destination and meters their payload both ways',
    async () => {
      if (!hasPySocks()) throw new Error('python3-socks is not installed (CI=true requires it)')
      harness.resetTally()
      const client: UdpClient = await startUdpClient({
        host: '127.0.0.1',
        port: harness.port,
        username: user,
        password,
      })
      cleanups.push(() => client.close())
      expect(client.opened.error).toBeUndefined()
      for (const text of ['hello', 'x'.repeat(1200), '']) {
        expect(await client.send('127.0.0.1', harness.udpSinks.echo, text)).toEqual({ sent: text.length })
        expect(await client.receive()).toEqual({
          data: `echo:${text}`,
          from: ['127.0.0.1', harness.udpSinks.echo],
        })
      }
      await until(() => harness.tally.down === 1205 + 15)
      expect(harness.tally).toEqual({ up: 1205, down: 1205 + 15 })
    },
  )
})

describe('the relay', () => {
  let harness: Harness
  beforeAll(async () => {
    harness = await startHarness(handleSocks5)
  })
  afterAll(() => harness.close())

  async function association() {
    const raw = await associateByHand(harness.port)
    const client = await clientSocket()
    const sink = await udpSink('127.0.0.1')
    cleanups.push(
      () => raw.control.destroy(),
      () => client.socket.close(),
      () => sink.socket.close(),
    )
    return { raw, client, sink }
  }

  it('answers with the address the client dialled and a port of its own', async () => {
    const { raw } = await association()
    expect([...raw.reply.subarray(0, 8)]).toEqual([5, 0, 0, 1, 127, 0, 0, 1])
    expect(raw.relay.port).not.toBe(harness.port)
    expect(raw.relay.port).toBeGreaterThan(0)
  })

  it('takes datagrams only from the client’s address, and once learnt its port', async () => {
    const { raw, client, sink } = await association()
    await send(client.socket, datagram('127.0.0.1', sink.port, 'first'), raw.relay)
    await until(() => sink.got.length === 1)
    const sameAddressOtherPort = await clientSocket('127.0.0.1')
    const otherAddress = await clientSocket('127.0.0.9')
    cleanups.push(
      () => sameAddressOtherPort.socket.close(),
      () => otherAddress.socket.close(),
    )
    await send(sameAddressOtherPort.socket, datagram('127.0.0.1', sink.port, 'other port'), raw.relay)
    await send(otherAddress.socket, datagram('127.0.0.1', sink.port, 'other address'), raw.relay)
    await sentinel(client.socket, raw.relay, sink)
    expect(sink.got.map((each) => each.data)).toEqual(['first', 'sentinel'])
  })

  it('drops fragments and malformed datagrams', async () => {
    const { raw, client, sink } = await association()
    harness.resetTally()
    await send(client.socket, datagram('127.0.0.1', sink.port, 'fragment', 1), raw.relay)
    await send(client.socket, datagram('127.0.0.1', sink.port, 'last fragment', 0x81), raw.relay)
    await send(client.socket, Buffer.from([0, 0, 0, 1, 127, 0]), raw.relay)
    await send(client.socket, Buffer.from([0, 0, 0, 9, 127, 0, 0, 1, 0, 80]), raw.relay)
    await sentinel(client.socket, raw.relay, sink)
    expect(sink.got.map((each) => each.data)).toEqual(['sentinel'])
    expect(harness.tally.up).toBe('sentinel'.length)
  })

  it('ends when the control connection closes: the relay port closes', async () => {
    const { raw, client, sink } = await association()
    await sentinel(client.socket, raw.relay, sink)
    expect(harness.tunnels.size).toBe(1)
    raw.control.end()
    await until(() => harness.tunnels.size === 0)
    expect(harness.tunnels.size).toBe(0)
    await send(client.socket, datagram('127.0.0.1', sink.port, 'too late'), raw.relay)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(sink.got.map((each) => each.data)).toEqual(['sentinel'])
  })

  it('cut off by the tracker: the control connection closes and nothing more crosses', async () => {
    const { raw, client, sink } = await association()
    await sentinel(client.socket, raw.relay, sink)
    const closed = new Promise((resolve) => raw.control.once('close', resolve))
    expect(harness.tunnels.closeWhere(() => true)).toBe(1)
    await closed
    await send(client.socket, datagram('127.0.0.1', sink.port, 'too late'), raw.relay)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(sink.got.map((each) => each.data)).toEqual(['sentinel'])
  })

  it('answers from the destination only: a stranger sending to the exit socket is not relayed', async () => {
    const { raw, client } = await association()
    const sink = await udpSink('127.0.0.1', 0, { answer: true })
    cleanups.push(() => sink.socket.close())
    await send(client.socket, datagram('127.0.0.1', sink.port, 'ping'), raw.relay)
    await until(() => client.got.length === 1)
    const exitPort = Number(sink.got[0]?.from.split(':')[1])
    const stranger = await clientSocket('127.0.0.1')
    cleanups.push(() => stranger.socket.close())
    await send(stranger.socket, Buffer.from('spray'), { address: '127.0.0.1', port: exitPort })
    await send(client.socket, datagram('127.0.0.1', sink.port, 'pong'), raw.relay)
    await until(() => client.got.length === 2)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(client.got.map((message) => message.subarray(10).toString())).toEqual(['ping', 'pong'])
    // The header names the destination the answer came from.
    expect([...(client.got[0]?.subarray(0, 10) ?? [])]).toEqual([
      0,
      0,
      0,
      1,
      127,
      0,
      0,
      1,
      ...port16(sink.port),
    ])
  })
})

describe('the destination policy, on the address each datagram is sent to', () => {
  let harness: Harness
  let flips = 0
  /** flip.test answers the allowed sink, then the node's own address, in turn. */
  const lookup = ((
    host: string,
    _options: unknown,
    callback: (error: Error | null, a: dns.LookupAddress[]) => void,
  ) => {
    if (host !== 'flip.test')
      return callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), [])
    callback(null, [{ address: flips++ % 2 === 0 ? '127.0.0.1' : '127.0.0.3', family: 4 }])
  }) as unknown as typeof dns.lookup
  beforeAll(async () => {
    harness = await startHarness(handleSocks5, {
      udp: {
        resolve: createResolver({
          policy: createDestinationPolicy({
            allowPrivate: true,
            ownRanges: ['127.0.0.3'],
            interfaces: () => [],
          }),
          lookup,
        }),
      },
    })
  })
  afterAll(() => harness.close())

  it('drops datagrams to a refused address, literal or by a name whose answer changes', async () => {
    const allowed = await udpSink('127.0.0.1')
    const own = await udpSink('127.0.0.3', allowed.port)
    const raw = await associateByHand(harness.port)
    const client = await clientSocket()
    cleanups.push(
      () => raw.control.destroy(),
      () => client.socket.close(),
      () => allowed.socket.close(),
      () => own.socket.close(),
    )
    const named = (data: string) =>
      Buffer.concat([
        Uint8Array.of(0, 0, 0, 3, 9),
        Buffer.from('flip.test'),
        port16(allowed.port),
        Buffer.from(data),
      ])
    for (let turn = 0; turn < 4; turn++) await send(client.socket, named(`by name ${turn}`), raw.relay)
    await send(client.socket, datagram('127.0.0.3', allowed.port, 'literal'), raw.relay)
    await sentinel(client.socket, raw.relay, allowed)
    expect(own.got).toEqual([])
    expect(allowed.got.map((each) => each.data)).toEqual(['by name 0', 'by name 2', 'sentinel'])
  })
})

describe('the caps and the idle timeout', () => {
  it('refuses associations past the per-credential cap and past the process cap', async () => {
    for (const udp of [{ maxTunnels: 2 }, { maxAssociations: 2 }]) {
      const harness = await startHarness(handleSocks5, { udp })
      cleanups.push(() => harness.close())
      const first = await associateByHand(harness.port)
      const second = await associateByHand(harness.port)
      cleanups.push(
        () => first.control.destroy(),
        () => second.control.destroy(),
      )
      const refused = await associateByHand(harness.port)
      cleanups.push(() => refused.control.destroy())
      // 0x02 (not allowed) for the credential, 0x01 (general failure) for the process.
      expect(refused.reply[1], JSON.stringify(udp)).toBe(udp.maxTunnels ? 2 : 1)
      if (!refused.control.closed) await new Promise((resolve) => refused.control.once('close', resolve))
      // A slot freed is a slot again.
      first.control.destroy()
      await until(() => harness.tunnels.size === 1)
      const third = await associateByHand(harness.port)
      cleanups.push(() => third.control.destroy())
      expect(third.reply[1]).toBe(0)
    }
  })

  it('closes the least recently used destination socket past the per-association cap', async () => {
    const harness = await startHarness(handleSocks5, { udp: { maxDestinations: 2 } })
    cleanups.push(() => harness.close())
    const raw = await associateByHand(harness.port)
    const client = await clientSocket()
    const [one, two, three] = await Promise.all([1, 2, 3].map(() => udpSink('127.0.0.1')))
    if (!one || !two || !three) throw new Error('no sinks')
    cleanups.push(
      () => raw.control.destroy(),
      () => client.socket.close(),
      ...[one, two, three].map((sink) => () => sink.socket.close()),
    )
    // `one` is used again before `three` comes: `two` is the one closed.
    for (const sink of [one, two, one, three, one, two]) {
      const before = sink.got.length
      await send(client.socket, datagram('127.0.0.1', sink.port, 'hi'), raw.relay)
      await until(() => sink.got.length > before)
    }
    const exitsOf = (sink: typeof one) => new Set(sink.got.map((each) => each.from))
    expect(one.got).toHaveLength(3)
    expect(exitsOf(one).size).toBe(1)
    expect(two.got).toHaveLength(2)
    expect(exitsOf(two).size).toBe(2)
  })

  it('ends an association idle for the idle timeout', async () => {
    const harness = await startHarness(handleSocks5, { udp: { idleTimeoutMs: 300 } })
    cleanups.push(() => harness.close())
    const raw = await associateByHand(harness.port)
    const started = Date.now()
    await new Promise((resolve) => raw.control.once('close', resolve))
    expect(Date.now() - started).toBeGreaterThanOrEqual(250)
    expect(harness.tunnels.size).toBe(0)
  })
})

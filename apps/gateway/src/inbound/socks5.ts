// SOCKS5 (RFC 1928) with username/password authentication (RFC 1929): CONNECT, and UDP ASSOCIATE
// (the relay itself is socks5-udp.ts).
// Every field is read through the bounded Handshake reader, so fragmented and pipelined clients both work.
import net from 'node:net'
import type { Destination, Grant } from '../route/grants.ts'
import {
  DialError,
  type DialFailure,
  defaultHandshakeTimeoutMs,
  type ProxyContext,
  type UdpRelay,
} from './context.ts'
import { Handshake, isValidHost } from './handshake.ts'

const socksVersion = 0x05
const authVersion = 0x01
const methodNoAuthentication = 0x00
const methodUserPassword = 0x02
const noAcceptableMethod = 0xff
const commandConnect = 0x01
const commandUdpAssociate = 0x03
export const addressType = { ipv4: 0x01, domain: 0x03, ipv6: 0x04 } as const

const reply = {
  succeeded: 0x00,
  generalFailure: 0x01,
  hostUnreachable: 0x04,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const

const replyForDialFailure: Record<DialFailure, number> = {
  general: 0x01,
  'not-allowed': 0x02,
  'network-unreachable': 0x03,
  'host-unreachable': 0x04,
  refused: 0x05,
  'ttl-expired': 0x06,
  // "connection not allowed by ruleset": the credential's tunnel cap
  'over-cap': 0x02,
}

export async function handleSocks5(socket: net.Socket, context: ProxyContext): Promise<void> {
  const handshake = new Handshake(socket, context.handshakeTimeoutMs ?? defaultHandshakeTimeoutMs)
  try {
    const grant = await negotiate(handshake, context)
    if (!grant) return
    const request = await readRequest(handshake)
    if (typeof request === 'number') return handshake.refuse(replyBytes(request))
    if (request.command === commandUdpAssociate) await associate(handshake, context, grant)
    else await connect(handshake, context, grant, request.destination)
  } catch {
    handshake.abort()
  }
}

/** Greeting and RFC 1929 subnegotiation; undefined when the client was refused (already answered). */
async function negotiate(handshake: Handshake, context: ProxyContext): Promise<Grant | undefined> {
  const greeting = await handshake.read(2)
  if (greeting.readUInt8(0) !== socksVersion) return void handshake.abort()
  const methods = await handshake.read(greeting.readUInt8(1))
  // A whitelisted source needs no password: it may skip the subnegotiation altogether.
  const whitelisted = methods.includes(methodNoAuthentication) ? context.whitelisted() : null
  if (whitelisted) {
    handshake.socket.write(Uint8Array.of(socksVersion, methodNoAuthentication))
    return whitelisted
  }
  // No password method offered, or a source refused for guessing passwords: it may not send one.
  if (!methods.includes(methodUserPassword) || (context.refusedUntil?.() ?? 0) > 0) {
    return void handshake.refuse(Uint8Array.of(socksVersion, noAcceptableMethod))
  }
  handshake.socket.write(Uint8Array.of(socksVersion, methodUserPassword))

  const header = await handshake.read(2)
  if (header.readUInt8(0) !== authVersion) return void handshake.abort()
  const username = (await handshake.read(header.readUInt8(1))).toString('utf8')
  const passwordLength = (await handshake.read(1)).readUInt8(0)
  const password = (await handshake.read(passwordLength)).toString('utf8')
  // A stale password from a whitelisted source still opens the IP.
  const grant = context.authenticate(context.entry, username, password) ?? context.whitelisted()
  if (!grant) return void handshake.refuse(Uint8Array.of(authVersion, 0x01))
  handshake.socket.write(Uint8Array.of(authVersion, 0x00))
  return grant
}

type Request = { command: typeof commandConnect | typeof commandUdpAssociate; destination: Destination }

/** The request's command and address, or the reply code refusing it. */
async function readRequest(handshake: Handshake): Promise<Request | number> {
  const header = await handshake.read(4)
  if (header.readUInt8(0) !== socksVersion) throw new Error('not a SOCKS5 request')
  let host: string
  switch (header.readUInt8(3)) {
    case addressType.ipv4:
      host = [...(await handshake.read(4))].join('.')
      break
    case addressType.domain:
      // latin1 keeps every byte distinct, so a non-ASCII name fails isValidHost below instead of being mangled.
      host = (await handshake.read((await handshake.read(1)).readUInt8(0))).toString('latin1')
      break
    case addressType.ipv6:
      host = formatIPv6(await handshake.read(16))
      break
    default:
      return reply.addressTypeNotSupported
  }
  const port = (await handshake.read(2)).readUInt16BE(0)
  const command = header.readUInt8(1)
  // UDP ASSOCIATE names where the client will send from (often 0.0.0.0:0, or PySocks' "0"): the
  // relay learns that from the first datagram instead, so the address is not used.
  if (command === commandUdpAssociate) return { command, destination: { host, port } }
  if (command !== commandConnect) return reply.commandNotSupported
  if (!isValidHost(host)) return reply.hostUnreachable
  return { command, destination: { host, port } }
}

async function connect(
  handshake: Handshake,
  context: ProxyContext,
  grant: Grant,
  destination: Destination,
): Promise<void> {
  let upstream: net.Socket
  try {
    upstream = await context.dial(grant, destination)
  } catch (error) {
    const code = error instanceof DialError ? replyForDialFailure[error.reason] : reply.generalFailure
    return handshake.refuse(replyBytes(code ?? reply.generalFailure))
  }
  // The client may have left, or the deadline passed, while we were dialling.
  if (!handshake.isAlive) {
    upstream.destroy()
    return handshake.abort()
  }
  const { socket } = handshake
  socket.write(replyBytes(reply.succeeded, upstream.localAddress, upstream.localPort))
  const head = handshake.handOff()
  try {
    context.relay(grant, socket, upstream, head)
  } catch {
    upstream.destroy()
    socket.destroy()
  }
}

/** Opens the UDP relay and answers with its address and port; the association then owns the connection. */
async function associate(handshake: Handshake, context: ProxyContext, grant: Grant): Promise<void> {
  let relay: UdpRelay
  try {
    relay = await context.associate(grant, handshake.socket)
  } catch (error) {
    const code = error instanceof DialError ? replyForDialFailure[error.reason] : reply.generalFailure
    return handshake.refuse(replyBytes(code ?? reply.generalFailure))
  }
  if (!handshake.isAlive) {
    relay.close()
    return handshake.abort()
  }
  handshake.socket.write(replyBytes(reply.succeeded, relay.address, relay.port))
  handshake.handOff()
  relay.start()
}

/** VER REP RSV ATYP BND.ADDR BND.PORT; failures carry 0.0.0.0:0 as RFC 1928 allows. */
function replyBytes(code: number, address = '0.0.0.0', port = 0): Buffer {
  const portBytes = Buffer.alloc(2)
  portBytes.writeUInt16BE(port)
  return Buffer.concat([Uint8Array.of(socksVersion, code, 0x00), encodeAddress(address), portBytes])
}

/** ATYP and ADDR of an IP address (IPv4-mapped IPv6 as IPv4); 0.0.0.0 for anything else. */
export function encodeAddress(address: string): Buffer {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  const ipv4 = mapped ?? address
  if (net.isIPv4(ipv4)) return Buffer.from([addressType.ipv4, ...ipv4.split('.').map(Number)])
  if (net.isIPv6(address)) return Buffer.concat([Uint8Array.of(addressType.ipv6), parseIPv6(address)])
  return Buffer.from([addressType.ipv4, 0, 0, 0, 0])
}

/** RFC 5952 text (the WHATWG URL serializer compresses it for us). */
export function formatIPv6(bytes: Buffer): string {
  const groups = Array.from({ length: 8 }, (_, index) => bytes.readUInt16BE(index * 2).toString(16))
  return new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1)
}

/** 16 bytes of an address that net.isIPv6 accepted (may hold '::' and a dotted IPv4 tail). */
function parseIPv6(address: string): Buffer {
  const toGroups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)]
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
          return [(a << 8) | b, (c << 8) | d]
        })
  const [left = '', right] = (address.split('%')[0] ?? '').split('::')
  const head = toGroups(left)
  const tail = right === undefined ? [] : toGroups(right)
  const groups = [...head, ...Array<number>(Math.max(0, 8 - head.length - tail.length)).fill(0), ...tail]
  const bytes = Buffer.alloc(16)
  groups.slice(0, 8).forEach((group, index) => {
    bytes.writeUInt16BE(group, index * 2)
  })
  return bytes
}

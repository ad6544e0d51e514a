// Changes the vmess credentials of a running v2ray 4.34 through its gRPC HandlerService, so that
// one customer's credential reset touches no other customer's tunnel (a restart cuts them all).
// `v2ctl api` cannot call this service, hence a small gRPC client of our own. The API listens on a
// Unix socket: a tunnel can only dial TCP and UDP addresses, so none can reach it.
import { chmodSync, rmSync } from 'node:fs'
import net from 'node:net'
import { Client, credentials, type ServiceError } from '@grpc/grpc-js'
import protobuf from 'protobufjs'

/**
 * Only the messages we send, one source per protobuf package, with v2ray's own package names and
 * field numbers (checked against v2ray.com/core 4.34.0: common/serial/typed_message.proto,
 * common/net/{address,port}.proto, common/protocol/user.proto, proxy/vmess/account.proto,
 * proxy/vmess/inbound/config.proto, app/proxyman/config.proto, config.proto,
 * app/proxyman/command/command.proto). A message travels inside a TypedMessage as bytes, named by
 * its full type name, so these names must be v2ray's exactly; fields we never set are left out.
 */
const PROTO_SOURCES = [
  `syntax = "proto3"; package v2ray.core.common.serial;
  message TypedMessage { string type = 1; bytes value = 2; }`,
  `syntax = "proto3"; package v2ray.core.common.net;
  message IPOrDomain { oneof address { bytes ip = 1; string domain = 2; } }
  message PortRange { uint32 From = 1; uint32 To = 2; }`,
  `syntax = "proto3"; package v2ray.core.common.protocol;
  message User { uint32 level = 1; string email = 2; v2ray.core.common.serial.TypedMessage account = 3; }`,
  `syntax = "proto3"; package v2ray.core.proxy.vmess;
  message Account { string id = 1; uint32 alter_id = 2; }`,
  `syntax = "proto3"; package v2ray.core.proxy.vmess.inbound;
  message Config { repeated v2ray.core.common.protocol.User user = 1; }`,
  `syntax = "proto3"; package v2ray.core.app.proxyman;
  message ReceiverConfig { v2ray.core.common.net.PortRange port_range = 1; v2ray.core.common.net.IPOrDomain listen = 2; }`,
  `syntax = "proto3"; package v2ray.core;
  message InboundHandlerConfig {
    string tag = 1;
    v2ray.core.common.serial.TypedMessage receiver_settings = 2;
    v2ray.core.common.serial.TypedMessage proxy_settings = 3;
  }`,
  `syntax = "proto3"; package v2ray.core.app.proxyman.command;
  message AddInboundRequest { v2ray.core.InboundHandlerConfig inbound = 1; }
  message RemoveInboundRequest { string tag = 1; }`,
]

const root = new protobuf.Root()
for (const source of PROTO_SOURCES) protobuf.parse(source, root, { keepCase: true })
root.resolveAll()

const SERVICE = '/v2ray.core.app.proxyman.command.HandlerService'
const CALL_MS = 3_000
/** sun_path holds 108 bytes, the terminating NUL included. */
const MAX_SOCKET_PATH = 107

const encode = (typeName: string, fields: Record<string, unknown>) => {
  const type = root.lookupType(typeName)
  return type.encode(type.fromObject(fields)).finish()
}
/** v2ray's TypedMessage: the message's full name and its bytes. */
const typed = (typeName: string, fields: Record<string, unknown>) => ({
  type: typeName,
  value: encode(typeName, fields),
})

/** An address as the 4 or 16 bytes v2ray's IPOrDomain carries. */
export function ipBytes(address: string): Uint8Array {
  if (net.isIPv4(address)) return Uint8Array.from(address.split('.').map(Number))
  if (!net.isIPv6(address)) throw new Error(`not an IP address: ${address}`)
  const [head = '', tail] = address.split('::')
  const groups = (part: string) => {
    if (part === '') return []
    const words = part.split(':')
    const last = words.at(-1) ?? ''
    // An IPv6 address may end in dotted IPv4 (`::ffff:1.2.3.4`): two words.
    if (!net.isIPv4(last)) return words.map((word) => Number.parseInt(word, 16))
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number)
    return [...words.slice(0, -1).map((word) => Number.parseInt(word, 16)), (a << 8) | b, (c << 8) | d]
  }
  const front = groups(head)
  const back = tail === undefined ? [] : groups(tail)
  const words = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back]
  return Uint8Array.from(words.flatMap((word) => [word >> 8, word & 0xff]))
}

export type VmessUser = { email: string; uuid: string; level: number }
/** One vmess inbound as the config file declares it: `listen` ip, `port`, `settings.clients`. */
export type VmessInbound = { tag: string; ip: string; port: number; users: VmessUser[] }

const inboundConfig = ({ tag, ip, port, users }: VmessInbound) => ({
  tag,
  receiver_settings: typed('v2ray.core.app.proxyman.ReceiverConfig', {
    port_range: { From: port, To: port },
    listen: { ip: ipBytes(ip) },
  }),
  proxy_settings: typed('v2ray.core.proxy.vmess.inbound.Config', {
    user: users.map(({ email, uuid, level }) => ({
      level,
      email,
      account: typed('v2ray.core.proxy.vmess.Account', { id: uuid, alter_id: 0 }),
    })),
  }),
})

export type V2rayUsers = {
  /**
   * Starts serving a vmess inbound. Never for a tag v2ray has: 4.34 then replaces its handle on the
   * old inbound, which keeps listening and can no longer be removed. It binds with SO_REUSEPORT, so
   * an address another inbound holds is shared, not refused.
   */
  addInbound: (inbound: VmessInbound) => Promise<void>
  /** Stops accepting on the inbound `tag`; tunnels it already carries go on. */
  removeInbound: (tag: string) => Promise<void>
  /**
   * A credential reset: the inbound is removed and added again with the new users, on the same tag
   * (so its routing rule still applies) and the same address. Not AlterInbound's RemoveUser: that
   * leaves the removed UUID's legacy (MD5) auth hashes in the inbound for up to ~150 s, so a
   * client with the old UUID and AEAD off still gets in. When this throws, the inbound may be gone:
   * restart v2ray.
   */
  replaceInbound: (inbound: VmessInbound) => Promise<void>
  close: () => void
}

/** A client of the HandlerService on the Unix socket at `socketPath` (see apiConfig). */
export function connectV2rayUsers(socketPath: string): V2rayUsers {
  const client = new Client(`unix:${socketPath}`, credentials.createInsecure())

  const call = (method: string, request: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      client.makeUnaryRequest(
        `${SERVICE}/${method}`,
        (bytes: Uint8Array) => Buffer.from(bytes),
        (bytes: Buffer) => bytes,
        request,
        { deadline: Date.now() + CALL_MS },
        (error: ServiceError | null) =>
          error ? reject(new Error(`v2ray ${method}: ${error.details || error.message}`)) : resolve(),
      )
    })

  const addInbound = (inbound: VmessInbound) =>
    call(
      'AddInbound',
      encode('v2ray.core.app.proxyman.command.AddInboundRequest', { inbound: inboundConfig(inbound) }),
    )
  const removeInbound = (tag: string) =>
    call('RemoveInbound', encode('v2ray.core.app.proxyman.command.RemoveInboundRequest', { tag }))

  return {
    addInbound,
    removeInbound,
    async replaceInbound(inbound) {
      await removeInbound(inbound.tag)
      await addInbound(inbound)
    },
    close: () => client.close(),
  }
}

/**
 * What v2ray's config needs for its API on the Unix socket `socketPath`: the `api` section, the
 * inbound (to add to `inbounds`) and the routing rule (to put first in `routing.rules`). Only the
 * HandlerService: vmess bytes are metered by our plane, not by v2ray.
 */
export function apiConfig(socketPath: string) {
  if (!socketPath.startsWith('/')) throw new Error(`v2ray's API socket needs an absolute path: ${socketPath}`)
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH)
    throw new Error(`v2ray's API socket path is over ${MAX_SOCKET_PATH} bytes: ${socketPath}`)
  return {
    api: { tag: 'api', services: ['HandlerService'] },
    // A path in `listen` and no port make v2ray 4.34 listen on a Unix socket; dokodemo-door then
    // needs the network `unix` (its address is required but unused: the api outbound serves in-process).
    inbound: {
      tag: 'api',
      listen: socketPath,
      protocol: 'dokodemo-door',
      settings: { address: '127.0.0.1', network: 'unix' },
    },
    rule: { type: 'field', inboundTag: ['api'], outboundTag: 'api' },
  }
}

/** Before a start: a socket file left by a killed v2ray makes the next one fail to listen ("address already in use"). */
export const clearApiSocket = (socketPath: string) => rmSync(socketPath, { force: true })

/** After a start: v2ray creates the socket with its umask (0755); only our own user may connect. */
export const restrictApiSocket = (socketPath: string) => chmodSync(socketPath, 0o600)

// What a protocol handler needs from the rest of the gateway: who may pass (authenticate),
// how to reach a destination (dial, associate for UDP), and how tunnel bytes are carried and metered (relay, count).
import type net from 'node:net'
import type { Authenticate, Destination, Entry, Grant } from '../route/grants.ts'

export type DialFailure =
  | 'not-allowed'
  | 'host-unreachable'
  | 'network-unreachable'
  | 'refused'
  | 'ttl-expired'
  | 'general'
  /** The credential has as many tunnels open node-wide as it may. */
  | 'over-cap'

/** Why an upstream could not be opened; each protocol turns the reason into its own reply code. */
export class DialError extends Error {
  constructor(
    readonly reason: DialFailure,
    message?: string,
    /** The system's error code behind it (ENOTFOUND…), which tunnel statistics tell apart. */
    readonly code?: string,
  ) {
    super(message ?? reason)
    this.name = 'DialError'
  }
}

/**
 * Handed to `handleSocks5` / `handleHttpProxy` with a socket whose bytes are all still unread
 * (the listener unshifts what it sniffed and leaves no 'data'/'readable' listener behind).
 */
export type ProxyContext = {
  /** Local address/port the client dialled (socket.localAddress/localPort). */
  entry: Entry
  authenticate: Authenticate
  /** The grant of this entry's static IP when the client's address is on its customer's whitelist. */
  whitelisted: () => Grant | null
  /**
   * Until when (ms since the epoch) the client's address is refused for guessing passwords; 0 when it
   * is not (never for an address its whitelist lets in). Asked before any password is read, so a
   * refused client costs no hashing. Absent: no guard.
   */
  refusedUntil?: () => number
  /**
   * Opens the upstream for a granted request: takes one of the credential's tunnel slots (released
   * when the upstream closes), resolves, applies the destination policy, binds to grant.exitAddress.
   * Rejects with a DialError.
   */
  dial: (grant: Grant, destination: Destination) => Promise<net.Socket>
  /** After the handshake: relays both ways, counting payload bytes for the grant, until either side ends. `head` = bytes already read from the client beyond the handshake (forward them upstream first, they count as up bytes). */
  relay: (grant: Grant, client: net.Socket, upstream: net.Socket, head: Buffer) => void
  /**
   * UDP ASSOCIATE for a granted client: a relay on the entry address, tied to `control` (the SOCKS5
   * connection). Rejects with a DialError (cap reached, no socket).
   */
  associate: (grant: Grant, control: net.Socket) => Promise<UdpRelay>
  /**
   * Bytes of an absolute-URI HTTP exchange that the handler itself relays, before it sends them:
   * counted for the grant once a traffic account's lease covers them all (waiting for it); false,
   * and nothing counted, when the account has nothing left.
   */
  spend: (grant: Grant, upBytes: number, downBytes: number) => Promise<boolean>
  /**
   * Registers a client connection the handler forwards itself (HTTP, request by request) under a
   * grant it serves, like a tunnel: a cut-off credential destroys the client (the handler then closes
   * its upstream). Its upstreams hold the tunnel slots.
   */
  track: (grant: Grant, client: net.Socket) => void
  /** A connection not relaying within this time (handshake and dial together) is destroyed. Default 10 s. */
  handshakeTimeoutMs?: number
  /** No byte either way for this long closes a forwarded HTTP exchange, as the relay closes a tunnel. Default 300 s. */
  idleTimeoutMs?: number
}

/** Where a UDP association listens; `start` once the reply is sent (the control connection is then its), `close` to give it up. */
export type UdpRelay = { address: string; port: number; start: () => void; close: () => void }

export const defaultHandshakeTimeoutMs = 10_000

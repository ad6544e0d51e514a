// Absolute-URI requests, one after another on a kept-alive client connection. Each goes upstream on a
// connection to its own origin (a new origin is dialled through the context, so the destination
// policy judges each one), without hop-by-hop headers; bodies and responses are framed exactly, and
// an upstream is reused only for the same origin and credential after a response that ended cleanly.
import type net from 'node:net'
import type { Destination, Grant } from '../route/grants.ts'
import type { ProxyContext } from './context.ts'
import { type Handshake, SocketReader } from './handshake.ts'
import { type BodyFraming, copyBody, FramingError, responseFraming, send } from './http-framing.ts'
import {
  type AbsoluteTarget,
  clientHead,
  errorResponse,
  hasToken,
  originHead,
  parseResponseHead,
  type RequestHead,
} from './http-head.ts'

/** A request read, checked and authorized, with its body still on the client connection. */
export type ForwardRequest = {
  raw: Buffer
  head: RequestHead
  target: AbsoluteTarget
  grant: Grant
  body: BodyFraming
}

/** Opens an upstream, or answers the client with the failure and gives undefined. */
export type DialOrRefuse = (grant: Grant, destination: Destination) => Promise<net.Socket | undefined>

type Upstream = { origin: string; grant: Grant; reader: SocketReader; isReusable: boolean }
/** How the final response went: whether it was the connection's last, and whether the origin keeps its end open. */
type Relayed = { isLast: boolean; isOriginKeepAlive: boolean }

/** Longest response head we take from an origin (below the reader's 64 KiB bound). */
const maxResponseHeadBytes = 32 * 1024
/** Default of GATEWAY_IDLE_TIMEOUT_MS, for contexts that do not set one. */
const defaultIdleTimeoutMs = 300_000

/** The origin broke HTTP before its response began: the client gets a 502. */
class BadGateway extends Error {}
/** A traffic account ran out mid-exchange: the connection is cut, as its tunnels are. */
class TrafficSpent extends Error {}

export class Forwarder {
  #upstream: Upstream | undefined
  /** The grants this connection is registered under (it stays registered under each until it closes). */
  readonly #tracked: Grant[] = []
  readonly #idleTimeoutMs: number

  constructor(
    readonly client: Handshake,
    readonly context: ProxyContext,
    readonly dial: DialOrRefuse,
  ) {
    this.#idleTimeoutMs = context.idleTimeoutMs ?? defaultIdleTimeoutMs
    // However the client goes (cut off, reset, timed out), its upstream goes with it.
    client.socket.once('close', () => this.close())
    // A client that neither sends nor reads for this long is gone (the relay's rule for tunnels).
    client.socket.setTimeout(this.#idleTimeoutMs, () => client.abort())
  }

  /** Serves one request and its response: 'next' when the client may send another, 'done' when it was closed. */
  async forward(request: ForwardRequest): Promise<'next' | 'done'> {
    this.#track(request.grant)
    const upstream = await this.#upstreamFor(request)
    if (!upstream) return 'done'
    this.client.stopDeadline()
    return this.#exchange(request, upstream)
  }

  /** Closes the upstream (the client is leaving, or turning into a tunnel). */
  close(): void {
    this.#upstream?.reader.socket.destroy()
    this.#upstream = undefined
  }

  /** The connection counts under each grant it serves, so a credential cut off closes it. */
  #track(grant: Grant): void {
    if (this.#tracked.some((tracked) => isSameGrant(tracked, grant))) return
    this.#tracked.push(grant)
    this.context.track(grant, this.client.socket)
  }

  /** Pays for bytes before they are sent; throws TrafficSpent when the account has nothing left. */
  async #spend(grant: Grant, upBytes: number, downBytes: number): Promise<void> {
    if (!(await this.context.spend(grant, upBytes, downBytes))) throw new TrafficSpent()
  }

  async #upstreamFor(request: ForwardRequest): Promise<Upstream | undefined> {
    const { grant, target } = request
    const origin = `${target.host.toLowerCase()}:${target.port}`
    const idle = this.#upstream
    // Bytes an idle upstream sent unasked, or its end, make it unfit: it is never read as an answer.
    const isFit = idle?.isReusable && idle.reader.isAlive && idle.reader.buffered === 0
    if (idle && isFit && idle.origin === origin && isSameGrant(idle.grant, grant)) return idle
    this.close()
    const socket = await this.dial(grant, { host: target.host, port: target.port })
    if (!socket) return undefined
    const { client } = this
    // An origin that goes quiet mid-exchange takes the client with it, as a quiet tunnel does.
    socket.setTimeout(this.#idleTimeoutMs, () => {
      socket.destroy()
      client.abort()
    })
    this.#upstream = { origin, grant, reader: new SocketReader(socket), isReusable: false }
    return this.#upstream
  }

  async #exchange(request: ForwardRequest, upstream: Upstream): Promise<'next' | 'done'> {
    const { client } = this
    const { grant, head } = request
    const socket = upstream.reader.socket
    upstream.isReusable = false
    const isKeepAlive =
      head.version === 'HTTP/1.1' &&
      !hasToken(head, 'connection', 'close') &&
      !hasToken(head, 'proxy-connection', 'close')
    // Metering: up = the client's bytes as it sent them (its head, not the rewritten one, and its
    // body), down = the bytes written to the client; exactly what the client sent and received.
    let bodyError: unknown
    const bodySent = this.#spend(grant, request.raw.length, 0)
      .then(() => send(socket, originHead(head, request.target, isKeepAlive)))
      .then(() => copyBody(request.body, client, socket, (bytes) => this.#spend(grant, bytes, 0)))
      .then(
        () => true,
        (error: unknown) => {
          bodyError = error
          socket.destroy()
          return false
        },
      )
    const answer = { hasBegun: false }
    let response: Relayed
    try {
      response = await this.#relayResponse(request, upstream.reader, isKeepAlive, answer)
    } catch (error) {
      socket.destroy()
      // A response cut short must look cut short to the client: no clean end, no error after it.
      const isSpent = error instanceof TrafficSpent || bodyError instanceof TrafficSpent
      if (answer.hasBegun || isSpent || !client.socket.writable) client.abort()
      else client.refuse(errorResponse(bodyError instanceof FramingError ? 400 : 502))
      return 'done'
    }
    const isBodySent = await bodySent
    upstream.isReusable = isBodySent && isKeepAlive && response.isOriginKeepAlive
    if (!upstream.isReusable) this.close()
    if (isBodySent && !response.isLast) return 'next'
    client.finish()
    return 'done'
  }

  /** Interim responses, then the final one and its body; `answer.hasBegun` once the final head is on its way. */
  async #relayResponse(
    request: ForwardRequest,
    from: SocketReader,
    isKeepAlive: boolean,
    answer: { hasBegun: boolean },
  ): Promise<Relayed> {
    const to = this.client.socket
    const counted = (bytes: number) => this.#spend(request.grant, 0, bytes)
    for (;;) {
      const raw = await from.readHead(maxResponseHeadBytes)
      const head = raw && parseResponseHead(raw)
      // We never ask to switch protocols (Upgrade is hop-by-hop), so a 101 is not an answer we can relay.
      if (!head || head.status === 101) throw new BadGateway()
      if (head.status < 200) {
        // 1xx: forwarded to HTTP/1.1 clients only (RFC 9110 §15.2), then the final response follows.
        if (request.head.version === 'HTTP/1.1') await forwardHead(to, clientHead(head, false), counted)
        continue
      }
      const framing = responseFraming(request.head.method, head)
      if (!framing) throw new BadGateway()
      const isLast = !isKeepAlive || framing.kind === 'until-close'
      answer.hasBegun = true
      await forwardHead(to, clientHead(head, isLast), counted)
      await copyBody(framing, from, to, counted)
      const isOriginKeepAlive =
        head.version === 'HTTP/1.1' &&
        !hasToken(head, 'connection', 'close') &&
        framing.kind !== 'until-close'
      return { isLast, isOriginKeepAlive }
    }
  }
}

async function forwardHead(to: net.Socket, bytes: Buffer, spend: (bytes: number) => Promise<void>) {
  await spend(bytes.length)
  return send(to, bytes)
}

/** Grants are rebuilt on every pull (and per request for sessions and whitelists): compare what they grant. */
function isSameGrant(a: Grant, b: Grant): boolean {
  return (
    a.kind === b.kind &&
    a.id === b.id &&
    a.version === b.version &&
    a.exitAddress === b.exitAddress &&
    a.session?.id === b.session?.id &&
    a.whitelisted?.source === b.whitelisted?.source
  )
}

// HTTP proxy: CONNECT tunnels and absolute-URI requests, both behind `Proxy-Authorization: Basic`.
// A kept-alive connection carries request after request, each forwarded to its own origin
// (http-forward.ts), until a CONNECT turns it into a tunnel. Origin-form requests are not ours to serve.
import type net from 'node:net'
import type { Destination, Grant } from '../route/grants.ts'
import { DialError, type DialFailure, defaultHandshakeTimeoutMs, type ProxyContext } from './context.ts'
import { Handshake } from './handshake.ts'
import { Forwarder, type ForwardRequest } from './http-forward.ts'
import { requestFraming } from './http-framing.ts'
import {
  type AbsoluteTarget,
  errorResponse,
  headerValues,
  parseAbsoluteTarget,
  parseAuthority,
  parseBasicCredentials,
  parseHead,
  type RequestHead,
} from './http-head.ts'

/** Longest request head we read before answering 431. */
export const maxHeadBytes = 16 * 1024

const statusForDialFailure: Record<DialFailure, number> = {
  'not-allowed': 403,
  refused: 502,
  general: 502,
  'host-unreachable': 504,
  'network-unreachable': 504,
  'ttl-expired': 504,
  'over-cap': 429,
}

/** A CONNECT, checked and authorized. */
type TunnelRequest = { raw: Buffer; head: RequestHead; grant: Grant; target: Destination }

export async function handleHttpProxy(socket: net.Socket, context: ProxyContext): Promise<void> {
  // A client that half-closes after its requests still gets their answers (the listener sets this too).
  socket.allowHalfOpen = true
  const handshake = new Handshake(socket, context.handshakeTimeoutMs ?? defaultHandshakeTimeoutMs)
  const forwarder = new Forwarder(handshake, context, (grant, target) =>
    dial(handshake, context, grant, target),
  )
  try {
    // Each head gets the handshake deadline anew: an idle or slow kept-alive client is closed in time.
    for (; ; handshake.restartDeadline()) {
      const request = await readRequest(handshake, context)
      if (!request) return
      if (!('body' in request)) {
        forwarder.close()
        return await tunnel(handshake, context, request)
      }
      if ((await forwarder.forward(request)) === 'done') return
    }
  } catch {
    handshake.abort()
  }
}

/** The next request, checked and authorized; undefined when the client was answered or has gone. */
async function readRequest(
  handshake: Handshake,
  context: ProxyContext,
): Promise<ForwardRequest | TunnelRequest | undefined> {
  let raw: Buffer | undefined
  try {
    raw = await handshake.readHead(maxHeadBytes)
  } catch (error) {
    // A client that ended between requests gets our side's end once all we wrote has gone out.
    if (handshake.socket.destroyed) throw error
    return void handshake.finish()
  }
  if (!raw) return void handshake.refuse(errorResponse(431))
  const head = parseHead(raw)
  const target = head && requestTarget(head)
  // A body whose end we and the origin could see differently (request smuggling) is refused.
  const body = head && target && 'path' in target ? requestFraming(head) : undefined
  if (!head || !target || ('path' in target && !body)) return void handshake.refuse(errorResponse(400))
  // A source refused for guessing passwords: answered before its password is looked at.
  const refusedUntil = context.refusedUntil?.() ?? 0
  if (refusedUntil > 0) return void handshake.refuse(guessingResponse(refusedUntil))
  const grant = authorize(head, context)
  if (!grant) return void handshake.refuse(errorResponse(407, ['Proxy-Authenticate: Basic realm="proxy"']))
  return 'path' in target ? body && { raw, head, grant, target, body } : { raw, head, grant, target }
}

/** CONNECT takes authority-form, every other method absolute-form; anything else is a 400. */
function requestTarget(head: RequestHead): Destination | AbsoluteTarget | undefined {
  return head.method === 'CONNECT' ? parseAuthority(head.target) : parseAbsoluteTarget(head.target)
}

function authorize(head: RequestHead, context: ProxyContext): Grant | null {
  const values = headerValues(head, 'proxy-authorization')
  // Two credentials in one request is either a bug or a probe; neither gets a choice made for it.
  const credentials =
    values.length === 1 && values[0] !== undefined ? parseBasicCredentials(values[0]) : undefined
  const granted =
    credentials && context.authenticate(context.entry, credentials.username, credentials.password)
  // A whitelisted source needs no password (and a stale one does not lock it out).
  return granted || context.whitelisted()
}

/** CONNECT: the rest of the connection is a tunnel, metered by the relay from the first byte after our answer. */
async function tunnel(handshake: Handshake, context: ProxyContext, request: TunnelRequest): Promise<void> {
  const { socket } = handshake
  const upstream = await dial(handshake, context, request.grant, request.target)
  if (!upstream) return
  socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
  const rest = handshake.handOff()
  try {
    context.relay(request.grant, socket, upstream, rest)
  } catch {
    upstream.destroy()
    socket.destroy()
  }
}

/** The upstream socket, or undefined when the client was answered with an error or has gone. */
async function dial(
  handshake: Handshake,
  context: ProxyContext,
  grant: Grant,
  target: Destination,
): Promise<net.Socket | undefined> {
  let upstream: net.Socket
  try {
    upstream = await context.dial(grant, { host: target.host, port: target.port })
  } catch (error) {
    const status = error instanceof DialError ? statusForDialFailure[error.reason] : 502
    handshake.refuse(status === 429 ? overCapResponse() : errorResponse(status ?? 502))
    return undefined
  }
  // The client may have left, or the deadline passed, while we were dialling (one that only
  // half-closed after its requests still waits for their answers).
  if (!handshake.socket.destroyed) return upstream
  upstream.destroy()
  handshake.abort()
  return undefined
}

function overCapResponse(): string {
  return errorResponse(
    429,
    [],
    'This credential has as many connections open as it may: close some, then try again.\n',
  )
}

function guessingResponse(refusedUntil: number): string {
  const seconds = Math.max(1, Math.ceil((refusedUntil - Date.now()) / 1000))
  return errorResponse(
    429,
    [`Retry-After: ${seconds}`],
    `Too many wrong proxy passwords from this address: try again in ${seconds} s.\n`,
  )
}

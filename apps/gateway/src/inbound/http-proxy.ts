// HTTP proxy: CONNECT tunnels and absolute-URI requests (one request per connection),
// both behind `Proxy-Authorization: Basic`. Origin-form requests are not ours to serve.
import type net from 'node:net'
import type { Destination, Grant } from '../route/grants.ts'
import { DialError, type DialFailure, defaultHandshakeTimeoutMs, type ProxyContext } from './context.ts'
import { Handshake } from './handshake.ts'
import {
  type AbsoluteTarget,
  headerValues,
  originHead,
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
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  407: 'Proxy Authentication Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  502: 'Bad Gateway',
  504: 'Gateway Timeout',
}

export async function handleHttpProxy(socket: net.Socket, context: ProxyContext): Promise<void> {
  const handshake = new Handshake(socket, context.handshakeTimeoutMs ?? defaultHandshakeTimeoutMs)
  try {
    const raw = await handshake.readHead(maxHeadBytes)
    if (!raw) return handshake.refuse(errorResponse(431))
    const head = parseHead(raw)
    const target = head && requestTarget(head)
    if (!head || !target) return handshake.refuse(errorResponse(400))
    // A source refused for guessing passwords: answered before its password is looked at.
    const refusedUntil = context.refusedUntil?.() ?? 0
    if (refusedUntil > 0) return handshake.refuse(guessingResponse(refusedUntil))
    const grant = authorize(head, context)
    if (!grant) return handshake.refuse(errorResponse(407, ['Proxy-Authenticate: Basic realm="proxy"']))
    const upstream = await dial(handshake, context, grant, target)
    if (!upstream) return

    if ('path' in target) {
      // Metering: the client's original head is counted here, as it was sent; the rewritten head is
      // written upstream outside the relay, so it is not counted again. Body bytes (already buffered
      // ones passed as `head`, later ones piped) and the whole response are counted by the relay.
      // Up = original head + body, down = response: exactly what the client sent and received.
      context.count(grant, raw.length, 0)
      upstream.write(originHead(head, target))
    } else {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
    }
    const rest = handshake.handOff()
    try {
      context.relay(grant, socket, upstream, rest)
    } catch {
      upstream.destroy()
      socket.destroy()
    }
  } catch {
    handshake.abort()
  }
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
    handshake.refuse(errorResponse(status ?? 502))
    return undefined
  }
  // The client may have left, or the deadline passed, while we were dialling.
  if (handshake.isAlive) return upstream
  upstream.destroy()
  handshake.abort()
  return undefined
}

function errorResponse(status: number, extraHeaders: string[] = [], text?: string): string {
  const reason = reasons[status] ?? 'Error'
  const body = `${status} ${reason}\n${text ?? ''}`
  return [
    `HTTP/1.1 ${status} ${reason}`,
    ...extraHeaders,
    'Content-Type: text/plain',
    `Content-Length: ${body.length}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n')
}

function guessingResponse(refusedUntil: number): string {
  const seconds = Math.max(1, Math.ceil((refusedUntil - Date.now()) / 1000))
  return errorResponse(
    429,
    [`Retry-After: ${seconds}`],
    `Too many wrong proxy passwords from this address: try again in ${seconds} s.\n`,
  )
}

// Parsing and rewriting of HTTP/1.x proxy request heads and of the origins' response heads. Strict on
// purpose: a line we do not understand is a 400 (or a 502), never a guess (lenient parsers are where
// request smuggling lives).
import net from 'node:net'
import type { Destination } from '../route/grants.ts'
import { isValidHost } from './handshake.ts'

type Headers = Array<[name: string, value: string]>

export type RequestHead = {
  method: string
  target: string
  version: string
  headers: Headers
}

export type ResponseHead = { version: string; status: number; reason: string; headers: Headers }

export type AbsoluteTarget = Destination & { authority: string; path: string }

const requestLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) ([\x21-\x7e\x80-\xff]+) (HTTP\/1\.[01])$/
const statusLine = /^(HTTP\/1\.[01]) ([1-5]\d\d)(?: ([\t\x20-\x7e\x80-\xff]*))?$/
const headerLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*([^\0\r\n]*?)[ \t]*$/

/** Parses a head ending in CRLFCRLF (as Handshake.readHead returns it); undefined when malformed. */
export function parseHead(raw: Buffer): RequestHead | undefined {
  const lines = headLines(raw)
  // RFC 9112 §2.2: ignore empty lines before the request line.
  while (lines[0] === '') lines.shift()
  const start = requestLine.exec(lines[0] ?? '')
  const headers = parseHeaderLines(lines.slice(1))
  if (!start || !headers) return undefined
  return { method: start[1] ?? '', target: start[2] ?? '', version: start[3] ?? '', headers }
}

/** An origin's response head (status line and headers, ending in CRLFCRLF); undefined when malformed. */
export function parseResponseHead(raw: Buffer): ResponseHead | undefined {
  const lines = headLines(raw)
  const start = statusLine.exec(lines[0] ?? '')
  const headers = parseHeaderLines(lines.slice(1))
  if (!start || !headers) return undefined
  return { version: start[1] ?? '', status: Number(start[2]), reason: start[3] ?? '', headers }
}

/** One `name: value` line, as a header or a chunked body's trailer. */
export const isHeaderLine = (line: string) => headerLine.test(line)

// latin1 maps each byte to one char, so nothing is lost or reinterpreted on the way back out.
const headLines = (raw: Buffer) => raw.toString('latin1').slice(0, -4).split('\r\n')

function parseHeaderLines(lines: string[]): Headers | undefined {
  const headers: Headers = []
  for (const line of lines) {
    const header = headerLine.exec(line)
    if (!header) return undefined
    headers.push([header[1] ?? '', header[2] ?? ''])
  }
  return headers
}

/** Whether a comma-separated header holds `token` (lower case; matched in any case), e.g. `close` in Connection. */
export function hasToken(head: { headers: Headers }, name: string, token: string): boolean {
  return headerValues(head, name).some((value) =>
    value.split(',').some((each) => each.trim().toLowerCase() === token),
  )
}

export function headerValues(head: { headers: Headers }, name: string): string[] {
  const wanted = name.toLowerCase()
  return head.headers.filter(([key]) => key.toLowerCase() === wanted).map(([, value]) => value)
}

/** `host:port` or `[v6]:port`; the port is required unless a default is given. */
export function parseAuthority(text: string, defaultPort?: number): Destination | undefined {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]@]+))(?::(\d{1,5}))?$/.exec(text)
  if (!match) return undefined
  const [, bracketed, plain, portText] = match
  const port = portText === undefined ? defaultPort : Number(portText)
  if (port === undefined || port < 1 || port > 65535) return undefined
  if (bracketed !== undefined) return net.isIPv6(bracketed) ? { host: bracketed, port } : undefined
  // A bare IPv6 without brackets would have been split at its first colon, so only names and IPv4 get here.
  return plain !== undefined && isValidHost(plain) ? { host: plain, port } : undefined
}

/** `http://authority/path?query`; https and userinfo are refused (clients use CONNECT for TLS). */
export function parseAbsoluteTarget(target: string): AbsoluteTarget | undefined {
  const match = /^http:\/\/([^/?#]*)([^#]*)/i.exec(target)
  const authority = match?.[1] ?? ''
  const destination = parseAuthority(authority, 80)
  if (!match || !destination) return undefined
  const rest = match[2] ?? ''
  const path = rest.startsWith('/') ? rest : `/${rest}`
  return { ...destination, authority, path }
}

export function parseBasicCredentials(value: string): { username: string; password: string } | undefined {
  const token = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(value)?.[1]
  if (token === undefined) return undefined
  const decoded = Buffer.from(token, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return undefined
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

// Hop-by-hop (RFC 9110 §7.6.1) plus our own credentials and Host, which is rebuilt from the target.
const droppedHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
  'host',
])
// Bodies are relayed as raw bytes, so their framing headers must reach the peer unchanged.
const framingHeaders = new Set(['content-length', 'transfer-encoding'])

/** The headers that travel end to end: hop-by-hop ones and those the message's Connection names go. */
function endToEnd(headers: Headers): string[] {
  const listed = headerValues({ headers }, 'connection').flatMap((value) =>
    value.split(',').map((token) => token.trim().toLowerCase()),
  )
  const isDropped = (name: string) =>
    droppedHeaders.has(name) || (listed.includes(name) && !framingHeaders.has(name))
  return headers
    .filter(([name]) => !isDropped(name.toLowerCase()))
    .map(([name, value]) => `${name}: ${value}`)
}

/**
 * The head to send the origin: origin-form request line, Host from the target (RFC 9112 §3.2.2),
 * hop-by-hop and proxy headers removed, and our own Connection for this upstream hop.
 */
export function originHead(head: RequestHead, target: AbsoluteTarget, isKeepAlive: boolean): Buffer {
  return headBytes([
    `${head.method} ${target.path} ${head.version}`,
    `Host: ${target.authority}`,
    ...endToEnd(head.headers),
    `Connection: ${isKeepAlive ? 'keep-alive' : 'close'}`,
  ])
}

/**
 * The response head to send the client: in our own HTTP version, the origin's hop-by-hop headers
 * removed, and `Connection: close` when this is the connection's last response.
 */
export function clientHead(head: ResponseHead, isLast: boolean): Buffer {
  return headBytes([
    `HTTP/1.1 ${head.status} ${head.reason}`,
    ...endToEnd(head.headers),
    ...(isLast ? ['Connection: close'] : []),
  ])
}

const headBytes = (lines: string[]) => Buffer.from([...lines, '', ''].join('\r\n'), 'latin1')

const reasons: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  407: 'Proxy Authentication Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  502: 'Bad Gateway',
  504: 'Gateway Timeout',
}

/** The proxy's own answer, always the connection's last. */
export function errorResponse(status: number, extraHeaders: string[] = [], text = ''): string {
  const reason = reasons[status] ?? 'Error'
  const body = `${status} ${reason}\n${text}`
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

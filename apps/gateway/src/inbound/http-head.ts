// Parsing and rewriting of an HTTP/1.x proxy request head. Strict on purpose: a line we do not
// understand is a 400, never a guess (lenient parsers are where request smuggling lives).
import net from 'node:net'
import type { Destination } from '../route/grants.ts'
import { isValidHost } from './handshake.ts'

export type RequestHead = {
  method: string
  target: string
  version: string
  headers: Array<[name: string, value: string]>
}

export type AbsoluteTarget = Destination & { authority: string; path: string }

const requestLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) ([\x21-\x7e\x80-\xff]+) (HTTP\/1\.[01])$/
const headerLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*([^\0\r\n]*?)[ \t]*$/

/** Parses a head ending in CRLFCRLF (as Handshake.readHead returns it); undefined when malformed. */
export function parseHead(raw: Buffer): RequestHead | undefined {
  // latin1 maps each byte to one char, so nothing is lost or reinterpreted on the way back out.
  const lines = raw.toString('latin1').slice(0, -4).split('\r\n')
  // RFC 9112 §2.2: ignore empty lines before the request line.
  while (lines[0] === '') lines.shift()
  const start = requestLine.exec(lines[0] ?? '')
  if (!start) return undefined
  const headers: RequestHead['headers'] = []
  for (const line of lines.slice(1)) {
    const header = headerLine.exec(line)
    if (!header) return undefined
    headers.push([header[1] ?? '', header[2] ?? ''])
  }
  return { method: start[1] ?? '', target: start[2] ?? '', version: start[3] ?? '', headers }
}

export function headerValues(head: RequestHead, name: string): string[] {
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
// The body is relayed as raw bytes, so its framing headers must reach the origin unchanged.
const framingHeaders = new Set(['content-length', 'transfer-encoding'])

/**
 * The head to send the origin: origin-form request line, Host from the target (RFC 9112 §3.2.2),
 * hop-by-hop and proxy headers removed, and `Connection: close` so there is one request per tunnel.
 */
export function originHead(head: RequestHead, target: AbsoluteTarget): Buffer {
  const listed = headerValues(head, 'connection').flatMap((value) =>
    value.split(',').map((token) => token.trim().toLowerCase()),
  )
  const isDropped = (name: string) =>
    droppedHeaders.has(name) || (listed.includes(name) && !framingHeaders.has(name))
  const kept = head.headers.filter(([name]) => !isDropped(name.toLowerCase()))
  const lines = [
    `${head.method} ${target.path} ${head.version}`,
    `Host: ${target.authority}`,
    ...kept.map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
    '',
    '',
  ]
  return Buffer.from(lines.join('\r\n'), 'latin1')
}

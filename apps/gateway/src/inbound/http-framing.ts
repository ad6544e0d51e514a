// Where an HTTP/1.x message body ends (RFC 9112 §6), and copying one unchanged. The proxy forwards
// bodies byte for byte, so its idea of their end must be the peer's: anything ambiguous is refused
// (a request with both Content-Length and Transfer-Encoding is how request smuggling starts).
import type net from 'node:net'
import { HandshakeAborted, type SocketReader } from './handshake.ts'
import { headerValues, isHeaderLine, type RequestHead, type ResponseHead } from './http-head.ts'

export type BodyFraming =
  | { kind: 'none' }
  | { kind: 'length'; length: number }
  | { kind: 'chunked' }
  /** Responses only: the body ends when the origin closes (and so must the client connection). */
  | { kind: 'until-close' }

/** A body broke its framing (a bad chunk line, a short body): the connection cannot go on. */
export class FramingError extends Error {}

const none: BodyFraming = { kind: 'none' }
/** Largest piece copied at once (the readers buffer at most 64 KiB anyway). */
const maxPieceBytes = 64 * 1024
/** Longest chunk-size line (with its extensions) and longest trailer section we accept. */
const maxChunkLineBytes = 4 * 1024
const maxTrailerBytes = 16 * 1024
// Hex size, then optional extensions of visible characters: no bare CR or LF anywhere in the line.
const chunkSizeLine = /^([0-9A-Fa-f]{1,12})(?:[ \t]*;[\t\x20-\x7e]*)?\r\n$/

/** A request's body; undefined when its framing is ambiguous or not ours to parse (answer 400). */
export function requestFraming(head: RequestHead): BodyFraming | undefined {
  const length = contentLength(head)
  const codings = transferCodings(head)
  if (codings.length === 0) return length === undefined ? none : lengthFraming(length)
  // RFC 9112 §6.1: Transfer-Encoding in HTTP/1.0, or next to Content-Length, is a framing fault.
  if (length !== undefined || head.version !== 'HTTP/1.1') return undefined
  return codings.length === 1 && codings[0] === 'chunked' ? { kind: 'chunked' } : undefined
}

/** A response's body (RFC 9112 §6.3); undefined when its framing is ambiguous (answer 502). */
export function responseFraming(method: string, head: ResponseHead): BodyFraming | undefined {
  if (method === 'HEAD' || head.status < 200 || head.status === 204 || head.status === 304) return none
  const length = contentLength(head)
  const codings = transferCodings(head)
  if (codings.length === 0) return length === undefined ? { kind: 'until-close' } : lengthFraming(length)
  if (length !== undefined || head.version !== 'HTTP/1.1') return undefined
  const chunked = codings.indexOf('chunked')
  if (chunked < 0) return { kind: 'until-close' }
  return chunked === codings.length - 1 ? { kind: 'chunked' } : undefined
}

/** Undefined when absent; NaN when malformed, or repeated with differing values. */
function contentLength(head: RequestHead | ResponseHead): number | undefined {
  const values = headerValues(head, 'content-length').flatMap((value) => value.split(','))
  const first = values[0]?.trim()
  if (first === undefined) return undefined
  const isValid = /^\d{1,15}$/.test(first) && values.every((value) => value.trim() === first)
  return isValid ? Number(first) : Number.NaN
}

const lengthFraming = (length: number): BodyFraming | undefined =>
  Number.isNaN(length) ? undefined : { kind: 'length', length }

const transferCodings = (head: RequestHead | ResponseHead) =>
  headerValues(head, 'transfer-encoding').flatMap((value) =>
    value.split(',').map((coding) => coding.trim().toLowerCase()),
  )

/** Copies one body from `from` to `to` exactly as framed; each piece is paid for (`spend`, which may throw) before it is sent. */
export async function copyBody(
  framing: BodyFraming,
  from: SocketReader,
  to: net.Socket,
  spend: (bytes: number) => Promise<void>,
): Promise<void> {
  const forward = async (bytes: Buffer) => {
    await spend(bytes.length)
    return send(to, bytes)
  }
  if (framing.kind === 'length') await copyLength(from, framing.length, forward)
  else if (framing.kind === 'chunked') await copyChunked(from, forward)
  else if (framing.kind === 'until-close') {
    for (let bytes = await from.readSome(maxPieceBytes); bytes.length > 0; ) {
      await forward(bytes)
      bytes = await from.readSome(maxPieceBytes)
    }
  }
}

type Forward = (bytes: Buffer) => Promise<void>

async function copyLength(from: SocketReader, length: number, forward: Forward): Promise<void> {
  for (let left = length; left > 0; ) {
    const bytes = await from.readSome(Math.min(left, maxPieceBytes))
    if (bytes.length === 0) throw new FramingError('the body ended early')
    left -= bytes.length
    await forward(bytes)
  }
}

async function copyChunked(from: SocketReader, forward: Forward): Promise<void> {
  for (;;) {
    const line = await from.readThrough('\r\n', maxChunkLineBytes)
    const size = line && chunkSizeLine.exec(line.toString('latin1'))?.[1]
    if (!line || size === undefined) throw new FramingError('malformed chunk size')
    await forward(line)
    if (Number.parseInt(size, 16) === 0) return copyTrailers(from, forward)
    await copyLength(from, Number.parseInt(size, 16), forward)
    const end = await from.read(2)
    if (end.toString('latin1') !== '\r\n') throw new FramingError('chunk data not followed by CRLF')
    await forward(end)
  }
}

/** The trailer section after the last chunk, through its empty line. */
async function copyTrailers(from: SocketReader, forward: Forward): Promise<void> {
  for (let total = 0; ; ) {
    const line = await from.readThrough('\r\n', maxTrailerBytes - total)
    if (!line) throw new FramingError('trailers too long')
    total += line.length
    const text = line.toString('latin1').slice(0, -2)
    if (text !== '' && !isHeaderLine(text)) throw new FramingError('malformed trailer')
    await forward(line)
    if (text === '') return
  }
}

/** Writes `bytes`; while the socket's buffer is full, waits for it to drain. Rejects once the socket is closed. */
export function send(socket: net.Socket, bytes: Uint8Array): Promise<void> {
  if (socket.destroyed || socket.writableEnded) return Promise.reject(new HandshakeAborted())
  if (socket.write(bytes)) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      socket.off('drain', onDrain)
      socket.off('close', onClose)
      if (error) reject(error)
      else resolve()
    }
    const onDrain = () => settle()
    const onClose = () => settle(new HandshakeAborted())
    socket.on('drain', onDrain)
    socket.on('close', onClose)
  })
}

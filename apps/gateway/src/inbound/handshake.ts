// The pre-relay phase of one client connection, shared by SOCKS5 and HTTP: a bounded buffered
// reader over the socket, the handshake deadline, and the two ways out (hand off to the relay, or refuse).
// The reader alone also serves the HTTP proxy's upstreams, whose responses it parses.
import net from 'node:net'

/** The client (or an upstream being read) closed, failed or ran out of time before the bytes asked for came. */
export class HandshakeAborted extends Error {}

/** Past this many unread bytes the socket is paused: a client cannot make us buffer without bound. */
const maxBuffered = 64 * 1024
/** After a refusal, how long we keep draining the client so that closing does not reset our reply away. */
const lingerMs = 1_000
const ignore = () => {}

/** Bounded buffered reads of one socket: exact lengths, delimited heads and lines, or whatever came. */
export class SocketReader {
  #buffer: Buffer = Buffer.alloc(0)
  /** How far readThrough already searched, so a head arriving byte by byte is scanned once. */
  #scanned = 0
  #hasEnded = false
  #wake: (() => void) | undefined

  constructor(readonly socket: net.Socket) {
    // Stays for the socket's life: a reset during or after the handshake must never crash the process.
    socket.on('error', ignore)
    socket.on('data', this.#onData)
    socket.on('end', this.#onEnd)
    socket.on('close', this.#onClose)
    socket.resume()
  }

  /** False once the peer is gone (ended, closed, reset, or destroyed by the deadline). */
  get isAlive(): boolean {
    return !this.socket.destroyed && !this.#hasEnded
  }

  /** Exactly `length` bytes; rejects with HandshakeAborted if the peer goes away first. */
  async read(length: number): Promise<Buffer> {
    await this.#until(() => this.#buffer.length >= length)
    return this.#take(length)
  }

  /** Bytes read from the socket and not taken yet. */
  get buffered(): number {
    return this.#buffer.length
  }

  /** The request head through the first CRLFCRLF, or undefined if it does not end within `limit` bytes. */
  readHead(limit: number): Promise<Buffer | undefined> {
    return this.readThrough('\r\n\r\n', limit)
  }

  /** Bytes through the first `delimiter`, or undefined if it does not end within `limit` (≤ 64 KiB) bytes. */
  async readThrough(delimiter: string, limit: number): Promise<Buffer | undefined> {
    let end = -1
    await this.#until(() => {
      end = this.#buffer.indexOf(delimiter, Math.max(0, this.#scanned - delimiter.length + 1))
      this.#scanned = this.#buffer.length
      return end >= 0 || this.#buffer.length >= limit
    })
    const length = end + delimiter.length
    return end >= 0 && length <= limit ? this.#take(length) : undefined
  }

  /**
   * Up to `max` bytes as soon as there are any; empty once the peer has ended (FIN) and all was
   * taken. Rejects when the socket was closed without an end (reset, destroyed), so a body cut
   * short is never mistaken for a complete one.
   */
  async readSome(max: number): Promise<Buffer> {
    await this.#until(() => this.#buffer.length > 0 || this.#hasEnded)
    return this.#take(Math.min(max, this.#buffer.length))
  }

  /** Stops reading, leaves the socket paused, and returns the bytes read but not taken. */
  release(): Buffer {
    this.socket.off('data', this.#onData)
    this.socket.off('end', this.#onEnd)
    this.socket.off('close', this.#onClose)
    this.socket.pause()
    const rest = this.#buffer
    this.#buffer = Buffer.alloc(0)
    return rest
  }

  #onData = (chunk: Buffer): void => {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk])
    if (this.#buffer.length >= maxBuffered) this.socket.pause()
    this.#wake?.()
  }

  #onEnd = (): void => {
    this.#hasEnded = true
    this.#wake?.()
  }

  #onClose = (): void => {
    this.#wake?.()
  }

  // Each pass waits for one socket event; the buffer cap and the deadline bound the number of passes.
  async #until(isReady: () => boolean): Promise<void> {
    while (!isReady()) {
      if (!this.isAlive) throw new HandshakeAborted()
      await new Promise<void>((resolve) => {
        this.#wake = resolve
      })
      this.#wake = undefined
    }
  }

  #take(length: number): Buffer {
    const bytes = this.#buffer.subarray(0, length)
    this.#buffer = this.#buffer.subarray(length)
    this.#scanned = 0
    if (this.socket.isPaused() && this.#buffer.length < maxBuffered) this.socket.resume()
    return bytes
  }
}

/** A client connection before it is relayed: the reader, a deadline, and the two ways out. */
export class Handshake extends SocketReader {
  #deadline: NodeJS.Timeout

  constructor(
    socket: net.Socket,
    readonly timeoutMs: number,
  ) {
    super(socket)
    this.#deadline = setTimeout(() => socket.destroy(), timeoutMs)
  }

  /** No deadline while a request is being served; a kept-alive client gets `timeoutMs` again for its next head. */
  stopDeadline(): void {
    clearTimeout(this.#deadline)
  }

  restartDeadline(): void {
    clearTimeout(this.#deadline)
    this.#deadline = setTimeout(() => this.socket.destroy(), this.timeoutMs)
  }

  /** The handshake succeeded: returns the bytes read past it; the socket is left paused for the relay. */
  handOff(): Buffer {
    clearTimeout(this.#deadline)
    return this.release()
  }

  /** Answers with `reply` (if any) and closes gently: FIN first, drain, destroy after a short linger. */
  refuse(reply?: Uint8Array | string): void {
    this.#end(reply, 'end')
  }

  /**
   * After the connection's last answer: like refuse, but the linger starts once all that was written
   * has gone out, so a slow reader gets the end of its answer (the caller's idle timer bounds one that
   * never reads).
   */
  finish(): void {
    this.#end(undefined, 'finish')
  }

  #end(reply: Uint8Array | string | undefined, lingerFrom: 'end' | 'finish'): void {
    this.handOff()
    const { socket } = this
    if (socket.destroyed) return
    if (socket.writableEnded) {
      socket.destroy()
      return
    }
    socket.on('data', ignore)
    socket.resume()
    const linger = () => {
      const timer = setTimeout(() => socket.destroy(), lingerMs)
      socket.once('close', () => clearTimeout(timer))
    }
    if (lingerFrom === 'finish') socket.once('finish', linger)
    if (reply === undefined) socket.end()
    else socket.end(reply)
    if (lingerFrom === 'end') linger()
  }

  /** Malformed input or a client that went away: no answer, just close. */
  abort(): void {
    this.handOff()
    this.socket.destroy()
  }
}

const hostName =
  /^(?=.{1,253}$)[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?)*\.?$/

/** An IP literal or a plausible DNS name; anything else never reaches the resolver. */
export function isValidHost(host: string): boolean {
  return net.isIP(host) !== 0 || hostName.test(host)
}

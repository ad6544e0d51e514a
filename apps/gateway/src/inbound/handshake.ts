// The pre-relay phase of one client connection, shared by SOCKS5 and HTTP: a bounded buffered
// reader over the socket, the handshake deadline, and the two ways out (hand off to the relay, or refuse).
import net from 'node:net'

/** The client closed, failed or ran out of time before the handshake finished. */
export class HandshakeAborted extends Error {}

/** Past this many unread bytes the socket is paused: a client cannot make us buffer without bound. */
const maxBuffered = 64 * 1024
/** After a refusal, how long we keep draining the client so that closing does not reset our reply away. */
const lingerMs = 1_000
const ignore = () => {}

export class Handshake {
  #buffer: Buffer = Buffer.alloc(0)
  /** How far readHead already searched, so a head arriving byte by byte is scanned once. */
  #scanned = 0
  #hasEnded = false
  #wake: (() => void) | undefined
  readonly #deadline: NodeJS.Timeout

  constructor(
    readonly socket: net.Socket,
    timeoutMs: number,
  ) {
    this.#deadline = setTimeout(() => socket.destroy(), timeoutMs)
    // Stays for the socket's life: a reset during or after the handshake must never crash the process.
    socket.on('error', ignore)
    socket.on('data', this.#onData)
    socket.on('end', this.#onEnd)
    socket.on('close', this.#onEnd)
    socket.resume()
  }

  /** False once the client is gone (closed, reset, or destroyed by the deadline). */
  get isAlive(): boolean {
    return !this.socket.destroyed && !this.#hasEnded
  }

  /** Exactly `length` bytes; rejects with HandshakeAborted if the client goes away first. */
  async read(length: number): Promise<Buffer> {
    await this.#until(() => this.#buffer.length >= length)
    return this.#take(length)
  }

  /** The request head through the first CRLFCRLF, or undefined if it does not end within `limit` bytes. */
  async readHead(limit: number): Promise<Buffer | undefined> {
    let end = -1
    await this.#until(() => {
      end = this.#buffer.indexOf('\r\n\r\n', Math.max(0, this.#scanned - 3))
      this.#scanned = this.#buffer.length
      return end >= 0 || this.#buffer.length >= limit
    })
    return end >= 0 && end + 4 <= limit ? this.#take(end + 4) : undefined
  }

  /** The handshake succeeded: returns the bytes read past it; the socket is left paused for the relay. */
  handOff(): Buffer {
    this.#detach()
    this.socket.pause()
    const head = this.#buffer
    this.#buffer = Buffer.alloc(0)
    return head
  }

  /** Answers with `reply` (if any) and closes gently: FIN first, drain, destroy after a short linger. */
  refuse(reply?: Uint8Array | string): void {
    this.#detach()
    const { socket } = this
    if (socket.destroyed) return
    if (socket.writableEnded) {
      socket.destroy()
      return
    }
    socket.on('data', ignore)
    socket.resume()
    if (reply === undefined) socket.end()
    else socket.end(reply)
    const linger = setTimeout(() => socket.destroy(), lingerMs)
    socket.once('close', () => clearTimeout(linger))
  }

  /** Malformed input or a client that went away: no answer, just close. */
  abort(): void {
    this.#detach()
    this.socket.destroy()
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

  #detach(): void {
    clearTimeout(this.#deadline)
    this.socket.off('data', this.#onData)
    this.socket.off('end', this.#onEnd)
    this.socket.off('close', this.#onEnd)
  }
}

const hostName =
  /^(?=.{1,253}$)[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?)*\.?$/

/** An IP literal or a plausible DNS name; anything else never reaches the resolver. */
export function isValidHost(host: string): boolean {
  return net.isIP(host) !== 0 || hostName.test(host)
}

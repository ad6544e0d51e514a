// Carries a tunnel's bytes after the handshake and meters them: payload only, both ways, each chunk
// counted as it crosses. Bytes cross only within the plane's count window and, for a traffic
// account, as far as the plane holds a lease of them (tracker/limits.ts): a chunk beyond either
// waits, and a spent account's tunnel closes at the byte the node could give.
import type net from 'node:net'
import type { Grant } from '../route/grants.ts'
import type { ByteAllowance } from './limits.ts'
import { endGracefully, type Tunnels } from './tunnels.ts'

export type RelayOptions = {
  tunnels: Tunnels
  /** What may cross now (the plane's count window, a traffic account's lease), and waiting for more. */
  allowance: Pick<ByteAllowance, 'take' | 'more'>
  meter: (grant: Grant, upBytes: number, downBytes: number) => void
  /** No byte either way for this long closes the tunnel. */
  idleTimeoutMs: number
}

export function createRelay(options: RelayOptions) {
  const { allowance } = options

  return function relay(grant: Grant, client: net.Socket, upstream: net.Socket, head: Buffer): void {
    const destroyBoth = () => {
      client.destroy()
      upstream.destroy()
    }
    // A side that vanished during the handshake has already fired 'close': nothing would untrack it.
    if (client.destroyed || upstream.destroyed) {
      destroyBoth()
      return
    }
    options.tunnels.open(grant, client, upstream)

    for (const socket of [client, upstream]) {
      // A FIN from one side must only end that direction (documented as settable before 'end').
      socket.allowHalfOpen = true
      // Reads and writes both refresh a socket's timer, so one quiet side is not "idle".
      socket.setTimeout(options.idleTimeoutMs, destroyBoth)
      socket.on('error', destroyBoth)
      // Once either side is fully closed, nothing more can cross.
      socket.once('close', destroyBoth)
    }
    const up = (bytes: number) => options.meter(grant, bytes, 0)
    const down = (bytes: number) => options.meter(grant, 0, bytes)

    // Out of allowance: what crossed (and was counted) still reaches each side, then the tunnel closes.
    const endBoth = () => {
      endGracefully(client)
      endGracefully(upstream)
    }
    const carry = (from: net.Socket, to: net.Socket, count: (bytes: number) => void) =>
      carryAllowed(grant, from, to, count, allowance, endBoth)
    carry(client, upstream, up)(head)
    carry(upstream, client, down)()
    // A side that half-closed during the handshake already emitted 'end': the carry would miss it.
    if (client.readableEnded) upstream.end()
    if (upstream.readableEnded) client.end()
  }
}

/**
 * `from` → `to`: what pipe() does (backpressure, end), but each chunk first takes its bytes from the
 * allowance. A chunk the lease does not cover is sent as far as it does, `from` pauses,
 * and the rest goes once more is leased; none left node-wide closes the tunnel. Returns the handler
 * for a first chunk read during the handshake, after which `from` flows.
 */
function carryAllowed(
  grant: Grant,
  from: net.Socket,
  to: net.Socket,
  count: (bytes: number) => void,
  allowance: RelayOptions['allowance'],
  close: () => void,
) {
  const resume = () => {
    if (from.destroyed) return
    if (to.writableNeedDrain) to.once('drain', release)
    else release()
  }
  /** Sends what the lease covers now; false once the rest must wait for more. */
  const sendCovered = (chunk: Buffer): Buffer => {
    const taken = allowance.take(grant, chunk.length)
    if (taken > 0) {
      to.write(taken === chunk.length ? chunk : chunk.subarray(0, taken))
      count(taken)
    }
    return chunk.subarray(taken)
  }
  async function sendRest(rest: Buffer) {
    while (rest.length > 0) {
      if (!(await allowance.more(grant)) || from.destroyed || to.destroyed) return close()
      rest = sendCovered(rest)
    }
    resume()
  }
  /** Set while `from` is paused for the lease or for `to` to drain: then the resume is theirs. */
  let isHeld = false
  const release = () => {
    isHeld = false
    from.resume()
  }
  const onChunk = (chunk: Buffer) => {
    if (chunk.length === 0) return
    const rest = sendCovered(chunk)
    if (rest.length > 0) {
      isHeld = true
      from.pause()
      void sendRest(rest)
    } else if (to.writableNeedDrain) {
      isHeld = true
      from.pause()
      to.once('drain', release)
    }
  }
  return (first?: Buffer) => {
    if (first) onChunk(first)
    from.on('data', onChunk)
    from.once('end', () => to.end())
    // The handshake left `from` paused: it flows now, unless the first chunk is still held.
    if (!isHeld) from.resume()
  }
}

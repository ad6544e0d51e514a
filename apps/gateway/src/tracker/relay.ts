// Carries a tunnel's bytes after the handshake and meters them: payload only, both ways,
// batched per tunnel but always adding up to exactly what crossed.
import type net from 'node:net'
import type { Grant } from '../route/grants.ts'
import type { Tunnels } from './tunnels.ts'

export type RelayOptions = {
  tunnels: Tunnels
  meter: (grant: Grant, upBytes: number, downBytes: number) => void
  /** No byte either way for this long closes the tunnel. */
  idleTimeoutMs: number
  /** How often live tunnels report; a credential that runs out must stop within seconds. */
  flushIntervalMs?: number
}

type Pending = { grant: Grant; up: number; down: number }

export function createRelay(options: RelayOptions) {
  const live = new Set<Pending>()
  let ticker: NodeJS.Timeout | undefined

  const flush = (pending: Pending) => {
    if (pending.up === 0 && pending.down === 0) return
    const { up, down } = pending
    pending.up = 0
    pending.down = 0
    options.meter(pending.grant, up, down)
  }

  // One timer for all tunnels, running only while some are open.
  const track = (pending: Pending) => {
    live.add(pending)
    ticker ??= setInterval(() => {
      for (const each of live) flush(each)
    }, options.flushIntervalMs ?? 1000).unref()
  }
  const untrack = (pending: Pending) => {
    if (!live.delete(pending)) return
    flush(pending)
    if (live.size === 0 && ticker) {
      clearInterval(ticker)
      ticker = undefined
    }
  }

  return function relay(grant: Grant, client: net.Socket, upstream: net.Socket, head: Buffer): void {
    const destroyBoth = () => {
      client.destroy()
      upstream.destroy()
    }
    // A side that vanished during the handshake has already fired 'close': nothing would untrack it.
    // Otherwise a grant at its cap is refused.
    if (client.destroyed || upstream.destroyed || !options.tunnels.open(grant, client, upstream)) {
      destroyBoth()
      return
    }

    const pending: Pending = { grant, up: head.length, down: 0 }
    track(pending)
    for (const socket of [client, upstream]) {
      // A FIN from one side must only end that direction (documented as settable before 'end').
      socket.allowHalfOpen = true
      // Reads and writes both refresh a socket's timer, so one quiet side is not "idle".
      socket.setTimeout(options.idleTimeoutMs, destroyBoth)
      socket.on('error', destroyBoth)
      // Once either side is fully closed, nothing more can cross.
      socket.once('close', () => {
        destroyBoth()
        untrack(pending)
      })
    }
    client.on('data', (chunk: Buffer) => {
      pending.up += chunk.length
    })
    upstream.on('data', (chunk: Buffer) => {
      pending.down += chunk.length
    })

    if (head.length > 0) upstream.write(head)
    client.pipe(upstream)
    upstream.pipe(client)
    // A side that half-closed during the handshake already emitted 'end': pipe would miss it.
    if (client.readableEnded) upstream.end()
    if (upstream.readableEnded) client.end()
  }
}

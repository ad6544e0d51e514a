// Every open tunnel, by credential: lets the plane cut the tunnels of a credential that disappeared,
// changed version or ran out of traffic. (The per-credential cap is node-wide: tracker/limits.ts.)
// A UDP association counts as a tunnel: its control connection and its relay are the two ends.
import net from 'node:net'
import type { Grant } from '../route/grants.ts'

/** One end of a tunnel: a TCP socket, or a UDP association (which closes like one). */
export type TunnelEnd = {
  readonly destroyed: boolean
  destroy(): unknown
  once(event: 'close', listener: () => void): unknown
}

/** How long an ended tunnel may take to hand over what it already wrote before it is destroyed. */
const END_GRACE_MS = 2000

/**
 * Ends one end of a tunnel whose account ran out: nothing more is read, but what was already
 * counted and written still reaches its reader (destroying would drop it, billed and never
 * delivered); the socket is destroyed once its peer closes, or after END_GRACE_MS.
 */
export function endGracefully(end: TunnelEnd) {
  if (!(end instanceof net.Socket) || end.destroyed) return void end.destroy()
  end.pause()
  end.end()
  setTimeout(() => end.destroy(), END_GRACE_MS).unref()
}
type Tunnel = { grant: Grant; client: TunnelEnd; upstream: TunnelEnd }

// Grants are rebuilt on every credentials pull, so identity is kind+id, not the object.
const keyOf = (grant: Grant) => `${grant.kind}:${grant.id}`

export type Tunnels = ReturnType<typeof createTunnels>

export function createTunnels() {
  const byGrant = new Map<string, Set<Tunnel>>()
  let size = 0

  const remove = (tunnel: Tunnel) => {
    const key = keyOf(tunnel.grant)
    const set = byGrant.get(key)
    if (!set?.delete(tunnel)) return
    size--
    if (set.size === 0) byGrant.delete(key)
  }

  return {
    /** Registers a tunnel until either end closes. */
    open(grant: Grant, client: TunnelEnd, upstream: TunnelEnd): void {
      const key = keyOf(grant)
      const set = byGrant.get(key) ?? new Set<Tunnel>()
      // Already gone: nothing to track, and 'close' will not fire again to untrack it.
      if (client.destroyed || upstream.destroyed) return
      const tunnel = { grant, client, upstream }
      set.add(tunnel)
      byGrant.set(key, set)
      size++
      const onClose = () => remove(tunnel)
      client.once('close', onClose)
      upstream.once('close', onClose)
    },

    count: (grant: Grant) => byGrant.get(keyOf(grant))?.size ?? 0,

    /** `kind:id` → tunnels open, for every credential with any (tunnel statistics' peaks). */
    openBySubject: () => new Map([...byGrant].map(([key, set]) => [key, set.size])),

    /**
     * Destroys both ends of every tunnel whose grant matches (`gracefully`: ends them, so what was
     * counted still arrives); returns how many were cut.
     */
    closeWhere(predicate: (grant: Grant) => boolean, options: { gracefully?: boolean } = {}): number {
      const doomed: Tunnel[] = []
      for (const set of byGrant.values()) {
        for (const tunnel of set) if (predicate(tunnel.grant)) doomed.push(tunnel)
      }
      for (const tunnel of doomed) {
        remove(tunnel)
        for (const end of [tunnel.client, tunnel.upstream])
          if (options.gracefully) endGracefully(end)
          else end.destroy()
      }
      return doomed.length
    },

    get size() {
      return size
    },
  }
}

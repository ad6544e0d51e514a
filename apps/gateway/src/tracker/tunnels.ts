// Every open tunnel, by credential: enforces the per-credential cap and lets the sync cut
// the tunnels of a credential that disappeared, changed version or ran out of traffic.
// A UDP association counts as a tunnel: its control connection and its relay are the two ends.
import type { Grant } from '../route/grants.ts'

/** One end of a tunnel: a TCP socket, or a UDP association (which closes like one). */
export type TunnelEnd = {
  readonly destroyed: boolean
  destroy(): unknown
  once(event: 'close', listener: () => void): unknown
}
type Tunnel = { grant: Grant; client: TunnelEnd; upstream: TunnelEnd }

// Grants are rebuilt on every credentials pull, so identity is kind+id, not the object.
const keyOf = (grant: Grant) => `${grant.kind}:${grant.id}`

export type Tunnels = ReturnType<typeof createTunnels>

export function createTunnels(options: { maxPerGrant: number }) {
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
    /** Registers a tunnel; false when the grant is at its cap (the caller refuses the connection). */
    open(grant: Grant, client: TunnelEnd, upstream: TunnelEnd): boolean {
      const key = keyOf(grant)
      const set = byGrant.get(key) ?? new Set<Tunnel>()
      if (set.size >= options.maxPerGrant) return false
      // Already gone: nothing to track, and 'close' will not fire again to untrack it.
      if (client.destroyed || upstream.destroyed) return true
      const tunnel = { grant, client, upstream }
      set.add(tunnel)
      byGrant.set(key, set)
      size++
      const onClose = () => remove(tunnel)
      client.once('close', onClose)
      upstream.once('close', onClose)
      return true
    },

    count: (grant: Grant) => byGrant.get(keyOf(grant))?.size ?? 0,

    /** Destroys both ends of every tunnel whose grant matches; returns how many were cut. */
    closeWhere(predicate: (grant: Grant) => boolean): number {
      const doomed: Tunnel[] = []
      for (const set of byGrant.values()) {
        for (const tunnel of set) if (predicate(tunnel.grant)) doomed.push(tunnel)
      }
      for (const tunnel of doomed) {
        remove(tunnel)
        tunnel.client.destroy()
        tunnel.upstream.destroy()
      }
      return doomed.length
    },

    get size() {
      return size
    },
  }
}

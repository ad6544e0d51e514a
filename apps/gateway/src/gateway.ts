// One gateway in one process: the sync side (pull, push, v2ray, heartbeat) and one data plane
// (listeners, tunnels), wired by direct calls instead of cluster messages. `main.ts` runs the same
// two halves as a cluster primary and one worker per core.
import type { GatewayConfig } from './config.ts'
import type { Log } from './log.ts'
import { startPlane } from './plane.ts'
import { createNodeSync, type NodeSync } from './sync/node-sync.ts'

export type Gateway = Awaited<ReturnType<typeof startGateway>>

export async function startGateway(config: GatewayConfig, log: Log) {
  let sync: NodeSync | undefined
  // The only plane: it shares nothing (the guard's limit is all its own).
  const plane = startPlane(
    { ...config, GATEWAY_WORKERS: 1 },
    (message) => sync?.receive('local', message, plane.receive),
    log,
  )
  sync = createNodeSync(
    config,
    { broadcast: plane.receive, tell: (_local, message) => plane.receive(message) },
    log,
  )
  await sync.start()
  await plane.ready()
  const { pull, push, heartbeat, close } = sync

  return {
    listening: () => plane.listening(),
    /** Pulls now; resolves once the listeners follow. */
    async pull() {
      await pull()
      await plane.ready()
    },
    /** Hands the plane's counts over and pushes them now. */
    async flush() {
      plane.report()
      await push()
    },
    heartbeat,
    tunnels: () => plane.tunnels(),
    /** Stops accepting, closes the tunnels and pushes what was counted (the spool keeps the rest). */
    async close() {
      await plane.close()
      await close()
    },
  }
}

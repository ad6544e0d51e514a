// The figures each heartbeat carries: this gateway's version, how long the process has run, open
// tunnels, and payload bytes per second since the previous heartbeat (from the meter's running total).
import { readFileSync } from 'node:fs'
import type { HeartbeatStats } from './pusher.ts'

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version?: string
}
export const GATEWAY_VERSION = packageJson.version || 'unknown'

export type StatsSources = {
  /** Every payload byte counted so far (the meter's running total). */
  counted: () => number
  openTunnels: () => number
  now?: () => number
  uptimeSeconds?: () => number
}

/** Each call measures the rate since the previous call (or since creation, for the first). */
export function createNodeStats(sources: StatsSources): () => HeartbeatStats {
  const now = sources.now ?? Date.now
  const uptime = sources.uptimeSeconds ?? (() => process.uptime())
  let lastAt = now()
  let lastCounted = sources.counted()
  return () => {
    const at = now()
    const counted = sources.counted()
    const seconds = (at - lastAt) / 1000
    const bytesPerSecond = seconds > 0 ? Math.round(Math.max(0, counted - lastCounted) / seconds) : 0
    lastAt = at
    lastCounted = counted
    return {
      version: GATEWAY_VERSION,
      uptimeSeconds: Math.floor(uptime()),
      openTunnels: sources.openTunnels(),
      bytesPerSecond,
    }
  }
}

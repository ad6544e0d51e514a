import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createNodeStats, GATEWAY_VERSION } from './node-stats.ts'

describe('node stats', () => {
  it('reports the package version, uptime, tunnels and the byte rate since the last heartbeat', () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
    expect(GATEWAY_VERSION).toBe(version)
    let now = 1_000_000
    let counted = 500
    let tunnels = 3
    const stats = createNodeStats({
      counted: () => counted,
      openTunnels: () => tunnels,
      now: () => now,
      uptimeSeconds: () => 12.7,
    })
    now += 15_000
    counted += 15_000_000
    expect(stats()).toEqual({ version, uptimeSeconds: 12, openTunnels: 3, bytesPerSecond: 1_000_000 })
    now += 10_000
    counted += 5
    tunnels = 0
    expect(stats()).toMatchObject({ openTunnels: 0, bytesPerSecond: 1 })
    // Two heartbeats in the same millisecond: no rate to tell.
    expect(stats().bytesPerSecond).toBe(0)
  })
})

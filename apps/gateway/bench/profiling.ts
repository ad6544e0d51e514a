// Lets the bench profile a proxy process in place, only while it streams: CPU samples through the
// inspector and garbage collections by kind, started and stopped over IPC (child side).
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks'

export type GcStats = { scavenges: number; scavengeMs: number; others: number; othersMs: number }
export type ProfileRequest = { profile: 'start' } | { profile: 'stop'; path: string }

export function serveProfiling(): void {
  const session = new Session()
  let gc: GcStats = { scavenges: 0, scavengeMs: 0, others: 0, othersMs: 0 }
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } }
      const isScavenge = detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR
      if (isScavenge) gc.scavenges++
      else gc.others++
      if (isScavenge) gc.scavengeMs += entry.duration
      else gc.othersMs += entry.duration
    }
  })
  process.on('message', async (message: ProfileRequest) => {
    if (message?.profile === 'start') {
      gc = { scavenges: 0, scavengeMs: 0, others: 0, othersMs: 0 }
      session.connect()
      await session.post('Profiler.enable')
      await session.post('Profiler.start')
      observer.observe({ entryTypes: ['gc'] })
      process.send?.({ isProfiling: true })
    }
    if (message?.profile === 'stop') {
      const { profile } = await session.post('Profiler.stop')
      observer.disconnect()
      session.disconnect()
      writeFileSync(message.path, JSON.stringify(profile))
      process.send?.({ gc })
    }
  })
}

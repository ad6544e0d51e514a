// The sync side's tunnel statistics: every plane's counts added up per credential and hour, the open
// tunnels each plane last reported, summed across planes and sampled each second for the hour's peak,
// and what the next push carries (tunnel statistics travel in the traffic push, under its reportId).
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import {
  DESTINATIONS_MAX_PER_REPORT,
  DESTINATIONS_MAX_PER_SUBJECT,
  type DestinationTunnels,
  type SubjectTunnelStats,
  TUNNEL_STATS_MAX_NODE_HOURS,
  TUNNEL_STATS_MAX_SUBJECTS,
  type TunnelFailureReason,
  type TunnelStatsReport,
} from '@proxy/contract/nodes/tunnel-stats'
import { HOUR_MS, type TunnelStatsMessage } from './tunnel-stats.ts'

/** Subject-hours held between pushes: past it new ones are dropped (a server that is down for long). */
const MAX_ENTRIES = 200_000
/** Host names per subject-hour held between pushes. */
const MAX_HOSTS = 5_000
const COUNT_MAX = 2_147_483_647

type Entry = {
  hour: number
  kind: SubjectTunnelStats['kind']
  id: string
  succeeded: number
  failures: Partial<Record<TunnelFailureReason, number>>
  peak: number
  hosts: Map<string, [number, number]>
}

const clamp = (n: number) => Math.min(n, COUNT_MAX)

export type TunnelStatsBook = ReturnType<typeof createTunnelStatsBook>

export function createTunnelStatsBook(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now
  let entries = new Map<string, Entry>()
  let node = new Map<number, number>()
  /** Per plane: subject key → tunnels open, as it last said. */
  const planes = new Map<string, Map<string, number>>()
  /** Subject key → tunnels open on the whole node (the planes' sum). */
  const open = new Map<string, number>()
  let keepers: string[] = []

  function entryOf(hour: number, key: string): Entry | undefined {
    const at = `${hour}|${key}`
    let entry = entries.get(at)
    if (!entry && entries.size < MAX_ENTRIES) {
      const split = key.indexOf(':')
      const kind = key.slice(0, split) as Entry['kind']
      entry = { hour, kind, id: key.slice(split + 1), succeeded: 0, failures: {}, peak: 0, hosts: new Map() }
      entries.set(at, entry)
    }
    return entry
  }

  function setOpen(plane: Map<string, number>, key: string, n: number) {
    const total = (open.get(key) ?? 0) - (plane.get(key) ?? 0) + n
    if (total > 0) open.set(key, total)
    else open.delete(key)
    if (n > 0) plane.set(key, n)
    else plane.delete(key)
  }

  return {
    /** A plane's report. */
    receive(planeName: string, message: TunnelStatsMessage) {
      for (const counts of message.subjects) {
        const entry = entryOf(counts.hour, `${counts.kind}:${counts.id}`)
        if (!entry) continue
        entry.succeeded = clamp(entry.succeeded + counts.succeeded)
        for (const [reason, n] of Object.entries(counts.failures) as [TunnelFailureReason, number][])
          entry.failures[reason] = clamp((entry.failures[reason] ?? 0) + n)
        for (const [host, n, failed] of counts.hosts ?? []) {
          const held = entry.hosts.get(host)
          if (held) {
            held[0] = clamp(held[0] + n)
            held[1] = clamp(held[1] + failed)
          } else if (entry.hosts.size < MAX_HOSTS) entry.hosts.set(host, [n, failed])
        }
      }
      for (const [hour, n] of message.node) node.set(hour, clamp((node.get(hour) ?? 0) + n))
      const plane = planes.get(planeName) ?? new Map<string, number>()
      planes.set(planeName, plane)
      for (const [key, n] of message.open) setOpen(plane, key, n)
    },

    /** A plane that stopped: its tunnels are gone. */
    forget(planeName: string) {
      const plane = planes.get(planeName)
      if (!plane) return
      for (const key of [...plane.keys()]) setOpen(plane, key, 0)
      planes.delete(planeName)
    },

    /** Once a second: each credential's open tunnels across planes, towards the hour's peak. */
    sample() {
      const hour = Math.floor(now() / HOUR_MS) * HOUR_MS
      for (const [key, n] of open) {
        const entry = entryOf(hour, key)
        if (entry && n > entry.peak) entry.peak = clamp(n)
      }
    },

    /** Tunnels open on the node now for a credential (`kind:id`). */
    openOf: (key: string) => open.get(key) ?? 0,

    /** Follows the pull (a delta without the list leaves it as it was). */
    follow(users: Pick<NodeUsers, 'full' | 'keepDestinations'>) {
      if (users.full || users.keepDestinations) keepers = users.keepDestinations ?? []
    },
    /** The customers who keep destinations, for a plane that starts. */
    keepers: () => keepers,

    /**
     * Everything since the last drain, as pushes take it (more than one when it is large), and the
     * book starts again: counts from zero, peaks from the next sample.
     */
    drain(): TunnelStatsReport[] {
      if (entries.size === 0 && node.size === 0) return []
      const drained = [...entries.values()].map(toReport)
      const nodeHours = [...node].map(([hour, authentication]) => ({
        hour: new Date(hour).toISOString(),
        authentication,
      }))
      entries = new Map()
      node = new Map()
      return chunk(drained, nodeHours.slice(-TUNNEL_STATS_MAX_NODE_HOURS))
    },
  }
}

function toReport(entry: Entry): { subject: SubjectTunnelStats; destinations: DestinationTunnels[] } {
  const hour = new Date(entry.hour).toISOString()
  const { kind, id } = entry
  const destinations = [...entry.hosts]
    .sort((a, b) => b[1][0] - a[1][0])
    .slice(0, DESTINATIONS_MAX_PER_SUBJECT)
    .map(([host, [tunnels, failed]]) => ({ hour, kind, id, host, tunnels, failed }))
  const subject = {
    hour,
    kind,
    id,
    succeeded: entry.succeeded,
    failures: entry.failures,
    peakOpen: entry.peak,
  }
  return { subject, destinations }
}

/** Reports within the contract's bounds (credentials, host names): a credential's host names go in its report. */
function chunk(entries: ReturnType<typeof toReport>[], node: TunnelStatsReport['node']): TunnelStatsReport[] {
  const reports: TunnelStatsReport[] = [{ subjects: [], node }]
  for (const { subject, destinations } of entries) {
    let current = reports[reports.length - 1] as TunnelStatsReport
    const held = current.destinations?.length ?? 0
    if (
      current.subjects.length >= TUNNEL_STATS_MAX_SUBJECTS ||
      (held + destinations.length > DESTINATIONS_MAX_PER_REPORT && current.subjects.length > 0)
    ) {
      current = { subjects: [], node: [] }
      reports.push(current)
    }
    current.subjects.push(subject)
    if (destinations.length === 0) continue
    current.destinations ??= []
    current.destinations.push(...destinations)
  }
  return reports
}

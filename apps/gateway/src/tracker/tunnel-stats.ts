// Tunnel statistics in a data plane: per credential and UTC hour, tunnels that opened and that failed
// (by reason), host names for the customers who keep them, and how many tunnels each credential has
// open. The plane hands them over with its byte counts (tunnelStats.report); the sync side adds every
// plane's up and samples the open tunnels (tunnel-stats-book.ts). Hooks are one call each: `dialled`
// around every dial and UDP association, `checking` around the password check.
import net from 'node:net'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { DestinationHost, type TunnelFailureReason } from '@proxy/contract/nodes/tunnel-stats'
import { DialError } from '../inbound/context.ts'
import type { Entry, Grant } from '../route/grants.ts'
import type { CheckPassword } from '../route/guard.ts'
import type { Tunnels } from './tunnels.ts'

export const HOUR_MS = 3_600_000
/** Subject-hours a plane holds between reports: a flood of new ones adds nothing past it. */
const MAX_ENTRIES = 100_000
/** Host names per subject-hour between two reports. */
const MAX_HOSTS = 1_000

/** A credential; a sub-user's `account` is its traffic account (whose customer keeps destinations or not). */
export type Subject = Pick<Grant, 'kind' | 'id' | 'account'>
export const subjectKey = (subject: Subject) => `${subject.kind}:${subject.id}`

/** One credential's counts in one hour; `hosts` only for customers who keep their destinations. */
export type TunnelCounts = {
  hour: number
  kind: Grant['kind']
  id: string
  succeeded: number
  failures: Partial<Record<TunnelFailureReason, number>>
  hosts?: [host: string, tunnels: number, failed: number][]
}

/** What a plane reports: counts since its last report, and the open tunnels that changed since. */
export type TunnelStatsMessage = {
  subjects: TunnelCounts[]
  /** [hour, logins that named no credential]. */
  node: [number, number][]
  /** [subject key, tunnels open now]: only those that changed (0: none left). */
  open: [string, number][]
}

/** Why a login was refused although it named a credential (credentials.ts tells us). */
export type LoginRefusal = 'password' | 'cut-off'
/** The store's password check, which names the credential a refused login was for. */
export type CheckNaming = (
  entry: Entry,
  username: string,
  password: string,
  onWrong?: () => void,
  onRefused?: (subject: Grant | undefined, why: LoginRefusal) => void,
) => Grant | null

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'ENODATA'])

/** The statistics' reason for a failed dial. */
export function reasonOf(error: unknown): TunnelFailureReason {
  if (!(error instanceof DialError)) return 'other'
  switch (error.reason) {
    case 'over-cap':
      return 'overCap'
    case 'not-allowed':
      return error.code ? 'other' : 'policy'
    case 'ttl-expired':
      return 'timeout'
    case 'refused':
      return 'targetRefused'
    default:
      return error.code && DNS_CODES.has(error.code) ? 'dns' : 'other'
  }
}

/** A host name as counted: lower case, no trailing dot; undefined for an IP literal or anything odd. */
export function hostNameOf(host: string): string | undefined {
  if (net.isIP(host) || net.isIP(host.replace(/^\[|\]$/g, ''))) return undefined
  const name = host.toLowerCase().replace(/\.$/, '')
  return DestinationHost.safeParse(name).success ? name : undefined
}

export type TunnelStats = ReturnType<typeof createTunnelStats>

export function createTunnelStats(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now
  let counts = new Map<string, TunnelCounts & { hostMap?: Map<string, [number, number]> }>()
  let node = new Map<number, number>()
  /** Customers who keep destinations, and their instances here. */
  let keepers = new Set<string>()
  let keepingInstances = new Set<string>()
  /** Open tunnels per subject as last reported. */
  const reportedOpen = new Map<string, number>()

  const keepsHosts = (subject: Subject) =>
    subject.kind === 'instance'
      ? keepingInstances.has(subject.id)
      : keepers.has(subject.kind === 'sub-user' ? (subject.account ?? '') : subject.id)

  function entryOf(subject: Subject) {
    const hour = Math.floor(now() / HOUR_MS) * HOUR_MS
    const key = `${hour}|${subjectKey(subject)}`
    let entry = counts.get(key)
    if (!entry && counts.size < MAX_ENTRIES) {
      entry = { hour, kind: subject.kind, id: subject.id, succeeded: 0, failures: {} }
      counts.set(key, entry)
    }
    return entry
  }

  function record(subject: Subject, failure: TunnelFailureReason | undefined, host?: string) {
    const entry = entryOf(subject)
    if (!entry) return
    if (failure) entry.failures[failure] = (entry.failures[failure] ?? 0) + 1
    else entry.succeeded += 1
    const name = host !== undefined && keepsHosts(subject) ? hostNameOf(host) : undefined
    if (name === undefined) return
    entry.hostMap ??= new Map()
    const held = entry.hostMap.get(name)
    if (held) {
      held[0] += 1
      if (failure) held[1] += 1
    } else if (entry.hostMap.size < MAX_HOSTS) entry.hostMap.set(name, [1, failure ? 1 : 0])
  }

  return {
    /** Counts how `opening` (a dial, a UDP association) ends for the grant; answers it unchanged. */
    dialled<T>(grant: Subject, host: string | undefined, opening: Promise<T>): Promise<T> {
      opening.then(
        () => record(grant, undefined, host),
        (error: unknown) => record(grant, reasonOf(error), host),
      )
      return opening
    },

    /**
     * The password check with its refusals counted: against the credential a login named (a wrong
     * password, or traffic used up), or node-wide when it named none. A login its source's whitelist
     * lets in anyway is no failure.
     */
    checking(check: CheckNaming, whitelisted: () => Grant | null): CheckPassword {
      return (entry, username, password, onWrong) => {
        let refusal: [Grant | undefined, LoginRefusal] | undefined
        const grant = check(entry, username, password, onWrong, (subject, why) => {
          refusal = [subject, why]
        })
        if (grant || !refusal || whitelisted()) return grant
        const [subject, why] = refusal
        if (subject) record(subject, why === 'password' ? 'authentication' : 'quota')
        else {
          const hour = Math.floor(now() / HOUR_MS) * HOUR_MS
          node.set(hour, (node.get(hour) ?? 0) + 1)
        }
        return grant
      }
    },

    /** Follows the pull: whose destinations are kept (absent from a delta: unchanged). */
    follow(users: Pick<NodeUsers, 'full' | 'keepDestinations'>, instances: () => NodeUsers['instances']) {
      if (users.full || users.keepDestinations) keepers = new Set(users.keepDestinations ?? [])
      keepingInstances =
        keepers.size === 0
          ? new Set()
          : new Set(
              instances()
                .filter((instance) => keepers.has(instance.owner))
                .map((instance) => instance.id),
            )
    },

    /** Everything since the last report (undefined when there is nothing), and the counts start again. */
    report(tunnels: Pick<Tunnels, 'openBySubject'>): TunnelStatsMessage | undefined {
      const open: [string, number][] = []
      const current = tunnels.openBySubject()
      for (const [key, n] of current) if (reportedOpen.get(key) !== n) open.push([key, n])
      for (const key of reportedOpen.keys()) if (!current.has(key)) open.push([key, 0])
      for (const [key, n] of open) {
        if (n > 0) reportedOpen.set(key, n)
        else reportedOpen.delete(key)
      }
      if (counts.size === 0 && node.size === 0 && open.length === 0) return undefined
      const subjects = [...counts.values()].map(({ hostMap, ...entry }) =>
        hostMap
          ? {
              ...entry,
              hosts: [...hostMap].map(([host, [n, failed]]) => [host, n, failed] as [string, number, number]),
            }
          : entry,
      )
      const message = { subjects, node: [...node], open }
      counts = new Map()
      node = new Map()
      return message
    },
  }
}

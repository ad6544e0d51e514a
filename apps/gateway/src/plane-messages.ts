// The messages between a data plane (a worker, or the one-process gateway's plane) and the sync side
// (the primary): what the sync side tells a plane, and what a plane reports or asks.
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import type { CredentialRefusals } from '@proxy/contract/nodes/policy'
import type { Entry, Grant } from './route/grants.ts'
import type { GuardUpdate } from './route/guard.ts'
import type { LeaseToPlane } from './tracker/lease-book.ts'
import type { LeaseFromPlane } from './tracker/leases.ts'
import type { UsageRecord } from './tracker/meter.ts'
import type { TunnelStatsMessage } from './tracker/tunnel-stats.ts'

export type Session = NonNullable<Grant['session']>
/**
 * From the sync side: an answer of the node API to apply, the traffic accounts' limits, the exit
 * a sticky session holds (the answer to this plane's question `ask`), or password guessing node-wide.
 */
export type ToPlane =
  | { type: 'users'; users: NodeUsers }
  | { type: 'limits'; allowances: [string, number][]; disabled: string[] }
  | { type: 'session-exit'; ask: number; address?: string; until: number }
  | { type: 'relay'; entry: Entry }
  | GuardUpdate
  | LeaseToPlane
  | { type: 'counted'; bytes: number }
/**
 * To the sync side: bytes counted since the last report, the tunnels open now, the wrong passwords
 * per source and the destinations refused per credential since the last report; or a question.
 */
export type FromPlane =
  | {
      type: 'counts'
      records: UsageRecord[]
      openTunnels: number
      failures: [string, number][]
      refusals?: CredentialRefusals[]
      /** Tunnel statistics since the last report (tracker/tunnel-stats.ts). */
      tunnels?: TunnelStatsMessage
    }
  | { type: 'session'; ask: number; account: string; session: Session }
  | LeaseFromPlane

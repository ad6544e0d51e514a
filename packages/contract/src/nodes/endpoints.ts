// The node API: proxy nodes pull the credentials they must accept and push traffic counters.
// Authenticated with a node token (never a customer's), shaped like the UniProxy protocol.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { CredentialRefusals, DestinationDenyList, REFUSALS_MAX_CREDENTIALS } from './policy.ts'
import { TunnelStatsReport } from './tunnel-stats.ts'

export const REPORT_MAX_RECORDS = 10_000
const Bytes = z.number().int().min(0).max(1e15)
const WireBytes = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
/** A count the server stores in a 32-bit integer column. */
const Count = z.number().int().min(0).max(2_147_483_647)

const NodeInstance = z.object({
  id: z.string(),
  /** The customer who holds it: their IP whitelist opens it without a password. */
  owner: z.string(),
  ip: z.string(),
  port: z.number().int(),
  protocol: z.enum(['socks5', 'vmess']),
  username: z.string(),
  password: z.string(),
  uuid: z.string(),
})
const NodeTrafficAccount = z.object({
  id: z.string(),
  username: z.string(),
  password: z.string(),
  /** Bytes left in the account's live packages when the list was made: the node enforces it until the next pull. */
  remainingBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /**
   * Bytes the account's own login may still use today under its auto-stop cap (0: paused); absent
   * when it has none. Its sub-users are not held to it. Older servers never send it.
   */
  capBytes: WireBytes.optional(),
  /** While the login is paused by its auto-stop: until then, or until the customer lifts it. */
  pausedUntil: z.iso.datetime().optional(),
})
/**
 * A sub-user of a traffic account: a pool login of its own, paid from the account's bytes
 * (`remainingBytes` of the account named by `account`) and held to its own limit and auto-stop.
 */
const NodeSubUser = z.object({
  id: z.string(),
  /** The traffic account (its customer's id) whose packages pay for it. */
  account: z.string(),
  username: z.string(),
  password: z.string(),
  /** Bytes it may still use now under its own limit and auto-stop (0: spent or paused); absent: no limit. */
  capBytes: WireBytes.optional(),
  /** Tunnels it may hold open at once, node-wide (under the node's own cap); absent: the node's cap. */
  maxTunnels: z.number().int().min(1).optional(),
  pausedUntil: z.iso.datetime().optional(),
})

/** Opaque to nodes: hand back the last one received to get only what changed since. */
export const NodeCursor = z.string().regex(/^\d{1,20}\.\d{1,15}$/)
export const NodeUsersQuery = z.strictObject({ cursor: NodeCursor.optional() })

/**
 * What a node serves: the instances on its own addresses, every traffic account, the whitelists of
 * the customers whose instances it serves, and the exit addresses of its pool. Without a cursor (or
 * with one too old to answer from) it is the whole list, `full: true`; with one it is what changed
 * since: upserts replace by id, `removed*` drop by id, a whitelist replaces its owner's sources.
 */
export const NodeUsers = z.object({
  cursor: NodeCursor,
  full: z.boolean(),
  instances: z.array(NodeInstance),
  removedInstances: z.array(z.string()),
  trafficAccounts: z.array(NodeTrafficAccount),
  removedTrafficAccounts: z.array(z.string()),
  whitelists: z.array(z.object({ owner: z.string(), sources: z.array(z.string()) })),
  /** Sub-users of the traffic accounts (older servers send none; older nodes ignore them). */
  subUsers: z.array(NodeSubUser).optional(),
  removedSubUsers: z.array(z.string()).optional(),
  /** Exit addresses of this node's rotating pool; absent from a delta when they did not change. */
  pool: z.array(z.string()).optional(),
  /**
   * The operator's destination deny list: in every full answer, and in a delta when it changed. Older
   * servers never send it; a node that has seen it knows the server takes `refusals` heartbeats.
   */
  policy: DestinationDenyList.optional(),
  /**
   * The customers who keep their top destinations (tunnel statistics): in every full answer, and
   * whole in a delta when it changed. Older servers never send it, and then no host name is counted.
   */
  keepDestinations: z.array(z.string()).optional(),
})
export type NodeUsers = z.infer<typeof NodeUsers>

/** Metered subjects: a sub-user's bytes are billed to its traffic account by the server. */
export const USAGE_KINDS = ['instance', 'traffic-account', 'sub-user'] as const
export const UsageRecord = z.strictObject({
  kind: z.enum(USAGE_KINDS),
  id: z.uuid(),
  upBytes: Bytes,
  downBytes: Bytes,
})
export const TrafficReport = z.strictObject({
  reportId: text().min(1).max(128),
  records: z.array(UsageRecord).max(REPORT_MAX_RECORDS),
  /** Tunnel statistics (nodes/tunnel-stats.ts), optional: older nodes send none. */
  tunnels: TunnelStatsReport.optional(),
})
export type TrafficReport = z.infer<typeof TrafficReport>

export const TrafficReportAnswer = z.object({
  duplicate: z.boolean(),
  accepted: z.number().int(),
  /** Credentials the node must stop serving now (exhausted traffic accounts). */
  disabled: z.array(z.object({ kind: z.literal('traffic-account'), id: z.string() })),
})

/** The figures every node reports (the first heartbeat's): a server older than a later figure knows only these. */
export const NodeHeartbeatCore = z.strictObject({
  version: text().trim().min(1).max(64),
  uptimeSeconds: Count,
  openTunnels: Count,
  /** Payload bytes per second, both ways, since the previous heartbeat. */
  bytesPerSecond: Bytes,
  /** Traffic batches the server refused for good (kept in the node's spool). */
  deadLetters: Count,
  /** Traffic batches spooled and not yet accepted. */
  pendingBatches: Count,
  // The destination policy's block: sent only to servers whose pull carries `policy` (older ones
  // refuse unknown fields).
  /** Destinations refused since the previous heartbeat, per credential (the most refused first). */
  refusals: z.array(CredentialRefusals).max(REFUSALS_MAX_CREDENTIALS).optional(),
})

/** A count since the gateway started (a Prometheus counter: it restarts with the gateway). */
const Total = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
export const PASSWORD_GUESSING_OFFENDERS_MAX = 10

/**
 * Password guessing on the node: wrong passwords and blocks since the gateway started, sources
 * blocked now, and the sources with the most wrong passwords (worst first). A source is an IPv4
 * address or an IPv6 /64.
 */
export const PasswordGuessing = z.strictObject({
  failures: Total,
  blocks: Total,
  blockedSources: Count,
  offenders: z
    .array(
      z.strictObject({
        source: z.union([z.ipv4(), z.cidrv6()]),
        failures: Total,
        /** While the source is refused; null when it is not. */
        blockedUntil: z.iso.datetime().nullable(),
      }),
    )
    .max(PASSWORD_GUESSING_OFFENDERS_MAX),
})
export type PasswordGuessing = z.infer<typeof PasswordGuessing>

/**
 * What a node reports about itself with each heartbeat; the server keeps the latest. Figures added
 * after the core are optional: older gateways send none, and a gateway whose (older) server refuses
 * them sends the core alone.
 */
export const NodeHeartbeat = NodeHeartbeatCore.extend({
  passwordGuessing: PasswordGuessing.optional(),
})
export type NodeHeartbeat = z.infer<typeof NodeHeartbeat>

const tags = ['node'] as const

export const nodeUsers = defineEndpoint({
  method: 'GET',
  path: '/node/v1/users',
  summary: 'The credentials this node serves: all of them, or with ?cursor= only what changed',
  tags,
  auth: 'node',
  query: NodeUsersQuery,
  response: NodeUsers,
})

export const nodeTraffic = defineEndpoint({
  method: 'POST',
  path: '/node/v1/traffic',
  summary: 'Push traffic counters; idempotent per node and reportId',
  tags,
  auth: 'node',
  body: TrafficReport,
  response: TrafficReportAnswer,
})

export const nodeHeartbeat = defineEndpoint({
  method: 'POST',
  path: '/node/v1/heartbeat',
  summary: 'Record that the node is alive, with its health figures (the body is optional)',
  tags,
  auth: 'node',
  // Older nodes send no body at all, which Fastify hands on as null.
  body: NodeHeartbeat.nullish(),
  response: z.object({ lastSeenAt: z.iso.datetime() }),
})

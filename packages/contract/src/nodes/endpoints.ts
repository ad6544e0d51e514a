// The node API: proxy nodes pull the credentials they must accept and push traffic counters.
// Authenticated with a node token (never a customer's), shaped like the UniProxy protocol.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'

export const REPORT_MAX_RECORDS = 10_000
const Bytes = z.number().int().min(0).max(1e15)
/** A count the server stores in a 32-bit integer column. */
const Count = z.number().int().min(0).max(2_147_483_647)

export const NodeUsers = z.object({
  instances: z.array(
    z.object({
      id: z.string(),
      ip: z.string(),
      port: z.number().int(),
      protocol: z.enum(['socks5', 'vmess']),
      username: z.string(),
      password: z.string(),
      uuid: z.string(),
    }),
  ),
  trafficAccounts: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      password: z.string(),
      /** Bytes left in the account's live packages when the list was made: the node enforces it until the next pull. */
      remainingBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    }),
  ),
})
export type NodeUsers = z.infer<typeof NodeUsers>

export const UsageRecord = z.strictObject({
  kind: z.enum(['instance', 'traffic-account']),
  id: z.uuid(),
  upBytes: Bytes,
  downBytes: Bytes,
})
export const TrafficReport = z.strictObject({
  reportId: text().min(1).max(128),
  records: z.array(UsageRecord).max(REPORT_MAX_RECORDS),
})
export type TrafficReport = z.infer<typeof TrafficReport>

export const TrafficReportAnswer = z.object({
  duplicate: z.boolean(),
  accepted: z.number().int(),
  /** Credentials the node must stop serving now (exhausted traffic accounts). */
  disabled: z.array(z.object({ kind: z.literal('traffic-account'), id: z.string() })),
})

/** What a node reports about itself with each heartbeat; the server keeps the latest. */
export const NodeHeartbeat = z.strictObject({
  version: text().trim().min(1).max(64),
  uptimeSeconds: Count,
  openTunnels: Count,
  /** Payload bytes per second, both ways, since the previous heartbeat. */
  bytesPerSecond: Bytes,
  /** Traffic batches the server refused for good (kept in the node's spool). */
  deadLetters: Count,
  /** Traffic batches spooled and not yet accepted. */
  pendingBatches: Count,
})
export type NodeHeartbeat = z.infer<typeof NodeHeartbeat>

const tags = ['node'] as const

export const nodeUsers = defineEndpoint({
  method: 'GET',
  path: '/node/v1/users',
  summary: 'Every credential this node must accept now (honours If-None-Match)',
  tags,
  auth: 'node',
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

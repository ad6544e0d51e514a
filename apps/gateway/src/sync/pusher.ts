// Pushes metered traffic to the node API without losing or doubling a byte: each batch is spooled
// durably before it is sent, and sent again under the same reportId until the server has it (the
// server drops a reportId it has seen). A batch the server refuses for good goes to the dead letters.
// Between pushes it checkpoints the meter (sync/spool.ts) whenever counts arrive, and the planes'
// counts are acknowledged only once a checkpoint holds them: with the planes' count windows, a
// killed gateway loses at most those windows. It also knows which traffic-account
// bytes the server has not acknowledged yet (the local allowance subtracts them) and sends the
// heartbeat with the node's health figures.
import {
  type NodeHeartbeat,
  NodeHeartbeatCore,
  nodeHeartbeat,
  nodeTraffic,
  REPORT_MAX_RECORDS,
  type TrafficReport,
  TrafficReportAnswer,
} from '@proxy/contract/nodes/endpoints'
import type { TunnelStatsReport } from '@proxy/contract/nodes/tunnel-stats'
import { z } from 'zod'
import type { Meter } from '../tracker/meter.ts'
import {
  callNodeApi,
  endpointName,
  type NodeApiAnswer,
  NodeApiError,
  type NodeApiOptions,
} from './node-api.ts'
import { createSpool, newReportId } from './spool.ts'

export type PusherOptions = NodeApiOptions & {
  spoolDir: string
  meter: Meter
  /** Traffic accounts the server disabled (package used up): stop serving them now. */
  onDisabled: (ids: string[]) => void
  /** A batch the server refused for good: its bytes per allowance (allowance id → bytes) never reach a package. */
  onBuried?: (bytes: Map<string, number>) => void
  /** Tunnel statistics to carry with the bytes (tracker/tunnel-stats-book.ts). */
  tunnelStats?: { drain(): TunnelStatsReport[] }
  /** The allowances a record's bytes are charged to (default: a traffic account's own). */
  chargedTo?: (record: TrafficReport['records'][number]) => string[]
}

/** Refusals that say nothing about the batch (token, rate limit, timeout): kept and sent again later. */
const RETRIED_4XX = new Set([401, 403, 408, 429])
const isFinal = (status: number) => status >= 400 && status < 500 && !RETRIED_4XX.has(status)

/** The figures the gateway knows; the pusher adds its own (dead letters, pending batches). */
export type HeartbeatStats = Omit<NodeHeartbeat, 'deadLetters' | 'pendingBatches'>

const accountOnly = (record: TrafficReport['records'][number]) =>
  record.kind === 'traffic-account' ? [record.id] : []

export function createPusher(options: PusherOptions) {
  const spool = createSpool(options.spoolDir)
  let queue: string[] = []
  let dead = 0
  let running: Promise<void> | undefined
  /** The spool as a crash left it, read once before anything is written to it. */
  let loading: Promise<void> | undefined
  const loaded = () =>
    (loading ??= (async () => {
      queue = await spool.load()
      dead = await spool.deadCount()
    })().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  /** Writes to the spool, one at a time (a checkpoint never lands between a drain and its batch). */
  let disk: Promise<unknown> = Promise.resolve()
  function onDisk<T>(write: () => Promise<T>): Promise<T> {
    const next = disk.then(loaded).then(write)
    disk = next.catch(() => {})
    return next
  }
  /** The reportId the meter's running counts will be spooled under, and are checkpointed as. */
  let epoch = newReportId()
  /** The meter's running total at the last checkpoint (or drain). */
  let checkpointed = 0
  /**
   * Traffic-account bytes drained by this process and not acknowledged, per batch and per account.
   * Batches a previous run left in the spool are not in it: they are sent at the first flush.
   */
  const held = new Map<string, Map<string, number>>()
  const unacknowledged = new Map<string, number>()

  /** Bytes per allowance in one batch. */
  function allowanceBytes(batch: TrafficReport): Map<string, number> {
    const bytes = new Map<string, number>()
    for (const r of batch.records)
      for (const id of (options.chargedTo ?? accountOnly)(r))
        bytes.set(id, (bytes.get(id) ?? 0) + r.upBytes + r.downBytes)
    return bytes
  }

  function hold(batch: TrafficReport) {
    const bytes = allowanceBytes(batch)
    if (bytes.size === 0) return
    held.set(batch.reportId, bytes)
    for (const [id, n] of bytes) unacknowledged.set(id, (unacknowledged.get(id) ?? 0) + n)
  }

  /** The batch is settled (the server has it, or will never take it): its bytes are no longer pending. */
  function release(reportId: string) {
    const bytes = held.get(reportId)
    if (!bytes) return
    held.delete(reportId)
    for (const [id, n] of bytes) {
      const left = (unacknowledged.get(id) ?? 0) - n
      if (left > 0) unacknowledged.set(id, left)
      else unacknowledged.delete(id)
    }
  }

  /** Spools what the meter counted, then sends every spooled batch, oldest first. */
  function flush(): Promise<void> {
    // One flush at a time: a caller that asks during one shares it (the next tick takes the rest).
    running ??= run().finally(() => {
      running = undefined
    })
    return running
  }

  async function run() {
    await onDisk(() => spoolMeter(queue))
    // Bounded by the batches queued now; stops at the first one the server cannot take yet.
    for (const reportId of [...queue]) {
      await send(reportId)
      queue.shift()
    }
  }

  /**
   * Drained batches not yet safely on disk: written again next flush under the same reportId, so a
   * write that failed half-way (a file left behind) still reaches the server only once.
   */
  let unwritten: TrafficReport[] = []

  async function spoolMeter(pending: string[]) {
    const records = options.meter.drain()
    checkpointed = options.meter.counted()
    const tunnels = options.tunnelStats?.drain() ?? []
    const batches = [...unwritten]
    // Held in the same tick as the drain: a byte is always either in the meter or held here. The
    // first batch is the one the checkpoint named.
    for (let start = 0; start < records.length; start += REPORT_MAX_RECORDS) {
      const reportId = start === 0 ? epoch : newReportId()
      const batch: TrafficReport = { reportId, records: records.slice(start, start + REPORT_MAX_RECORDS) }
      const stats = tunnels.shift()
      if (stats) batch.tunnels = stats
      hold(batch)
      batches.push(batch)
    }
    // Statistics beyond the byte batches go alone (never under the checkpoint's reportId, which its bytes may still take).
    for (const stats of tunnels) batches.push({ reportId: newReportId(), records: [], tunnels: stats })
    if (records.length > 0) epoch = newReportId()
    for (const [i, batch] of batches.entries()) {
      try {
        await spool.write(batch)
      } catch (error) {
        unwritten = batches.slice(i)
        throw error
      }
      pending.push(batch.reportId)
    }
    unwritten = []
    if (records.length > 0) await spool.dropCheckpoint()
  }

  /** The next checkpoint, which holds everything counted until it starts: callers until then share it. */
  let nextCheckpoint: Promise<void> | undefined
  /**
   * Resolves once the meter's running counts, as they are now, are on disk (in the checkpoint or a
   * spooled batch). Writes coalesce: one write serves every caller that came before it started.
   */
  function checkpoint(): Promise<void> {
    if (options.meter.counted() === checkpointed) return Promise.resolve()
    nextCheckpoint ??= onDisk(async () => {
      nextCheckpoint = undefined
      const counted = options.meter.counted()
      if (counted === checkpointed) return
      const records = options.meter.peek()
      // More credentials than one batch holds: they are spooled as batches now instead.
      if (records.length > REPORT_MAX_RECORDS) return spoolMeter(queue)
      await spool.checkpoint({ reportId: epoch, records })
      checkpointed = counted
    })
    return nextCheckpoint
  }

  /** Resolves once the batch has left the queue (sent, or dead); throws to stop the flush. */
  async function send(reportId: string) {
    const body = await spool.read(reportId).catch((error: NodeJS.ErrnoException) => {
      // Deleted by hand: nothing left to send, and the queue must not stall on it.
      if (error.code === 'ENOENT') return null
      throw error
    })
    if (body === null) {
      release(reportId)
      return
    }
    let answer = await callNodeApi(options, nodeTraffic, { body })
    // A server older than tunnel statistics (or refusing them) still takes the bytes: nothing of
    // this reportId was applied, so they go again, alone.
    if (isFinal(answer.status) && body.includes('"tunnels"')) answer = await sendBytesOnly(body, answer)
    if (isFinal(answer.status)) {
      await spool.bury(reportId)
      dead += 1
      const bytes = held.get(reportId)
      release(reportId)
      if (bytes) options.onBuried?.(bytes)
      return
    }
    const parsed = TrafficReportAnswer.safeParse(answer.data)
    // Anything else may or may not have been applied: kept, and the same reportId settles it later.
    if (answer.status !== 200 || !parsed.success)
      throw new NodeApiError(
        `${endpointName(nodeTraffic)} answered ${answer.status} for ${reportId}`,
        answer.status,
      )
    release(reportId)
    await spool.remove(reportId)
    if (parsed.data.disabled.length > 0) options.onDisabled(parsed.data.disabled.map((d) => d.id))
  }

  async function sendBytesOnly(body: string, refused: NodeApiAnswer): Promise<NodeApiAnswer> {
    const { tunnels, ...bytes } = JSON.parse(body) as TrafficReport
    if (!tunnels) return refused
    return callNodeApi(options, nodeTraffic, { body: JSON.stringify(bytes) })
  }

  /** Tells the server the node is alive; with `stats`, also how it is doing. */
  async function heartbeat(stats?: HeartbeatStats) {
    const body: NodeHeartbeat | undefined = stats && {
      ...stats,
      deadLetters: dead,
      pendingBatches: pending(),
    }
    const beat = (figures?: object) =>
      callNodeApi(options, nodeHeartbeat, { ...(figures && { body: JSON.stringify(figures) }) })
    let answer = await beat(body)
    // A server older than some figure refuses the whole beat (its schema is strict): it gets the core.
    if (answer.status === 400 && body) answer = await beat(z.object(NodeHeartbeatCore.shape).parse(body))
    if (answer.status !== 200)
      throw new NodeApiError(`${endpointName(nodeHeartbeat)} answered ${answer.status}`, answer.status)
  }

  /** Batches spooled (or waiting to be) and not yet accepted. */
  const pending = () => queue.length + unwritten.length

  return {
    flush,
    checkpoint,
    heartbeat,
    /** Batches the server refused for good, in the spool's dead/ folder (including earlier runs'). */
    deadLetters: () => dead,
    pending,
    /** Bytes charged to this allowance drained from the meter and not acknowledged by the server yet. */
    unacknowledged: (allowanceId: string) => unacknowledged.get(allowanceId) ?? 0,
  }
}

export type Pusher = ReturnType<typeof createPusher>

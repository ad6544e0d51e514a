// Pushes metered traffic to the node API without losing or doubling a byte: each batch is spooled
// durably before it is sent, and sent again under the same reportId until the server has it (the
// server drops a reportId it has seen). A batch the server refuses for good goes to the dead letters.
import { REPORT_MAX_RECORDS, type TrafficReport, TrafficReportAnswer } from '@proxy/contract/nodes/endpoints'
import type { Meter } from './meter.ts'
import { callNodeApi, NodeApiError, type NodeApiOptions } from './node-api.ts'
import { createSpool, newReportId } from './spool.ts'

export type PusherOptions = NodeApiOptions & {
  spoolDir: string
  meter: Meter
  /** Traffic accounts the server disabled (package used up): stop serving them now. */
  onDisabled: (ids: string[]) => void
}

/** Refusals that say nothing about the batch (token, rate limit, timeout): kept and sent again later. */
const RETRIED_4XX = new Set([401, 403, 408, 429])
const isFinal = (status: number) => status >= 400 && status < 500 && !RETRIED_4XX.has(status)

export function createPusher(options: PusherOptions) {
  const spool = createSpool(options.spoolDir)
  let queue: string[] | undefined
  let dead = 0
  let running: Promise<void> | undefined

  /** Spools what the meter counted, then sends every spooled batch, oldest first. */
  function flush(): Promise<void> {
    // One flush at a time: a caller that asks during one shares it (the next tick takes the rest).
    running ??= run().finally(() => {
      running = undefined
    })
    return running
  }

  async function run() {
    if (!queue) {
      queue = await spool.load()
      dead = await spool.deadCount()
    }
    await spoolMeter(queue)
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
    const batches = [...unwritten]
    for (let start = 0; start < records.length; start += REPORT_MAX_RECORDS)
      batches.push({ reportId: newReportId(), records: records.slice(start, start + REPORT_MAX_RECORDS) })
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
  }

  /** Resolves once the batch has left the queue (sent, or dead); throws to stop the flush. */
  async function send(reportId: string) {
    const body = await spool.read(reportId).catch((error: NodeJS.ErrnoException) => {
      // Deleted by hand: nothing left to send, and the queue must not stall on it.
      if (error.code === 'ENOENT') return null
      throw error
    })
    if (body === null) return
    const answer = await callNodeApi(options, 'POST', '/traffic', { body })
    if (isFinal(answer.status)) {
      await spool.bury(reportId)
      dead += 1
      return
    }
    const parsed = TrafficReportAnswer.safeParse(answer.data)
    // Anything else may or may not have been applied: kept, and the same reportId settles it later.
    if (answer.status !== 200 || !parsed.success)
      throw new NodeApiError(`POST /traffic answered ${answer.status} for ${reportId}`, answer.status)
    await spool.remove(reportId)
    if (parsed.data.disabled.length > 0) options.onDisabled(parsed.data.disabled.map((d) => d.id))
  }

  async function heartbeat() {
    // The contract's heartbeat takes no body: dead letters are reported by deadLetters() for now.
    const answer = await callNodeApi(options, 'POST', '/heartbeat')
    if (answer.status !== 200)
      throw new NodeApiError(`POST /heartbeat answered ${answer.status}`, answer.status)
  }

  return {
    flush,
    heartbeat,
    /** Batches the server refused for good, in the spool's dead/ folder (including earlier runs'). */
    deadLetters: () => dead,
    /** Batches spooled and not yet accepted. */
    pending: () => queue?.length ?? 0,
  }
}

export type Pusher = ReturnType<typeof createPusher>

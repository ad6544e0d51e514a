// The load generator, always in a process of its own (never beside the proxy it measures): runs the
// one job the bench parent sends over IPC and answers with its figures.
import type net from 'node:net'
import type { HandshakesResult, IdleResult, Job, LoadResult, StreamsResult } from './jobs.ts'
import { openTunnel } from './socks-client.ts'

const TUNNEL_TIMEOUT_MS = 10_000

/** Asks the sink for `bytes` and counts them in; resolves with what arrived by `deadline`. */
function receive(socket: net.Socket, bytes: number, deadline: number): Promise<number> {
  return new Promise((resolve) => {
    let received = 0
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(received)
    }
    const timer = setTimeout(finish, Math.max(0, deadline - Date.now()))
    socket.on('error', finish)
    socket.on('close', finish)
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received >= bytes) finish()
    })
    const request = Buffer.alloc(8)
    request.writeBigUInt64BE(BigInt(bytes))
    socket.write(request)
    socket.resume()
  })
}

async function streams(job: Extract<Job, { kind: 'streams' }>): Promise<StreamsResult> {
  const gbitPerSecond: number[] = []
  let isTruncated = false
  for (let run = 0; run < job.runs; run++) {
    const sockets = await Promise.all(
      Array.from({ length: job.streams }, () => openTunnel(job.proxy, job.sink, TUNNEL_TIMEOUT_MS)),
    )
    const started = performance.now()
    const deadline = Date.now() + job.timeoutMs
    const counts = await Promise.all(sockets.map((socket) => receive(socket, job.bytesPerStream, deadline)))
    const seconds = (performance.now() - started) / 1000
    const bytes = counts.reduce((sum, count) => sum + count, 0)
    if (bytes < job.streams * job.bytesPerStream) isTruncated = true
    gbitPerSecond.push((bytes * 8) / seconds / 1e9)
  }
  return { kind: 'streams', gbitPerSecond, isTruncated }
}

/** Runs `work` from `concurrency` workers until `total` were started or the deadline passed. */
async function inParallel(total: number, concurrency: number, timeoutMs: number, work: () => Promise<void>) {
  const deadline = Date.now() + timeoutMs
  let started = 0
  const worker = async () => {
    while (started < total && Date.now() < deadline) {
      started++
      await work()
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}

async function handshakes(job: Extract<Job, { kind: 'handshakes' }>): Promise<HandshakesResult> {
  const latencies: number[] = []
  let failures = 0
  const started = performance.now()
  await inParallel(job.total, job.concurrency, job.timeoutMs, async () => {
    const begun = performance.now()
    try {
      const socket = await openTunnel(job.proxy, job.sink, TUNNEL_TIMEOUT_MS)
      latencies.push(performance.now() - begun)
      socket.destroy()
    } catch {
      failures++
    }
  })
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.max(0, Math.ceil(q * latencies.length) - 1)] ?? Number.NaN
  const done = latencies.length
  return { kind: 'handshakes', done, perSecond: done / seconds, p50Ms: at(0.5), p99Ms: at(0.99), failures }
}

const held: net.Socket[] = []

async function idle(job: Extract<Job, { kind: 'idle' }>): Promise<IdleResult> {
  let failures = 0
  await inParallel(job.tunnels, job.concurrency, job.timeoutMs, async () => {
    try {
      const socket = await openTunnel(job.proxy, job.sink, TUNNEL_TIMEOUT_MS)
      socket.on('error', () => socket.destroy())
      socket.resume()
      held.push(socket)
    } catch {
      failures++
    }
  })
  const opened = held.filter((socket) => !socket.destroyed && !socket.readableEnded).length
  return { kind: 'idle', opened, failures }
}

process.once('message', (job: Job) => {
  const run = job.kind === 'streams' ? streams(job) : job.kind === 'handshakes' ? handshakes(job) : idle(job)
  run.then(
    (result: LoadResult) => process.send?.(result),
    (error: Error) => process.send?.({ kind: 'error', message: error.message } satisfies LoadResult),
  )
})
// Idle tunnels stay open until the parent stops this process.
process.on('disconnect', () => process.exit(0))

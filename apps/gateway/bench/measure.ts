// The figures of every target, each run from a fresh load-generator process (never the proxy's own).
// Rounds interleave the targets, so a machine that drifts (other work, CPU frequency) skews none of
// them alone; each figure is the median of its rounds.
import type { ChildProcess } from 'node:child_process'
import {
  type HandshakesResult,
  type IdleResult,
  type Job,
  type LoadResult,
  SINK_HOST,
  type SinkPorts,
  type StreamsResult,
} from './jobs.ts'
import { forkScript, nextMessage, rssMiB, stop } from './processes.ts'
import type { Target } from './targets.ts'

export type Plan = {
  streamBytes: number
  runs: number
  streamTimeoutMs: number
  parallel: number
  parallelBytes: number
  /** Rounds of the parallel and handshake figures. */
  rounds: number
  handshakes: number
  concurrency: number
  idleTunnels: number
}

export type Figures = {
  singleRuns: number[]
  single: number
  parallel: number
  handshakesPerSecond: number
  p99Ms: number
  /** Only for proxies: RSS of the proxy's processes before the idle tunnels and with them open. */
  idle?: { opened: number; rssBeforeMiB: number; rssMiB: number }
  notes: string[]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

async function answer<T extends LoadResult>(
  child: ChildProcess,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const result = await nextMessage<LoadResult>(child, timeoutMs, what)
  if (result.kind === 'error') throw new Error(`${what}: ${result.message}`)
  return result as T
}

function startLoad(job: Job): ChildProcess {
  const child = forkScript('./load.ts')
  child.send(job)
  return child
}

async function runLoad<T extends LoadResult>(job: Job, timeoutMs: number, what: string): Promise<T> {
  const child = startLoad(job)
  try {
    return await answer<T>(child, timeoutMs, what)
  } finally {
    await stop(child)
  }
}

/** Gbit/s of `count` parallel streams sharing `bytes`, `runs` runs in one load process. */
export function streams(target: Target, port: number, plan: Plan, count: number, bytes: number, runs = 1) {
  const job: Job = {
    kind: 'streams',
    proxy: target.proxy,
    sink: { host: SINK_HOST, port },
    streams: count,
    bytesPerStream: Math.ceil(bytes / count),
    runs,
    timeoutMs: plan.streamTimeoutMs,
  }
  const what = `${target.name}, ${count} stream(s)`
  return runLoad<StreamsResult>(job, runs * (plan.streamTimeoutMs + 10_000), what)
}

export function handshakes(target: Target, sink: SinkPorts, plan: Plan) {
  const job: Job = {
    kind: 'handshakes',
    proxy: target.proxy,
    sink: { host: SINK_HOST, port: sink.close },
    total: plan.handshakes,
    concurrency: plan.concurrency,
    timeoutMs: 30_000,
  }
  return runLoad<HandshakesResult>(job, 45_000, `${target.name} handshakes`)
}

/** The proxy's RSS before and with `plan.idleTunnels` tunnels open to the sink's `hold` port. */
async function idle(target: Target, sink: SinkPorts, plan: Plan, notes: string[]): Promise<Figures['idle']> {
  if (target.pid === undefined || !target.proxy) return undefined
  const pids = target.pids ?? (() => [target.pid as number])
  const rss = () => pids().reduce((sum, pid) => sum + rssMiB(pid), 0)
  const rssBeforeMiB = rss()
  const child = startLoad({
    kind: 'idle',
    proxy: target.proxy,
    sink: { host: SINK_HOST, port: sink.hold },
    tunnels: plan.idleTunnels,
    concurrency: 100,
    timeoutMs: 60_000,
  })
  try {
    const { opened, failures } = await answer<IdleResult>(child, 75_000, `${target.name} idle tunnels`)
    await sleep(1000) // let the proxy settle before reading its RSS
    if (opened < plan.idleTunnels)
      notes.push(`${opened} of ${plan.idleTunnels} idle tunnels (${failures} failed)`)
    return { opened, rssBeforeMiB, rssMiB: rss() }
  } finally {
    await stop(child)
    await sleep(1000) // the proxy closes its side before the next target's turn
  }
}

export async function measureAll(
  targets: Target[],
  sink: SinkPorts,
  plan: Plan,
): Promise<Map<Target, Figures>> {
  const single = new Map(targets.map((target) => [target, [] as number[]]))
  const parallel = new Map(targets.map((target) => [target, [] as number[]]))
  const shakes = new Map(targets.map((target) => [target, [] as HandshakesResult[]]))
  const notes = new Map(targets.map((target) => [target, [] as string[]]))
  const progress = (what: string) => process.stdout.write(`${what} `)

  for (let run = 0; run < plan.runs; run++) {
    progress(`1-stream round ${run + 1}/${plan.runs}`)
    for (const target of targets) {
      const result = await streams(target, sink.source, plan, 1, plan.streamBytes)
      single.get(target)?.push(...result.gbitPerSecond)
      if (result.isTruncated) notes.get(target)?.push(`1-stream run ${run + 1} hit the time bound`)
    }
  }
  for (let round = 0; round < plan.rounds; round++) {
    progress(`· ${plan.parallel}-stream round ${round + 1}/${plan.rounds}`)
    for (const target of targets) {
      const result = await streams(target, sink.source, plan, plan.parallel, plan.parallelBytes)
      parallel.get(target)?.push(...result.gbitPerSecond)
      if (result.isTruncated)
        notes.get(target)?.push(`${plan.parallel}-stream round ${round + 1} hit the time bound`)
    }
  }
  for (let round = 0; round < plan.rounds; round++) {
    progress(`· handshake round ${round + 1}/${plan.rounds}`)
    for (const target of targets) {
      const result = await handshakes(target, sink, plan)
      shakes.get(target)?.push(result)
      if (result.failures > 0 || result.done < plan.handshakes)
        notes.get(target)?.push(`${result.done} of ${plan.handshakes} handshakes, ${result.failures} failed`)
    }
  }
  const figures = new Map<Target, Figures>()
  progress('· idle tunnels')
  for (const target of targets) {
    const targetNotes = notes.get(target) ?? []
    const singleRuns = single.get(target) ?? []
    const rounds = shakes.get(target) ?? []
    figures.set(target, {
      singleRuns,
      single: median(singleRuns),
      parallel: median(parallel.get(target) ?? []),
      handshakesPerSecond: median(rounds.map((round) => round.perSecond)),
      p99Ms: median(rounds.map((round) => round.p99Ms)),
      idle: await idle(target, sink, plan, targetNotes),
      notes: targetNotes,
    })
  }
  console.log('')
  return figures
}

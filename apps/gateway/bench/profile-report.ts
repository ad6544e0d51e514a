// Where a proxy's CPU time goes while it carries one stream: each profiled target samples itself
// (profiling.ts) for a few runs; we print its self time by function and its garbage collections.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SinkPorts } from './jobs.ts'
import { handshakes, type Plan, streams } from './measure.ts'
import { nextMessage } from './processes.ts'
import type { GcStats, ProfileRequest } from './profiling.ts'
import type { Target } from './targets.ts'

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const shortUrl = (url: string) =>
  url.replace(/^file:\/\/.*\/apps\/gateway\//, '').replace(/^file:\/\/.*\/node_modules\//, '')

function printProfile(path: string, count: number): void {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]))
  const byFrame = new Map<string, number>()
  let busy = 0
  let idle = 0
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0
    const frame = byId.get(id)
    if (!frame) return
    if (frame.functionName === '(idle)') {
      idle += micros
      return
    }
    busy += micros
    const where = frame.url ? `  ${shortUrl(frame.url)}:${frame.lineNumber + 1}` : ''
    const name = `${frame.functionName || '(anonymous)'}${where}`
    byFrame.set(name, (byFrame.get(name) ?? 0) + micros)
  })
  console.log(
    `  busy ${(busy / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s; top self time (% of busy):`,
  )
  for (const [name, micros] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`  ${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${name}`)
}

const ask = <T>(target: Target, request: ProfileRequest) => {
  const child = target.child
  if (!child) throw new Error(`${target.name} cannot be profiled`)
  child.send(request)
  return nextMessage<T>(child, 15_000, `${target.name} profiler`)
}

/**
 * Profiles each target (that runs our profiling.ts) over `runs` single-stream runs, or over one
 * round of handshakes, one target after another.
 */
export async function profileStreams(
  targets: Target[],
  ports: SinkPorts,
  plan: Plan,
  dir: string,
  runs = 3,
  workload: 'streams' | 'handshakes' = 'streams',
) {
  for (const target of targets) {
    await ask(target, { profile: 'start' })
    const measured =
      workload === 'streams'
        ? `${runs} × 1 stream (${(
            await streams(target, ports.source, plan, 1, plan.streamBytes, runs)
          ).gbitPerSecond
            .map((gbit) => gbit.toFixed(2))
            .join(', ')} Gbit/s)`
        : `${plan.handshakes} handshakes (${(await handshakes(target, ports, plan)).perSecond.toFixed(0)}/s)`
    const path = join(dir, `${target.name.replaceAll(' ', '-')}.cpuprofile`)
    const { gc } = await ask<{ gc: GcStats }>(target, { profile: 'stop', path })
    console.log(`\n${target.name} profiled over ${measured}: ${path}`)
    console.log(
      `  GC: ${gc.scavenges} scavenges ${gc.scavengeMs.toFixed(0)} ms, ` +
        `${gc.others} mark-compact/incremental ${gc.othersMs.toFixed(0)} ms`,
    )
    printProfile(path, 12)
  }
}

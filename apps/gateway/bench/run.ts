// `npm run bench -w @proxy/gateway`: the gateway's data path against a bare Node relay (the ceiling of
// a Node proxy here) and microsocks, all measured in this run on loopback, with ratios in the last
// rows. The load generator, the sink and each proxy run in processes of their own; the API that the
// gateway pulls credentials from runs here, on PGlite. Never part of `npm test`.
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Api, startApi } from '../src/sync/test-api.ts'
import type { SinkPorts } from './jobs.ts'
import { measureAll, type Plan } from './measure.ts'
import { forkScript, killStarted, nextMessage, openFileLimit, stop } from './processes.ts'
import { profileStreams } from './profile-report.ts'
import { printTable, type Row } from './report.ts'
import {
  direct,
  type GatewaySetup,
  hasMicrosocks,
  hasSquid,
  overHttp,
  startBareRelay,
  startGateway,
  startGatewayCluster,
  startMicrosocks,
  startSquid,
  type Target,
} from './targets.ts'

// BENCH_ONLY=gateway runs only this bench from the root script; another value skips it.
const only = process.env.BENCH_ONLY
if (only && !'gateway'.includes(only.toLowerCase())) {
  console.log(`gateway bench skipped (BENCH_ONLY=${only})`)
  process.exit(0)
}

const MiB = 1024 * 1024
const maxSeconds = Number(process.env.BENCH_MAX_SECONDS ?? 300)
// Every tunnel holds two sockets in the proxy; clients and sink hold one each, in their own processes.
const fileLimit = openFileLimit()
const wantedIdle = Number(process.env.BENCH_IDLE_TUNNELS ?? 5000)
const idleTunnels = 2 * wantedIdle + 500 <= fileLimit ? wantedIdle : 2000
const streamBytes = Number(process.env.BENCH_STREAM_MIB ?? 1024) * MiB
const plan: Plan = {
  streamBytes,
  runs: 5,
  streamTimeoutMs: 8_000,
  parallel: 100,
  parallelBytes: streamBytes,
  rounds: 3,
  handshakes: 2000,
  concurrency: 50,
  idleTunnels,
}

// Node flags for the gateway process only; by default those `npm run gateway` uses (a 64 MB initial
// old space: without it a fresh gateway spends a fifth of its CPU in major GCs on one stream).
const gatewayFlags = (process.env.BENCH_GATEWAY_FLAGS ?? '--initial-old-space-size=64')
  .split(' ')
  .filter(Boolean)

const watchdog = setTimeout(() => {
  console.error(`gateway bench: over its ${maxSeconds} s bound, stopping`)
  killStarted()
  process.exit(1)
}, maxSeconds * 1000)

console.log(
  `Gateway bench on loopback: ${availableParallelism()} cores, Node ${process.version}, open files ${fileLimit}.\n` +
    `1 stream: median of ${plan.runs} × ${streamBytes / MiB} MiB (≤ ${plan.streamTimeoutMs / 1000} s each); ` +
    `${plan.parallel} streams: ${streamBytes / MiB} MiB in all; handshakes: ${plan.handshakes} at concurrency ` +
    `${plan.concurrency} (connect + SOCKS5 auth + CONNECT to a sink that closes); RSS: ${idleTunnels} idle tunnels.`,
)
if (gatewayFlags.length > 0) console.log(`gateway process started with ${gatewayFlags.join(' ')}`)
if (idleTunnels < wantedIdle)
  console.log(
    `(${wantedIdle} idle tunnels need ${2 * wantedIdle + 500} open files in the proxy: doing ${idleTunnels})`,
  )

let api: Api | undefined
const targets: Target[] = []
const sink = forkScript('./sink.ts')
// The gateway keeps its spool (and files beside it) in here.
const workDir = mkdtempSync(join(tmpdir(), 'gateway-bench-'))
try {
  const ports = await nextMessage<SinkPorts>(sink, 15_000, 'sink')
  api = await startApi({ firstAddress: 150 })
  const { instance } = await api.staticIpCustomer()
  const spoolDir = join(workDir, 'spool')
  const setup: GatewaySetup = { apiUrl: api.baseUrl, nodeToken: api.nodeToken, instance, spoolDir }

  targets.push(direct, await startBareRelay())
  if (hasMicrosocks()) targets.push(await startMicrosocks())
  else
    console.log('microsocks is not installed (apt-get install -y microsocks): its row and ratios stay empty')
  const gateway = await startGateway(setup, gatewayFlags)
  targets.push(gateway)
  // As `npm run gateway` runs by default: one worker per core (here 2), the primary syncing.
  const workers = Math.max(2, availableParallelism())
  // A static IP of its own: two gateways cannot listen on one address and port.
  const { instance: clusterInstance } = await api.staticIpCustomer()
  targets.push(await startGatewayCluster({ ...setup, instance: clusterInstance }, workers, gatewayFlags))
  // HTTP CONNECT side by side: squid (apt) and the same gateway process over its HTTP side.
  if (hasSquid()) targets.push(await startSquid(workDir))
  else console.log('squid is not installed (apt-get install -y squid): its row and ratio stay empty')
  targets.push(overHttp(gateway))
  // Idle proxies cost nothing while another one is measured: all stay up and the rounds interleave.
  const started = Date.now()
  const figures = await measureAll(targets, ports, plan)
  console.log(`measured in ${((Date.now() - started) / 1000).toFixed(0)} s\n`)
  const table: Row[] = targets.map((target) => ({ name: target.name, figures: figures.get(target) }))
  if (!hasMicrosocks()) table.splice(2, 0, { name: 'microsocks', missing: 'not inst.' })
  if (!hasSquid()) table.push({ name: 'squid (HTTP CONNECT)', missing: 'not inst.' })
  printTable(table, plan)

  while (targets.length > 0) await targets.pop()?.stop()

  // Where the time goes, when the gateway trails the bare relay (or BENCH_CPU_PROF=1 asks for it):
  // fresh processes, as in the 1-stream rounds (a heap grown by the idle tunnels behaves otherwise).
  const single = (name: string) => table.find((row) => row.name === name)?.figures?.single ?? Number.NaN
  const isTrailing = single('our gateway') / single('bare Node relay') < 0.9
  const profiling = process.env.BENCH_CPU_PROF
  if (profiling === 'handshakes') {
    targets.push(await startBareRelay(), await startGateway(setup, gatewayFlags))
    const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-profiles-'))
    await profileStreams(targets, ports, plan, dir, 1, 'handshakes')
  } else if (profiling === '1' || (isTrailing && profiling !== '0')) {
    if (isTrailing) console.log('\nThe gateway is under 0.9x the bare relay on one stream; profiles of both:')
    targets.push(await startBareRelay(), await startGateway(setup, gatewayFlags))
    await profileStreams(targets, ports, plan, mkdtempSync(join(tmpdir(), 'gateway-bench-profiles-')))
  }
} finally {
  for (const target of targets) await target.stop()
  await stop(sink)
  await api?.close()
  rmSync(workDir, { recursive: true, force: true })
  killStarted()
  clearTimeout(watchdog)
}

// `npm run gateway`: the proxy gateway of one node, configured from the environment (.env.example).
// With GATEWAY_WORKERS > 1 (one per core by default) it is a node:cluster: the primary pulls, pushes
// and runs v2ray; each worker carries tunnels on every entry, and they share the listening sockets.
import cluster, { type Worker } from 'node:cluster'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { type GatewayConfig, loadGatewayConfig } from './config.ts'
import { startGateway } from './gateway.ts'
import { createLog } from './log.ts'
import { startPlane } from './plane.ts'
import type { FromPlane, ToPlane } from './plane-messages.ts'
import { createNodeSync } from './sync/node-sync.ts'

const envFile = resolve(import.meta.dirname, '../../../.env')
if (existsSync(envFile)) process.loadEnvFile(envFile)

let config: GatewayConfig
try {
  config = loadGatewayConfig()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
// Each worker's lines carry its id; the primary's and the single process's carry none.
const log = createLog(config.GATEWAY_LOG_LEVEL).child(cluster.isWorker ? { worker: cluster.worker?.id } : {})
/** A worker that dies is replaced after this long (a crash loop must not spin). */
const RESPAWN_MS = 1000
/** How long a clean stop waits for the workers to hand over their last counts. */
const STOP_WAIT_MS = 5000

type WorkerMessage = FromPlane | { type: 'ready' }
type PrimaryMessage = ToPlane | { type: 'close' }

const onStop = (stop: () => Promise<void>) => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void stop().then(() => process.exit(0)))
}
/** The start-up line operators and deploy/cluster.ts look for ("Gateway serving"). */
const serving = (count: number, workers: number) =>
  log.info(
    { addresses: count, api: config.GATEWAY_API_URL, workers, allowPrivate: config.GATEWAY_ALLOW_PRIVATE },
    `Gateway serving ${count} address(es) for ${config.GATEWAY_API_URL}` +
      (config.GATEWAY_ALLOW_PRIVATE ? ' (private destinations allowed)' : '') +
      (workers > 1 ? ` with ${workers} workers` : ''),
  )

if (config.GATEWAY_WORKERS <= 1) {
  const gateway = await startGateway(config, log)
  serving(gateway.listening().length, 1)
  onStop(() => gateway.close())
} else if (cluster.isPrimary) {
  await runPrimary(config.GATEWAY_WORKERS)
} else {
  runWorker()
}

async function runPrimary(count: number) {
  // Round-robin: the primary accepts and hands each connection to the next worker. With the shared
  // socket (SCHED_NONE) Linux wakes one worker for most connections and the others idle.
  cluster.schedulingPolicy = cluster.SCHED_RR
  const workers = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker)
  const sync = createNodeSync(
    config,
    {
      broadcast(message) {
        for (const worker of workers())
          if (worker.isConnected()) worker.send(message satisfies PrimaryMessage)
      },
      tell(plane, message) {
        const worker = cluster.workers?.[plane]
        if (worker?.isConnected()) worker.send(message satisfies PrimaryMessage)
      },
    },
    log,
  )
  let stopping = false
  cluster.on('message', (worker, message: WorkerMessage) => {
    if (message.type === 'ready') for (const welcome of sync.welcome()) worker.send(welcome)
    else sync.receive(String(worker.id), message, (answer) => worker.isConnected() && worker.send(answer))
  })
  // A send to a worker that has just died fails on its channel (the round-robin handoff of a
  // connection too): an 'error' on the Worker no one listens to would take the primary down with it.
  cluster.on('fork', (worker) =>
    worker.on('error', (error: Error) =>
      log.warn({ pid: worker.process.pid, err: error }, 'gateway worker unreachable'),
    ),
  )
  cluster.on('exit', (worker, code, signal) => {
    sync.forget(String(worker.id))
    if (stopping) return
    log.warn({ pid: worker.process.pid, code, signal }, 'gateway worker ended; starting another')
    setTimeout(() => cluster.fork(), RESPAWN_MS)
  })
  await sync.start()
  for (let i = 0; i < count; i++) cluster.fork()
  serving(sync.entries().length, count)

  onStop(async () => {
    stopping = true
    const exited = workers().map((worker) => new Promise((done) => worker.once('exit', done)))
    for (const worker of workers()) worker.send({ type: 'close' } satisfies PrimaryMessage)
    await Promise.race([Promise.all(exited), new Promise((done) => setTimeout(done, STOP_WAIT_MS))])
    await sync.close()
  })
}

function runWorker() {
  // The primary is gone (crashed or killed): a worker alone has no one to report to, and every byte
  // it carried from now on would go unbilled. Its count window stops its tunnels within a few MiB;
  // it exits at the first report that cannot be made, or on the 'disconnect' below.
  const send = (message: WorkerMessage) => {
    if (process.connected) process.send?.(message)
    else process.exit(1)
  }
  const plane = startPlane(config, send, log)
  process.on('message', (message: PrimaryMessage) => {
    if (message.type === 'close') void plane.close().then(() => process.exit(0))
    else plane.receive(message)
  })
  process.on('disconnect', () => process.exit(1))
  // Ctrl-C reaches the whole group; the primary decides when workers stop.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => {})
  send({ type: 'ready' })
}

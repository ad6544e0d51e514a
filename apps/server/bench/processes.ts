// The bench's other processes: the server under test, the raw node:http + pg baseline server, and
// autocannon, each in its own child so none shares an event loop (or its RSS) with the bench's seeding.
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MALLOC_ENV, SERVER_COMMAND } from '../../../deploy/topology.ts'

type Reply = { port?: number; rss?: number; heap?: number; requests?: number; error?: string }

function start(script: string, env: Record<string, string>): ChildProcess {
  return fork(new URL(script, import.meta.url), [], {
    // BENCH_CPU_PROF=dir: a V8 CPU profile of each child, written there when it exits.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
}

function ask(child: ChildProcess, message: unknown, expect: keyof Reply): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      if (reply.error) return finish(() => reject(new Error(reply.error)))
      if (reply[expect] !== undefined) finish(() => resolve(reply[expect] as number))
    }
    const onExit = (code: number | null) => finish(() => reject(new Error(`child exited with ${code}`)))
    const finish = (then: () => void) => {
      child.off('message', onMessage)
      child.off('exit', onExit)
      then()
    }
    child.on('message', onMessage)
    child.once('exit', onExit)
    if (message !== undefined) child.send(message as object)
  })
}

export type ServerProcess = {
  base: string
  /** The child's resident set and V8 heap (bytes). */
  memory: () => Promise<{ rss: number; heap: number }>
  stop: () => Promise<void>
}

async function serve(script: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = start(script, env)
  const port = await ask(child, undefined, 'port')
  return {
    base: `http://127.0.0.1:${port}`,
    memory: async () => {
      let heap = 0
      const onHeap = (reply: Reply) => {
        heap = reply.heap ?? heap
      }
      child.on('message', onHeap)
      const rss = await ask(child, 'memory', 'rss')
      child.off('message', onHeap)
      return { rss, heap }
    },
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done()
        child.once('exit', () => done())
        child.send('stop')
      }),
  }
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * The server under test as production runs it: the compiled `apps/server/dist/server.js` (built here
 * when missing or stale) under plain node with the production flags, NODE_ENV=production, on a free
 * loopback port, configured by `env`. Its RSS is read from /proc, so nothing in it is the bench's.
 */
export async function serveApp(env: Record<string, string>): Promise<ServerProcess> {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--if-stale', 'server'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  })
  if (build.status !== 0) throw new Error('building the server failed')
  const port = await freePort()
  const child = spawn(
    process.execPath,
    // BENCH_NODE_FLAGS: other node flags for the server (to compare V8 settings); by default production's.
    [
      ...(process.env.BENCH_NODE_FLAGS?.split(' ') ?? SERVER_COMMAND.slice(1, -1)),
      join(ROOT, 'apps/server/dist/server.js'),
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // As npm start, the image and the cluster run it.
        ...MALLOC_ENV,
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_SECRET: randomBytes(24).toString('hex'),
        LOCAL_GATEWAY: 'false',
        // No balancer to drain for: stop() ends it at once.
        SHUTDOWN_GRACE_MS: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const base = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode} before it was ready`)
    if (attempt > 600) throw new Error('the server was not ready within 30 s')
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break
    await new Promise((wait) => setTimeout(wait, 50))
  }
  return {
    base,
    memory: async () => ({ rss: residentBytes(child.pid ?? 0), heap: Number.NaN }),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** VmRSS of a process, from /proc (Linux). */
function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
  return Number(line?.[1] ?? Number.NaN) * 1024
}

/** The baseline: node:http + one pg query (the session joined with the wallet), no framework. */
export const serveRaw = (databaseUrl: string) => serve('./raw-server.ts', { DATABASE_URL: databaseUrl })

/** Average req/s of autocannon against `url`, run in its own process. Throws on any non-2xx. */
export function autocannonRate(
  url: string,
  options: { connections: number; seconds: number; token?: string },
): Promise<number> {
  return ask(start('./autocannon-worker.ts', {}), { url, ...options }, 'requests')
}

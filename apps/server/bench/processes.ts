// The bench's other processes: the server under test, the raw node:http + pg baseline server, and
// autocannon, each in its own child so none shares an event loop (or its RSS) with the bench's seeding.
import { type ChildProcess, fork } from 'node:child_process'

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

/** The app (buildApp) listening on a free port, configured by `env` as the server would be. */
export const serveApp = (env: Record<string, string>) => serve('./app-server.ts', env)

/** The baseline: node:http + one pg query (the session joined with the wallet), no framework. */
export const serveRaw = (databaseUrl: string) => serve('./raw-server.ts', { DATABASE_URL: databaseUrl })

/** Average req/s of autocannon against `url`, run in its own process. Throws on any non-2xx. */
export function autocannonRate(
  url: string,
  options: { connections: number; seconds: number; token?: string },
): Promise<number> {
  return ask(start('./autocannon-worker.ts', {}), { url, ...options }, 'requests')
}

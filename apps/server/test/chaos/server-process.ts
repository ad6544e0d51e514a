// The real server as a child process on its own PostgreSQL database, for the chaos suite: it is
// killed with SIGKILL (no shutdown hook runs, transactions die with their connections) and
// started again on the same database, where start-up runs the migrations as in production.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { postgresUrl } from '../test-db.ts'

const SERVER_DIR = resolve(import.meta.dirname, '../..')
const READY_TIMEOUT_MS = 45_000
const OUTPUT_LINES = 80
/** The Idempotency-Key lease the child runs with, short so retries after a crash take over quickly. */
export const LEASE_SECONDS = 2

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))

export async function isPostgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl(), connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}

/** A fresh, empty database: the server migrates and seeds it on its first start. */
export async function createChaosDatabase() {
  const name = `chaos_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: postgresUrl() })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  return {
    name,
    url: postgresUrl(name),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl() })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`).finally(() => client.end())
    },
  }
}

const canListen = (port: number) =>
  new Promise<boolean>((done) => {
    const probe = createServer()
    probe.once('error', () => done(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)))
  })

/**
 * A free port below Linux's ephemeral range (32768+), so no outgoing connection can take it while
 * the server is down between a kill and its restart.
 */
async function freePort(): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    if (await canListen(port)) return port
  }
  throw new Error('no free port between 20000 and 32000')
}

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>

/** Starts `node --import tsx src/server.ts` (one process, so SIGKILL hits the server itself). */
export async function startServerProcess(databaseUrl: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'chaos-server-'))
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    SEED_DEMO: 'true',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent',
    JOBS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    PAYMENTS_SANDBOX: 'true',
    IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS),
    REGISTER_LIMIT_PER_IP: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    TOPUP_LIMIT_PER_HOUR: '100000',
    ...extraEnv,
  }
  const baseUrl = `http://127.0.0.1:${port}`
  const output: string[] = []
  let child: ChildProcess | null = null
  let isUp = false
  let kills = 0
  const unexpectedExits: string[] = []

  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean))
    output.splice(0, Math.max(0, output.length - OUTPUT_LINES))
  }

  // Should the test process die first, it takes the server with it.
  const killOnExit = () => child?.kill('SIGKILL')
  process.once('exit', killOnExit)

  async function start() {
    const started = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = started
    started.stdout?.on('data', keep)
    started.stderr?.on('data', keep)
    started.once('exit', (code, signal) => {
      if (child === started && signal !== 'SIGKILL') unexpectedExits.push(`exit ${code ?? signal}`)
      if (child === started) isUp = false
    })
    const deadline = Date.now() + READY_TIMEOUT_MS
    while (Date.now() < deadline) {
      if (started.exitCode !== null || started.signalCode !== null)
        throw new Error(`server exited during start-up:\n${output.join('\n')}`)
      const ready = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(1000) }).catch(() => null)
      if (ready?.status === 200) {
        isUp = true
        return
      }
      await sleep(100)
    }
    started.kill('SIGKILL')
    throw new Error(`server not ready after ${READY_TIMEOUT_MS} ms:\n${output.join('\n')}`)
  }

  /** SIGKILL, then waits until the process is gone; answers whether there was one to kill. */
  async function terminate() {
    const running = child
    if (!running || running.exitCode !== null || running.signalCode !== null) return false
    isUp = false
    const exited = new Promise((done) => running.once('exit', done))
    running.kill('SIGKILL')
    await exited
    return true
  }

  await start()
  return {
    baseUrl,
    port,
    isUp: () => isUp,
    kills: () => kills,
    unexpectedExits: () => [...unexpectedExits],
    output: () => output.join('\n'),
    async kill() {
      if (await terminate()) kills++
    },
    restart: start,
    /** Resolves once the server answers again, or after `timeoutMs` (the caller's next try fails). */
    async whenUp(timeoutMs = READY_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs
      while (!isUp && Date.now() < deadline) await sleep(50)
    },
    async stop() {
      await terminate()
      process.off('exit', killOnExit)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

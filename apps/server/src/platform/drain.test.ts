// The restart a balancer sees: the real server as a child process (tsx; on the suite's engine: a
// database cloned from the run's PostgreSQL template, or PGlite in a fresh DATA_DIR), sent SIGTERM while requests are under way. /readyz turns 503 at once, everything else is served
// through the grace, a request in flight when the listener closes still finishes, the process
// exits 0; a second signal ends it at once.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { isPostgresRun, postgresUrl } from '../../test/test-db.ts'

const SERVER_DIR = resolve(import.meta.dirname, '../..')
const START_TIMEOUT_MS = 90_000
const GRACE_MS = 1500

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const address = probe.address()
  await new Promise((done) => probe.close(done))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

type Server = { child: ChildProcess; baseUrl: string; output: string[]; exited: Promise<number | null> }
const started: { child: ChildProcess; dataDir: string }[] = []

/** On a PostgreSQL run a migrated clone of the run's template (dropped with it); else PGlite. */
async function databaseEnv(): Promise<Record<string, string>> {
  if (!isPostgresRun()) return {}
  const name = `${inject('postgresTemplate')}_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: postgresUrl() })
  await admin.connect()
  await admin
    .query(`create database ${name} template ${inject('postgresTemplate')}`)
    .finally(() => admin.end())
  return { DATABASE_URL: postgresUrl(name) }
}

async function startServer(graceMs: number): Promise<Server> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'drain-server-'))
  const database = await databaseEnv()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'info',
      REGISTER_LIMIT_PER_IP: '1000',
      SHUTDOWN_GRACE_MS: String(graceMs),
      ...database,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push({ child, dataDir })
  const output: string[] = []
  const keep = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output.join('\n')}`)
    const ready = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(1000) }).catch(() => null)
    if (ready?.status === 200) return { child, baseUrl, output, exited }
    await sleep(100)
  }
  throw new Error(`server not ready after ${START_TIMEOUT_MS} ms:\n${output.join('\n')}`)
}

afterEach(async () => {
  for (const { child, dataDir } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((done) => child.once('exit', done))
      child.kill('SIGKILL')
      await gone
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
})

/** A status, or 'refused' (or another network error's code) when no answer came. */
const statusOf = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5000) }).then(
    async (response) => ({ status: response.status, body: await response.text() }),
    (error: { cause?: { code?: string } }) => ({ status: error.cause?.code ?? 'error', body: '' }),
  )

const credentials = (n: number) =>
  JSON.stringify({ email: `drain-${n}-${Date.now()}@example.com`, password: 'correct horse battery' })

/** A sign-up whose body is sent in two halves: the request is in flight until `finish` is called. */
function slowSignUp(baseUrl: string) {
  const body = credentials(1)
  const half = Math.floor(body.length / 2)
  const request = httpRequest(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  })
  const answer = new Promise<{ status: number; connection?: string; body: string }>((done, fail) => {
    request.on('response', (response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }),
      )
    })
    request.on('error', fail)
  })
  request.write(body.slice(0, half))
  return { answer, finish: () => request.end(body.slice(half)) }
}

describe('shutdown on SIGTERM', () => {
  it('turns /readyz to 503 at once, serves through the grace, finishes what is in flight, exits 0', async () => {
    const server = await startServer(GRACE_MS)
    const slow = slowSignUp(server.baseUrl)
    await sleep(100)

    const signalledAt = Date.now()
    server.child.kill('SIGTERM')
    let ready = await statusOf(`${server.baseUrl}/readyz`)
    for (let poll = 0; ready.status === 200 && poll < 100; poll++) {
      await sleep(5)
      ready = await statusOf(`${server.baseUrl}/readyz`)
    }
    const notReadyAfterMs = Date.now() - signalledAt
    expect(ready.status).toBe(503)
    expect(JSON.parse(ready.body)).toEqual({ code: 1503, message: 'Shutting down', data: null })
    // A balancer checking every 250 ms sees it on its next check; ~100 ms on an idle machine.
    expect(notReadyAfterMs).toBeLessThan(1000)

    // Until the grace ends every other route answers, on new connections: nothing is refused.
    const duringGrace: (number | string)[] = []
    while (Date.now() < signalledAt + GRACE_MS - 300) {
      duringGrace.push((await statusOf(`${server.baseUrl}/healthz`)).status)
      duringGrace.push((await statusOf(`${server.baseUrl}/api/openapi.json`)).status)
      await sleep(50)
    }
    const signUp = await fetch(`${server.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: credentials(2),
    })
    expect(signUp.status).toBe(200)
    // Answers while draining close their connection: no client keeps one to a leaving server.
    expect(signUp.headers.get('connection')).toBe('close')
    expect(duringGrace.length).toBeGreaterThanOrEqual(4)
    expect(new Set(duringGrace)).toEqual(new Set([200]))

    // After the grace the listener closes (new connections are refused) ...
    let afterGrace = await statusOf(`${server.baseUrl}/healthz`)
    for (let poll = 0; afterGrace.status !== 'ECONNREFUSED' && poll < 200; poll++) {
      await sleep(25)
      afterGrace = await statusOf(`${server.baseUrl}/healthz`)
    }
    expect(afterGrace.status).toBe('ECONNREFUSED')
    // ... while the sign-up begun before the signal is still open, and still answered.
    expect(server.child.exitCode).toBeNull()
    slow.finish()
    const slowAnswer = await slow.answer
    expect(slowAnswer.status, slowAnswer.body).toBe(200)
    expect(slowAnswer.connection).toBe('close')

    expect(await server.exited).toBe(0)
    const log = server.output.join('\n')
    expect(log).toMatch(/"signal":"SIGTERM"/)
    expect(log).not.toMatch(/"level":50/)
  }, 120_000)

  it('exits at once on a second signal during the grace', async () => {
    const server = await startServer(60_000)
    server.child.kill('SIGTERM')
    let ready = await statusOf(`${server.baseUrl}/readyz`)
    for (let poll = 0; ready.status === 200 && poll < 200; poll++) {
      await sleep(5)
      ready = await statusOf(`${server.baseUrl}/readyz`)
    }
    expect(ready.status).toBe(503)
    expect((await statusOf(`${server.baseUrl}/healthz`)).status).toBe(200)
    const secondAt = Date.now()
    server.child.kill('SIGINT')
    expect(await server.exited).toBe(1)
    expect(Date.now() - secondAt).toBeLessThan(5000)
  }, 120_000)
})

// Browser tests run against the real server: check Chromium and the build, start one API per e2e worker (each on a
// free port with a fresh data directory, its own PostgreSQL database where there is one, and its own operator), wait
// for /healthz, and stop them afterwards.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { type AdminOperator, parseAdminCreate } from './admin-operator.ts'
import { CHROMIUM_PATH } from './browser.ts'

/** One server of the run; a test file uses its worker's (support/server.ts). */
export type E2EServer = {
  baseURL: string
  /** The server's data directory: its demo node token lets journeys run `node:simulate`. */
  dataDir: string
  /** An owner made by `npm run cli -- admin:create` before the server started (the console journeys). */
  adminOperator: AdminOperator
  /** A second owner, for the receipts journey (admin.e2e changes the first one's password as it runs). */
  receiptsOperator: AdminOperator
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server n serves the files of worker n + 1 (VITEST_POOL_ID). */
    servers: E2EServer[]
    screenshotDir: string
  }
}

const WEB_ROOT = resolve(import.meta.dirname, '../..')
const REPO_ROOT = resolve(WEB_ROOT, '../..')
const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/src/server.ts')
const CLI_ENTRY = join(REPO_ROOT, 'apps/server/src/cli.ts')
const ADMIN_EMAIL = 'owner-e2e@example.com'
const RECEIPTS_ADMIN_EMAIL = 'receipts-owner-e2e@example.com'
const WEB_DIST = join(WEB_ROOT, 'dist')
const HEALTH_TIMEOUT_MS = 60_000

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => done(port))
    })
  })

const waitForHealth = async (baseURL: string, server: ChildProcess, log: () => string) => {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${log()}`)
    const answer = await fetch(`${baseURL}/healthz`).catch(() => null)
    if (answer?.status === 200) return
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error(`The server did not answer /healthz within ${HEALTH_TIMEOUT_MS / 1000} s:\n${log()}`)
}

/**
 * The servers' engine: PostgreSQL, production's, when it is reachable (required with REQUIRE_POSTGRES=1
 * or CI=true), each server on a database of its own; otherwise the embedded PGlite of a fresh data
 * directory. On PostgreSQL a server starts in a second and answers without a WebAssembly database
 * in its own process: the journeys' largest CPU cost after the browser.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const isPostgresRequired = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1'

const databaseUrl = (name: string) => {
  const url = new URL(POSTGRES_URL)
  url.pathname = `/${name}`
  return url.toString()
}

/** Runs `statement` on the PostgreSQL of POSTGRES_URL; an error if it cannot be reached. */
const onPostgres = async (statement: string) => {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A database of its own for one server, or undefined where PGlite serves (no PostgreSQL here). */
const createDatabase = async (): Promise<string | undefined> => {
  try {
    await onPostgres('select 1')
  } catch (error) {
    if (isPostgresRequired)
      throw new Error(`PostgreSQL is required for the browser tests here: ${(error as Error).message}`)
    return undefined
  }
  const name = `web_e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  await onPostgres(`create database ${name}`)
  return name
}

const dropDatabase = (name: string) =>
  onPostgres(`drop database if exists ${name} with (force)`).catch((error: Error) =>
    console.warn(`[e2e] could not drop database ${name}: ${error.message}`),
  )

/** The first operator, made as a person would: the CLI on the embedded database, before the server opens it. */
const createOwner = async (env: NodeJS.ProcessEnv, email = ADMIN_EMAIL): Promise<AdminOperator> => {
  const { stdout } = await promisify(execFile)('npx', ['tsx', CLI_ENTRY, 'admin:create', email], {
    cwd: join(REPO_ROOT, 'apps/server'),
    env,
    timeout: HEALTH_TIMEOUT_MS,
  })
  return parseAdminCreate(email, stdout)
}

/** A server on a free port with a fresh data directory (and database), healthy; `stop` ends it and removes its data. */
const startServer = async (): Promise<E2EServer & { stop: () => Promise<void> }> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'proxy-web-e2e-'))
  const database = await createDatabase().catch((error) => {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  })
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const removeData = async () => {
    rmSync(dataDir, { recursive: true, force: true })
    if (database) await dropDatabase(database)
  }

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database ? databaseUrl(database) : '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Mails land as files here, where the account journeys read their links as a developer would.
    MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
    // The demo catalogue (five regions, 20 documentation addresses each) lets the journeys buy static IPs;
    // it also creates the demo customer, whom no test uses.
    SEED_DEMO: 'true',
    WEB_DIST,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every test registers its own customers from one address.
    REGISTER_LIMIT_PER_IP: '1000',
    LOGIN_LIMIT_PER_IP: '1000',
    // The wallet journeys pay on the built-in sandbox gateway, whatever gateway the calling shell configures.
    EPAY_URL: '',
    // The address the browser uses: the console's writes must come from PUBLIC_URL's origin.
    PUBLIC_URL: baseURL,
    PAYMENTS_SANDBOX: 'true',
  }
  let adminOperator: AdminOperator
  let receiptsOperator: AdminOperator
  try {
    adminOperator = await createOwner(env)
    receiptsOperator = await createOwner(env, RECEIPTS_ADMIN_EMAIL)
  } catch (error) {
    await removeData()
    throw error
  }

  let output = ''
  const server = spawn('npx', ['tsx', SERVER_ENTRY], {
    cwd: join(REPO_ROOT, 'apps/server'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  })
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`.slice(-20_000)
  }
  server.stdout?.on('data', keep)
  server.stderr?.on('data', keep)

  const exited = new Promise((done) => server.once('exit', done))
  const stop = async () => {
    // npx → tsx → node: the server runs in its own process group, ended as a whole.
    if (server.pid !== undefined && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM')
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))])
    }
    await removeData()
  }

  try {
    await waitForHealth(baseURL, server, () => output)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseURL, dataDir, adminOperator, receiptsOperator, stop }
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\`.`,
    )
  if (!existsSync(join(WEB_DIST, 'index.html')))
    throw new Error(`No build in ${WEB_DIST}: run \`npm run build -w @proxy/web\` before the browser tests.`)
  if (!existsSync(SERVER_ENTRY)) throw new Error(`The server entry ${SERVER_ENTRY} does not exist.`)

  const screenshotDir = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'proxy-console-screens')
  mkdirSync(screenshotDir, { recursive: true })

  // Files that run at the same time never share a server: their customers, stock, audit log and operator
  // stay their own, as when the files ran one after another on one server.
  const workers = Math.max(1, project.config.maxWorkers)
  const started = await Promise.allSettled(Array.from({ length: workers }, () => startServer()))
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stopAll = () => Promise.all(servers.map((server) => server.stop()))
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await stopAll()
    throw failed.reason
  }

  project.provide(
    'servers',
    servers.map(({ baseURL, dataDir, adminOperator, receiptsOperator }) => ({
      baseURL,
      dataDir,
      adminOperator,
      receiptsOperator,
    })),
  )
  project.provide('screenshotDir', screenshotDir)
  console.log(
    `[e2e] servers on ${servers.map((server) => server.baseURL).join(', ')}; screenshots in ${screenshotDir}`,
  )

  return async () => {
    await stopAll()
    console.log(`[e2e] screenshots saved in ${screenshotDir}`)
  }
}

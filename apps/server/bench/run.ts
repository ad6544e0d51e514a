// `npm run bench`: the hot console calls and the heavy PostgreSQL paths, each figure beside a
// baseline measured in the same run on the same machine. The server under test, the raw baseline
// server and every load generator run in their own processes: the bench process only seeds and
// prints, so the server's RSS after the load is its own. Never part of `npm test`.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDatabase } from '../src/platform/db/client.ts'
import { benchNodePull } from './node-pull.ts'
import { autocannonRate, type ServerProcess, serveApp, serveRaw } from './processes.ts'
import { benchStaticIpPurchases } from './purchases.ts'
import { benchStaticIp } from './static-ip.ts'
import { benchTraffic } from './traffic.ts'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 20
const ONLY = process.env.BENCH_ONLY
const MB = 1024 * 1024
const SETTLE_MS = 20_000
const IDLE_AFTER_MS = 10_000

// Bench customers all register from 127.0.0.1.
const serverEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  REGISTER_LIMIT_PER_IP: '10000',
}

async function register(base: string): Promise<string> {
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'benchmark passphrase' }),
  })
  if (!registered.ok) throw new Error(`register: HTTP ${registered.status}`)
  return ((await registered.json()) as { data: { token: string } }).data.token
}

const rate = (url: string, token?: string) =>
  autocannonRate(url, { connections: CONNECTIONS, seconds: DURATION_S, token })
const line = (name: string, rps: number, against: number, what: string) =>
  console.log(
    `  ${name.padEnd(30)} ${rps.toFixed(0).padStart(7)} req/s   ${(rps / against).toFixed(3)} x ${what}`,
  )

/** /healthz, /user/me and /user/wallet against the app; answers the wallet's req/s. */
async function reads(label: string, server: ServerProcess, token: string): Promise<number> {
  const baseline = await rate(`${server.base}/healthz`)
  const me = await rate(`${server.base}/api/user/me`, token)
  const wallet = await rate(`${server.base}/api/user/wallet`, token)
  console.log(
    `\n${label}: ${DURATION_S}s per call, ${CONNECTIONS} connections (autocannon in its own process)`,
  )
  line('GET /healthz (baseline)', baseline, baseline, 'baseline')
  line('GET /api/user/me', me, baseline, 'baseline')
  line('GET /api/user/wallet', wallet, baseline, 'baseline')
  return wallet
}

/** The wallet read against the raw server, the two measured in turn twice (the machine's load drifts). */
async function walletAgainstRaw(server: ServerProcess, raw: ServerProcess, token: string) {
  let app = 0
  let floor = 0
  for (let round = 0; round < 2; round++) {
    floor += await rate(`${raw.base}/api/user/wallet`, token)
    app += await rate(`${server.base}/api/user/wallet`, token)
  }
  line('raw node:http + pg, same read', floor / 2, floor / 2, 'itself')
  line('GET /api/user/wallet, in turn', app / 2, floor / 2, 'the raw server (goal >= 0.5)')
}

const megabytes = async (server: ServerProcess) => {
  const { rss, heap } = await server.memory()
  return `${(rss / MB).toFixed(0)} MB${Number.isNaN(heap) ? '' : ` (V8 heap ${(heap / MB).toFixed(0)} MB)`}`
}

// BENCH_ONLY=reads: both engines' reads and nothing else; any other BENCH_ONLY skips PGlite.
if (!ONLY || ONLY === 'reads') {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'))
  // Production mode on the embedded database, which production refuses unless asked for.
  const server = await serveApp({ ...serverEnv, DATA_DIR: dataDir, ALLOW_EMBEDDED_DATABASE: 'true' })
  try {
    const wallet = await reads('PGlite', server, await register(server.base))
    console.log(`  GET /api/user/wallet on PGlite: ${wallet.toFixed(0)} req/s (goal >= 1,500)`)
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const probe = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 })
const databaseName = `proxy_console_bench_${process.pid}`
try {
  await probe.connect()
  await probe.query(`create database ${databaseName}`)
} catch (error) {
  console.log(`\nPostgreSQL skipped: ${(error as Error).message}`)
  process.exit(0)
}
try {
  const url = new URL(pgUrl)
  url.pathname = `/${databaseName}`
  // The bench's own connection, for seeding and the invariant checks (it also applies the migrations).
  const database = await openDatabase({ DATABASE_URL: url.toString(), DATA_DIR: '/nonexistent' }, 'bench')
  const server = await serveApp({ ...serverEnv, DATABASE_URL: url.toString() })
  const raw = await serveRaw(url.toString())
  try {
    // Idle: a while after ready, once V8 has given back what start-up left behind.
    await new Promise((settle) => setTimeout(settle, IDLE_AFTER_MS))
    const idle = await megabytes(server)
    const token = await register(server.base)
    await reads('PostgreSQL', server, token)
    await walletAgainstRaw(server, raw, token)
    await raw.stop()
    for (const extra of [benchStaticIpPurchases, benchStaticIp, benchTraffic, benchNodePull])
      if (!ONLY || extra.name.toLowerCase().includes(ONLY)) await extra(database.db, server.base)
    const afterLoad = await megabytes(server)
    // V8 gives freed heap back to the system only after an idle full collection (its memory reducer).
    await new Promise((settle) => setTimeout(settle, SETTLE_MS))
    console.log(
      `\nServer RSS (the compiled server in production mode, its own process): ${idle} idle (${IDLE_AFTER_MS / 1000} s after ready; goal <= 120), ${afterLoad} right after the load, ${await megabytes(server)} ${SETTLE_MS / 1000} s later (goal <= 150)`,
    )
  } finally {
    await raw.stop()
    await server.stop()
    await database.close()
  }
} finally {
  await probe.query(`drop database if exists ${databaseName} with (force)`)
  await probe.end()
}

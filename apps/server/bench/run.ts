// `npm run bench`: requests per second of the hot console calls, as ratios against bare Fastify
// (/healthz) measured in the same run on the same machine. Never part of `npm test`.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/platform/config.ts'
import { type Database, openDatabase } from '../src/platform/db/client.ts'
import { benchNodePull } from './node-pull.ts'
import { benchStaticIp } from './static-ip.ts'
import { benchTraffic } from './traffic.ts'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 20

async function measure(url: string, token?: string): Promise<number> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return result.requests.average
}

async function benchEngine(
  label: string,
  env: Record<string, string>,
  extras: ((db: Database['db'], base: string) => Promise<void>)[] = [],
) {
  // Bench customers all register from 127.0.0.1.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    REGISTER_LIMIT_PER_IP: '10000',
    ...env,
  })
  const database: Database = await openDatabase(config)
  const app = await buildApp(config, database)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as { port: number }
  const base = `http://127.0.0.1:${port}`
  try {
    const email = `bench-${Date.now()}@example.com`
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'benchmark passphrase' }),
    })
    const { data } = (await registered.json()) as { data: { token: string } }
    const baseline = await measure(`${base}/healthz`)
    const rows = [
      ['GET /healthz (baseline)', baseline],
      ['GET /api/user/me', await measure(`${base}/api/user/me`, data.token)],
      ['GET /api/user/wallet', await measure(`${base}/api/user/wallet`, data.token)],
    ] as const
    console.log(`\n${label}: ${DURATION_S}s per call, ${CONNECTIONS} connections`)
    for (const [name, rps] of rows)
      console.log(
        `  ${name.padEnd(26)} ${rps.toFixed(0).padStart(7)} req/s   ${(rps / baseline).toFixed(3)} x baseline`,
      )
    for (const extra of extras) await extra(database.db, base)
  } finally {
    await app.close()
    await database.close()
  }
}

// BENCH_ONLY=traffic (or static, or nodepull) runs only that PostgreSQL part.
const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'))
try {
  if (!process.env.BENCH_ONLY) await benchEngine('PGlite', { DATA_DIR: dataDir })
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}

const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const probe = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 })
const database = `proxy_console_bench_${process.pid}`
try {
  await probe.connect()
  await probe.query(`create database ${database}`)
} catch (error) {
  console.log(`\nPostgreSQL skipped: ${(error as Error).message}`)
  process.exit(0)
}
try {
  const url = new URL(pgUrl)
  url.pathname = `/${database}`
  await benchEngine(
    'PostgreSQL',
    { DATABASE_URL: url.toString() },
    [benchStaticIp, benchTraffic, benchNodePull].filter(
      (extra) => !process.env.BENCH_ONLY || extra.name.toLowerCase().includes(process.env.BENCH_ONLY),
    ),
  )
} finally {
  await probe.query(`drop database if exists ${database} with (force)`)
  await probe.end()
}

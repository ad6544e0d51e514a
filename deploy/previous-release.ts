// CI stage: the PREVIOUS release against a database the CURRENT code migrated, on PostgreSQL. A
// rolling upgrade runs both releases on one database (DESIGN §12, "Migrations are expand/contract"),
// so the release before the newest migration must still move money on the migrated schema.
//
//   npx tsx deploy/previous-release.ts            the parent of the last commit that added a migration
//   PREVIOUS_RELEASE=<rev> npx tsx deploy/previous-release.ts   (or --release <rev>): any other release
//
// 1. finds that release with git (full history needed: a shallow clone fails with a message);
// 2. extracts its tree (git archive) and reuses the current node_modules when its package-lock.json
//    is the current one (its own workspaces linked in), else runs npm ci there (previous-tree.ts: kept
//    in node_modules/.cache for the next run and the rolling-upgrade test);
// 3. creates a database, migrates it with the current code (openPostgres), stocks a catalogue with
//    the current code and addresses with the previous release's operator CLI, then starts the previous
//    release's server (its src/server.ts under tsx, NODE_ENV=production, the sandbox gateway) and
//    checks that its migrator applied nothing: the same migration rows and the same schema;
// 4. drives it as a customer with the current contract (previous-release-customer.ts), fails on any
//    5xx and on any error its log shows, and checks the ledger invariants with the current code;
// 5. stops the server, drops the database and removes its work folder, on failure and on Ctrl-C too.
// PREVIOUS_RELEASE_POSTGRES_URL: where to create the database (default: the local postgres user).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { findInvariantViolations } from '../apps/server/src/invariants.ts'
import { seedDemoCatalog } from '../apps/server/src/modules/seed/demo-catalog.ts'
import { type Database, openPostgres } from '../apps/server/src/platform/db/client.ts'
import { CustomerFailure, driveCustomer } from './previous-release-customer.ts'
import {
  findRelease,
  git,
  isRunning,
  MIGRATIONS,
  previousTree,
  StageFailure,
  TREE_CLI_ARGS,
  TREE_SERVER_ARGS,
} from './previous-tree.ts'

const ADMIN_URL = process.env.PREVIOUS_RELEASE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const DB_PREFIX = 'proxy_previous_'
const DIR_PREFIX = 'proxy-previous-'
const READY_TIMEOUT_MS = 60_000
/** The region the previous release's CLI adds addresses to (one of the catalogue's), and its rows. */
const CLI_REGION = 'de-fra'
const CLI_ADDRESSES = ['198.51.100.21', '198.51.100.22']

const started = performance.now()
const seconds = (since = started) => `${((performance.now() - since) / 1000).toFixed(1)} s`
const say = (line: string) => console.log(`[previous-release ${seconds()}] ${line}`)

async function admin<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}

/** Databases and folders of earlier runs that were killed before they could clean up. */
async function removeLeftovers() {
  const databases = await admin<{ datname: string }>(
    `select datname from pg_database where datname like '${DB_PREFIX}%'`,
  )
  for (const { datname } of databases) {
    const owner = Number(datname.slice(DB_PREFIX.length).split('_')[0])
    if (owner && !isRunning(owner)) await admin(`drop database if exists ${datname} with (force)`)
  }
  for (const entry of readdirSync(tmpdir()).filter((name) => name.startsWith(DIR_PREFIX))) {
    const owner = Number(entry.slice(DIR_PREFIX.length).split('-')[0])
    if (owner && !isRunning(owner)) rmSync(join(tmpdir(), entry), { recursive: true, force: true })
  }
}

function unusedPort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      )
    })
  })
}

type MigrationRow = { hash: string; created_at: string }
const migrationRows = async (db: pg.Client) =>
  (
    await db.query<MigrationRow>(
      'select hash, created_at::text from drizzle.__drizzle_migrations order by created_at, id',
    )
  ).rows

/** Tables, columns, indexes, constraints and triggers in one digest: any DDL changes it. */
const schemaDigest = async (db: pg.Client) =>
  (
    await db.query<{ digest: string }>(`
      select md5(string_agg(item, E'\\n' order by item)) as digest from (
        select format('column %s.%s %s %s %s', table_schema, table_name, column_name, data_type, is_nullable)
          from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
        union all select format('index %s.%s', schemaname, indexdef) from pg_indexes
          where schemaname not in ('pg_catalog', 'information_schema')
        union all select format('constraint %s %s', conname, pg_get_constraintdef(oid)) from pg_constraint
          where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
        union all select format('trigger %s %s', tgrelid::regclass, tgname) from pg_trigger where not tgisinternal
      ) items (item)`)
  ).rows[0]?.digest

/** The previous release's own migrations: tag, journal time and the hash drizzle records for each. */
function migrationsOf(tree: string) {
  const journal = JSON.parse(readFileSync(join(tree, MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[]
  }
  return journal.entries.map(({ tag, when }) => ({
    tag,
    when,
    hash: createHash('sha256')
      .update(readFileSync(join(tree, MIGRATIONS, `${tag}.sql`)).toString())
      .digest('hex'),
  }))
}

type LogEntry = {
  level?: number
  msg?: string
  res?: { statusCode?: number }
  err?: { message?: string; stack?: string; query?: string }
}

/** The lines of a pino log that are errors (level ≥ 50) or answers with a 5xx, one short line each. */
function errorsIn(log: string): string[] {
  const errors: string[] = []
  for (const line of log.split('\n').filter(Boolean)) {
    let entry: LogEntry
    try {
      entry = JSON.parse(line)
    } catch {
      // Not a log line: Node's own output (an uncaught error's stack) counts when it says error.
      if (/error/i.test(line)) errors.push(line.slice(0, 300))
      continue
    }
    if ((entry.level ?? 0) < 50 && (entry.res?.statusCode ?? 0) < 500) continue
    // The database's own words ("caused by: error: …") say more than drizzle's "Failed query: …".
    const cause = /caused by: (?:\w+: )?(.*)/.exec(entry.err?.stack ?? '')?.[1] ?? entry.err?.message ?? ''
    const query = entry.err?.query ? ` [in: ${entry.err.query.replace(/\s+/g, ' ').slice(0, 160)}…]` : ''
    errors.push(`- ${entry.msg ?? 'error'}: ${cause.slice(0, 300)}${query}`)
  }
  return errors
}

async function main() {
  const { values } = parseArgs({ options: { release: { type: 'string' } } })
  const release = findRelease(values.release ?? process.env.PREVIOUS_RELEASE)
  const subject = git('log', '-1', '--format=%s', release.sha).slice(0, 100)
  say(`previous release ${release.sha.slice(0, 10)} (${release.why}): ${subject}`)

  await removeLeftovers()
  const work = mkdtempSync(join(tmpdir(), `${DIR_PREFIX}${process.pid}-`))
  let tree = ''
  const dbName = `${DB_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`)
  const serverLog = join(work, 'server.log')
  let server: ChildProcess | undefined
  let current: Database | undefined
  let inspector: pg.Client | undefined
  let dbCreated = false

  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((done) => child.once('exit', () => done()))
  // When the process goes away without the clean-up below (a signal), nothing may stay behind.
  const cleanUpNow = () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
    if (dbCreated)
      spawnSync('psql', [ADMIN_URL, '-qc', `drop database if exists ${dbName} with (force)`], {
        stdio: 'ignore',
        timeout: 10_000,
      })
    rmSync(work, { recursive: true, force: true })
  }
  process.once('exit', cleanUpNow)
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => {
      cleanUpNow()
      process.exit(130)
    })

  try {
    tree = previousTree(release, say)

    // The database, migrated by the current code, and what the previous release will find there.
    await admin(`create database ${dbName}`)
    dbCreated = true
    current = await openPostgres(databaseUrl, 2)
    inspector = new pg.Client({ connectionString: databaseUrl })
    await inspector.connect()
    const applied = await migrationRows(inspector)
    const known = migrationsOf(tree)
    const appliedHashes = new Set(applied.map((row) => row.hash))
    const edited = known.filter((migration) => !appliedHashes.has(migration.hash))
    if (edited.length > 0)
      throw new StageFailure(
        `the previous release's ${edited.map((m) => m.tag).join(', ')} differ from what the current code applied: a released migration was edited (add a new one instead)`,
      )
    const lastApplied = Number(applied.at(-1)?.created_at ?? 0)
    const pending = known.filter((migration) => migration.when > lastApplied)
    if (pending.length > 0)
      throw new StageFailure(
        `the previous release would apply ${pending.map((m) => m.tag).join(', ')}, which the current code does not have`,
      )
    const digestBefore = await schemaDigest(inspector)
    say(
      `database ${dbName} migrated by the current code: ${applied.length} migrations, the previous release knows ${known.length} (all applied, same hashes)`,
    )

    // Stock: a catalogue (regions, plans, addresses) written by the current code, as a live database
    // has it, and two addresses more through the previous release's own operator CLI.
    await seedDemoCatalog(current.db)
    const csv = join(work, 'addresses.csv')
    writeFileSync(
      csv,
      ['region_id,ip,port,node', ...CLI_ADDRESSES.map((ip) => `${CLI_REGION},${ip},20000,edge-1`)].join('\n'),
    )
    const baseEnv = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? work,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      APP_SECRET: randomBytes(36).toString('base64url'),
      DATA_DIR: join(work, 'data'),
      // Nothing balances it: a release that drains on SIGTERM stops at once (older ones ignore this).
      SHUTDOWN_GRACE_MS: '0',
    }
    const cli = spawnSync(process.execPath, [...TREE_CLI_ARGS, 'inventory:import', csv], {
      cwd: tree,
      env: baseEnv,
      encoding: 'utf8',
      timeout: READY_TIMEOUT_MS,
    })
    if (cli.status !== 0 || !cli.stdout.includes(`Imported ${CLI_ADDRESSES.length} address(es); rejected 0.`))
      throw new StageFailure(
        `the previous release's CLI could not import addresses (${cli.status ?? cli.signal}):\n${cli.stdout}${cli.stderr}`,
      )
    say(`previous release's CLI: ${cli.stdout.trim()}`)

    // The previous release's server, as production starts it, with the sandbox gateway. A preload
    // ends it when this process's end of its stdin closes, so not even a SIGKILL here leaves it behind.
    const port = await unusedPort()
    const baseUrl = `http://127.0.0.1:${port}`
    const watchdog = join(work, 'exit-with-parent.mjs')
    writeFileSync(
      watchdog,
      "process.stdin.on('end', () => process.exit(70)).on('error', () => {}).resume()\n",
    )
    const logFd = openSync(serverLog, 'a')
    server = spawn(process.execPath, ['--import', pathToFileURL(watchdog).href, ...TREE_SERVER_ARGS], {
      cwd: tree,
      stdio: ['pipe', logFd, logFd],
      env: {
        ...baseEnv,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        PAYMENTS_SANDBOX: 'true',
        EPAY_KEY: randomBytes(24).toString('base64url'),
        WEB_DIST: join(tree, 'apps/web/dist'),
        SEED_DEMO: 'false',
        LOCAL_GATEWAY: 'false',
        LOG_LEVEL: 'info',
      },
    })
    closeSync(logFd)
    const logTail = (lines = 40) =>
      readFileSync(serverLog, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
    const deadline = Date.now() + READY_TIMEOUT_MS
    for (;;) {
      if (server.exitCode !== null || server.signalCode !== null)
        throw new StageFailure(
          `the previous release's server exited (${server.exitCode ?? server.signalCode}) before it was ready:\n${logTail()}`,
        )
      const ready = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
        (answer) => answer.status === 200,
        () => false,
      )
      if (ready) break
      if (Date.now() > deadline)
        throw new StageFailure(
          `the previous release's server was not ready after ${READY_TIMEOUT_MS} ms:\n${logTail()}`,
        )
      await new Promise((wait) => setTimeout(wait, 200))
    }
    say(`previous release's server ready on ${baseUrl}`)

    // Its migrator (run by the CLI and by the server) found nothing to apply: same rows, same schema.
    const after = await migrationRows(inspector)
    if (JSON.stringify(after) !== JSON.stringify(applied))
      throw new StageFailure(
        `the previous release's migrator changed drizzle.__drizzle_migrations: ${applied.length} rows before, ${after.length} after`,
      )
    if ((await schemaDigest(inspector)) !== digestBefore)
      throw new StageFailure("the schema changed when the previous release's CLI or server started")
    say(`its migrator applied nothing: still ${after.length} migration rows, the same schema`)

    const customer = await driveCustomer(baseUrl, {
      regionId: CLI_REGION,
      log: (line) => say(`  ${line}`),
    }).catch((error: unknown) => {
      // What the server said about it, beside what the client saw.
      const errors = errorsIn(readFileSync(serverLog, 'utf8'))
      const detail = errors.length > 0 ? errors.slice(0, 5).join('\n') : logTail(15)
      throw new StageFailure(`${(error as Error).message}\nthe previous release's server log:\n${detail}`)
    })

    const errors = errorsIn(readFileSync(serverLog, 'utf8'))
    if (errors.length > 0)
      throw new StageFailure(
        `the previous release's server logged ${errors.length} error(s):\n${errors.slice(0, 10).join('\n')}`,
      )
    if (!readFileSync(serverLog, 'utf8').includes('payment notify accepted'))
      throw new StageFailure("the previous release's server did not log the gateway's notify as accepted")
    const violations = await findInvariantViolations(current.db)
    if (Object.keys(violations).length > 0)
      throw new StageFailure(`ledger invariants violated: ${JSON.stringify(violations)}`)
    if ((await schemaDigest(inspector)) !== digestBefore)
      throw new StageFailure("the schema changed while the previous release's server ran")
    say(
      `${customer.requests} requests, no 5xx and no error logged; balance ${customer.balance} after ${customer.orderNos.join(', ')}; ledger invariants hold (current code)`,
    )
    for (const drift of customer.contractDrift)
      say(`note (not a failure): its answer to ${drift} does not parse with the current contract`)
  } finally {
    const since = performance.now()
    let stopped = 'was not running'
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM')
      const inTime = await Promise.race([exited(server).then(() => true), sleep(5000).then(() => false)])
      if (!inTime) server.kill('SIGKILL')
      await exited(server)
      stopped = inTime
        ? `stopped on SIGTERM (exit ${server.exitCode ?? server.signalCode})`
        : 'killed after 5 s'
    }
    await inspector?.end().catch(() => {})
    await current?.close().catch(() => {})
    // On failure here the exit handler drops it with psql.
    if (dbCreated)
      await admin(`drop database if exists ${dbName} with (force)`).then(
        () => {
          dbCreated = false
        },
        () => {},
      )
    rmSync(work, { recursive: true, force: true })
    say(`clean-up: the server ${stopped}, database dropped, folder removed (${seconds(since)})`)
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

try {
  await main()
  console.log(`previous-release stage passed in ${seconds()}`)
  process.exit(0)
} catch (error) {
  const known = error instanceof StageFailure || error instanceof CustomerFailure
  console.error(
    `\nPREVIOUS RELEASE CHECK FAILED after ${seconds()}: ${known ? (error as Error).message : (error as Error).stack}`,
  )
  console.error(
    'A rolling upgrade runs the previous release on the migrated database: a migration must not break its queries (README, "Upgrades: expand/contract").',
  )
  process.exit(1)
}

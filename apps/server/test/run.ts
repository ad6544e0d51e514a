// The server's test runs, by engine (DESIGN §4):
//   tsx test/run.ts pglite     with a PostgreSQL to test on: the files of test/engines.ts, on PGlite;
//                              without one: every file, on PGlite
//   tsx test/run.ts postgres   every file on PostgreSQL (production's engine)
//   tsx test/run.ts chaos      real server processes SIGKILLed under load, on PostgreSQL
//   tsx test/run.ts            all three, one after another (`npm test -w @proxy/server`)
// An unreachable PostgreSQL skips its runs with a warning locally; in CI (CI=true) or with
// REQUIRE_POSTGRES=1 it fails them. SERVER_TEST_NODE names the Node binary of the PostgreSQL API run
// (CI gives Node 24, the production runtime; the rest of `npm test` runs on the machine's Node).
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import pg from 'pg'
import { postgresUrl } from './test-db.ts'

const runs = ['pglite', 'postgres', 'chaos'] as const
type Run = (typeof runs)[number]
const asked = process.argv.slice(2)
const unknown = asked.filter((name) => !runs.includes(name as Run))
if (unknown.length > 0) {
  console.error(`Unknown run "${unknown.join(' ')}": use ${runs.join(', ')}`)
  process.exit(2)
}
const chosen = asked.length > 0 ? (asked as Run[]) : [...runs]

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')
const isRequired = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1'

async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: postgresUrl(), connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.end()
    return null
  } catch (error) {
    return `PostgreSQL is not reachable at ${postgresUrl()}: ${(error as Error).message}`
  }
}

function vitestRun(node: string, args: string[], env: Record<string, string>) {
  const run = spawnSync(node, [vitest, 'run', ...args], { stdio: 'inherit', env: { ...process.env, ...env } })
  return run.status ?? 1
}

const problem = await postgresProblem()
for (const run of chosen) {
  let status = 0
  if (run === 'pglite') {
    // Without PostgreSQL, PGlite is the only engine here: it runs everything.
    status = vitestRun(process.execPath, [], problem ? {} : { TEST_SCOPE: 'engines' })
  } else if (problem) {
    if (isRequired) {
      console.error(
        `${problem}\nThe PostgreSQL runs are required here; start PostgreSQL or set TEST_DATABASE_URL.`,
      )
      process.exit(1)
    }
    console.warn(`${problem}\nSkipping the ${run} run (set REQUIRE_POSTGRES=1 to make this fail).`)
  } else {
    // The chaos run is about crashes, not the runtime: it stays on the machine's Node.
    const node = (run === 'postgres' && process.env.SERVER_TEST_NODE) || process.execPath
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()
    console.log(`The ${run} run on PostgreSQL, Node ${version}`)
    status =
      run === 'postgres'
        ? vitestRun(node, [], { TEST_DB: 'postgres' })
        : vitestRun(node, ['--config', 'vitest.chaos.config.ts'], {})
  }
  if (status !== 0) process.exit(status)
}

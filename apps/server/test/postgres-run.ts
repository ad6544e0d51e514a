// Runs the server suites again on PostgreSQL. Locally an unreachable server is a skip with a
// warning; in CI (CI=true) or with REQUIRE_POSTGRES=1 it is a failure.
import { spawnSync } from 'node:child_process'
import pg from 'pg'
import { postgresUrl } from './test-db.ts'

const url = postgresUrl()
const isRequired = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1'
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
try {
  await client.connect()
  await client.end()
} catch (error) {
  const reason = `PostgreSQL is not reachable at ${url}: ${(error as Error).message}`
  if (isRequired) {
    console.error(
      `${reason}\nThe PostgreSQL suite is required here; start PostgreSQL or set TEST_DATABASE_URL.`,
    )
    process.exit(1)
  }
  console.warn(`${reason}\nSkipping the PostgreSQL run (set REQUIRE_POSTGRES=1 to make this fail).`)
  process.exit(0)
}
const run = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
})
process.exit(run.status ?? 1)

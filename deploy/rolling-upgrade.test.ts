// The rolling upgrade of README "Upgrades": the cluster starts on the PREVIOUS release (previous-
// tree.ts: the release before the newest migration, run from its tree; its own CLI and migrator set
// the database up), then each replica is replaced by this build under the load of roll-load.ts, as
// an operator replaces a release that does not drain on SIGTERM: out of HAProxy first (`state
// drain`), stopped once it has no sessions, the new build started in its place, back in rotation
// (`state ready`). The first new replica migrates the database while the second, old one still
// serves on it. Not one request may fail, and the ledger must add up afterwards.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Db } from '../apps/server/src/platform/db/client.ts'
import { type Cluster, startCluster } from './cluster.ts'
import {
  findRelease,
  MIGRATIONS,
  previousTree,
  ROOT,
  TREE_CLI_ARGS,
  TREE_SERVER_ARGS,
} from './previous-tree.ts'
import { rollUnderLoad } from './roll-load.ts'

/** How long a drained replica may take to finish what HAProxy sent it before the drain. */
const DRAIN_TIMEOUT_MS = 10_000

let cluster: Cluster
let database: Database
let pool: pg.Pool
let sha = ''
const migrationsIn = (tree: string) =>
  (JSON.parse(readFileSync(join(tree, MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length
let previousMigrations = 0
const currentMigrations = migrationsIn(ROOT)

const appliedMigrations = async () =>
  (await pool.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations'))
    .rows[0]?.count

beforeAll(async () => {
  const began = Date.now()
  const release = findRelease(process.env.PREVIOUS_RELEASE)
  sha = release.sha.slice(0, 10)
  const tree = previousTree(release, (line) => console.log(`[previous tree] ${line}`))
  previousMigrations = migrationsIn(tree)
  const treeReadyMs = Date.now() - began
  cluster = await startCluster({
    build: { cwd: tree, server: ['node', ...TREE_SERVER_ARGS], cli: ['node', ...TREE_CLI_ARGS] },
  })
  // The current code's queries, without its migrator (openPostgres would migrate): the new build's
  // first replica is the one that migrates, during the roll.
  pool = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 })
  database = {
    db: drizzle({ client: pool }) as unknown as Db,
    engine: 'postgres',
    close: () => pool.end(),
  }
  console.log(
    `previous release ${sha} (${release.why}): tree ready in ${treeReadyMs} ms, cluster on it in ${Date.now() - began - treeReadyMs} ms`,
  )
}, 300_000)

afterAll(async () => {
  await database?.close()
  await cluster?.stop()
})

describe('a rolling upgrade behind HAProxy', () => {
  it('replaces the previous release’s replicas by this build one by one without one failed request', async () => {
    // The previous release's own migrator set the database up: its migrations, not this build's.
    expect(previousMigrations).toBeLessThan(currentMigrations)
    expect(await appliedMigrations()).toBe(previousMigrations)
    const requestsTo = async (replica: string) => (await cluster.backends())[replica]?.requests ?? 0
    let oldServedAfterMigration = 0

    const result = await rollUnderLoad({
      cluster,
      database,
      tag: `up-${sha}`,
      async replace(replica) {
        const timings: Record<string, number> = {}
        if (replica === 'server-2')
          // The previous release served on the database the new build had migrated.
          expect(
            await requestsTo('server-2'),
            'server-2 (previous release) after the migration',
          ).toBeGreaterThan(oldServedAfterMigration)
        let at = Date.now()
        // The previous release stops listening at once on SIGTERM: HAProxy stops sending it new
        // requests first, and it is stopped once those it has are answered.
        await cluster.setState(replica, 'drain')
        for (;;) {
          if ((await cluster.backends())[replica]?.sessions === 0) break
          if (Date.now() - at > DRAIN_TIMEOUT_MS)
            throw new Error(`${replica} still had sessions ${DRAIN_TIMEOUT_MS} ms after the drain`)
          await new Promise((wait) => setTimeout(wait, 50))
        }
        timings[`${replica}DrainedMs`] = Date.now() - at
        await cluster.kill(replica, 'SIGTERM')
        at = Date.now()
        await cluster.start(replica)
        timings[`${replica}StartMs`] = Date.now() - at
        if (replica === 'server-1') {
          // The new build migrated the database at its start, while server-2 (previous release) served.
          expect(await appliedMigrations()).toBe(currentMigrations)
          oldServedAfterMigration = await requestsTo('server-2')
        }
        // Back into rotation: HAProxy sends it requests once its checks pass (UP).
        at = Date.now()
        await cluster.waitForBackend(replica, 'DRAIN')
        await cluster.setState(replica, 'ready')
        await cluster.waitForBackend(replica, 'UP')
        timings[`${replica}BackMs`] = Date.now() - at
        return timings
      },
    })
    expect(await appliedMigrations()).toBe(currentMigrations)
    console.log(
      `rolling upgrade from ${sha} (${previousMigrations} → ${currentMigrations} migrations): ${JSON.stringify(result)}, none failed`,
    )
  }, 180_000)
})

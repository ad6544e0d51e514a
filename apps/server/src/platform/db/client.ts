// One SQL dialect, two engines (DESIGN §4): PGlite under DATA_DIR by default, PostgreSQL when
// DATABASE_URL is set. Both are migrated from the same folder at start-up.
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Pool } from 'pg'
import { lockDataDir } from './pglite-lock.ts'
// Queries name their tables (each module's *.schema.ts); no relational `db.query` API, so the
// platform needs no list of the modules' tables. drizzle-kit finds them by glob.
export type Db = PgDatabase<PgQueryResultHKT>
/** A transaction handle: inside a transaction use only this, never the outer db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type Database = { db: Db; engine: 'pglite' | 'postgres'; close: () => Promise<void> }

const migrationsFolder = resolve(import.meta.dirname, '../../../drizzle')
// Any constant will do: it serialises migrations when several replicas start at once.
const MIGRATION_LOCK = 7_351_002

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  const pool: Pool = new pg.Pool({ connectionString: url, max: poolSize })
  // An idle connection that the server drops (restart, failover) must not crash the process:
  // the pool discards it and the next query opens a new one.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`))
  const db = drizzle({ client: pool }) as unknown as Db
  const lockClient = await pool.connect()
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrate(drizzle({ client: lockClient }), { migrationsFolder })
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    lockClient.release()
  }
  return { db, engine: 'postgres', close: () => pool.end() }
}

/**
 * The extensions every PGlite instance is opened with (a dump loaded into PGlite needs the same):
 * pg_trgm and btree_gin for the instance list's keyword search (migration 0017).
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { btree_gin }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gin'),
  ])
  return { pg_trgm, btree_gin }
}

/**
 * PGlite from a data directory (locked against a second process), or from an existing PGlite
 * instance (tests load a template).
 */
export async function openPglite(
  source: { dataDir: string; role: string } | { client: PGlite },
): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  let client: PGlite
  let unlock = () => {}
  if ('client' in source) client = source.client
  else {
    mkdirSync(source.dataDir, { recursive: true })
    unlock = lockDataDir(source.dataDir, source.role)
    client = await PGlite.create({ dataDir: source.dataDir, extensions: await pgliteExtensions() })
  }
  const db = drizzle({ client })
  await migrate(db, { migrationsFolder })
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    close: async () => {
      await client.close()
      unlock()
    },
  }
}

export function openDatabase(
  config: { DATABASE_URL?: string; DATA_DIR: string },
  role = 'server',
): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite({ dataDir: resolve(config.DATA_DIR, 'pglite'), role })
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}

/** The SQLSTATE of a database error, whether the driver or drizzle's wrapper carries it. */
export const pgErrorCode = (error: unknown): string | undefined =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code

const RETRYABLE = new Set(['40001', '40P01'])
const MAX_ATTEMPTS = 4

/** Runs fn in a transaction, retrying serialization failures and deadlocks a bounded number of times. */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn)
    } catch (error) {
      const code = pgErrorCode(error)
      if (attempt >= MAX_ATTEMPTS || !code || !RETRYABLE.has(code)) throw error
      await new Promise((done) => setTimeout(done, 5 * attempt + Math.random() * 10))
    }
  }
}

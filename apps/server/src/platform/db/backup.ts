// Backups of the embedded database (`npm run cli -- backup|restore <file>`): PGlite's own dump of its
// data directory (a gzip tarball), taken and loaded while no server holds it (the lock file says).
// PostgreSQL has its own tools (README, "Backups"): these refuse to stand in for them.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from './client.ts'
import { lockDataDir } from './pglite-lock.ts'

/** Something the operator can mend (no database there, one in the way, not a backup): the message says what. */
export class BackupError extends Error {}

export const POSTGRES_BACKUP_HINT =
  'DATABASE_URL points at PostgreSQL: back it up and restore it with its own tools, e.g.\n' +
  '  pg_dump -Fc -f proxy.dump "$DATABASE_URL"\n' +
  '  createdb proxy_restored && pg_restore --no-owner --no-privileges --exit-on-error --single-transaction -d proxy_restored proxy.dump\n' +
  '(README, "Backups").'

const hasDatabase = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'))

/** Migrations applied in a database: a backup with none is not this application's. */
async function migrationCount(client: PGlite): Promise<number> {
  try {
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    )
    return rows[0]?.count ?? 0
  } catch {
    return 0
  }
}

/** Runs `work` on the PGlite in `dataDir`, holding its lock; `load` fills an empty directory first. */
async function withPglite<T>(dataDir: string, work: (client: PGlite) => Promise<T>, load?: Blob): Promise<T> {
  const { PGlite } = await import('@electric-sql/pglite')
  mkdirSync(dataDir, { recursive: true })
  const unlock = lockDataDir(dataDir, 'cli')
  try {
    const client = await PGlite.create({ dataDir, loadDataDir: load, extensions: await pgliteExtensions() })
    try {
      return await work(client)
    } finally {
      await client.close()
    }
  } finally {
    unlock()
  }
}

/** Writes the database in `dataDir` to `file` (through a temporary file, so a failure leaves no half backup). */
export async function backupPglite(dataDir: string, file: string) {
  if (!hasDatabase(dataDir)) throw new BackupError(`There is no embedded database in ${dataDir} to back up.`)
  const { bytes, migrations } = await withPglite(dataDir, async (client) => {
    const migrations = await migrationCount(client)
    const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer())
    writeFileSync(`${file}.partial`, dump)
    return { bytes: dump.length, migrations }
  })
  renameSync(`${file}.partial`, file)
  return { bytes, migrations }
}

/**
 * Loads a backup into `dataDir`. A database already there is refused unless `force`; then it is moved
 * aside (answered as `movedAside`), never deleted, and moved back if the backup does not load.
 */
export async function restorePglite(dataDir: string, file: string, { force = false } = {}) {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`No backup file ${file}.`)
  const dump = readFileSync(file)
  const isGzip = dump[0] === 0x1f && dump[1] === 0x8b
  // Refuses while a server holds the directory, before anything is changed.
  mkdirSync(dataDir, { recursive: true })
  const unlock = lockDataDir(dataDir, 'cli')
  let movedAside: string | null = null
  if (hasDatabase(dataDir)) {
    if (!force) {
      unlock()
      throw new BackupError(
        `${dataDir} already holds a database: nothing was changed. Pass --force to move it aside and restore.`,
      )
    }
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    renameSync(dataDir, movedAside)
    rmSync(join(movedAside, 'pglite.lock'), { force: true })
  }
  try {
    const migrations = await withPglite(
      dataDir,
      migrationCount,
      new Blob([dump], { type: isGzip ? 'application/gzip' : 'application/x-tar' }),
    )
    if (migrations === 0) throw new BackupError(`${file} is not a backup of this application's database.`)
    return { migrations, movedAside }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    if (movedAside) renameSync(movedAside, dataDir)
    if (error instanceof BackupError) throw error
    throw new BackupError(`${file} could not be loaded (${(error as Error).message}); nothing was changed.`)
  }
}

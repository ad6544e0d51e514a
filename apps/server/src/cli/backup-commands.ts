// The CLI's backups of the embedded database: they open DATA_DIR themselves (and refuse on PostgreSQL).
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../platform/config.ts'
import { backupPglite, POSTGRES_BACKUP_HINT, restorePglite } from '../platform/db/backup.ts'
import { USAGE } from './usage.ts'

/** The backup file a command names (relative to where npm was run), or the exit code when it cannot run. */
function backupTarget(positionals: string[]) {
  const config = loadConfig()
  if (positionals.length !== 1 || !positionals[0]) {
    console.error(USAGE)
    return 2
  }
  if (config.DATABASE_URL) {
    console.error(POSTGRES_BACKUP_HINT)
    return 1
  }
  return { config, file: resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]) }
}

/** The embedded database's backups: they open DATA_DIR themselves (and refuse on PostgreSQL). */
export const backupCommands: Record<string, (args: string[]) => Promise<number>> = {
  async backup(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true })
    const target = backupTarget(positionals)
    if (typeof target === 'number') return target
    const { config, file } = target
    const { bytes, migrations } = await backupPglite(resolve(config.DATA_DIR, 'pglite'), file)
    console.log(`Backed up the embedded database (${migrations} migrations) to ${file}: ${bytes} bytes.`)
    return 0
  },
  async restore(args) {
    const { values, positionals } = parseArgs({
      args,
      options: { force: { type: 'boolean', default: false } },
      allowPositionals: true,
    })
    const target = backupTarget(positionals)
    if (typeof target === 'number') return target
    const { config, file } = target
    const dataDir = resolve(config.DATA_DIR, 'pglite')
    const { migrations, movedAside } = await restorePglite(dataDir, file, { force: values.force })
    console.log(
      [
        `Restored ${file} into ${dataDir} (${migrations} migrations; the server applies any newer ones at start).`,
        movedAside ? `The database that was there is now in ${movedAside}; delete it once you are sure.` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    )
    return 0
  },
}

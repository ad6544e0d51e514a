// Operator commands: `npm run cli -- <command>`. Most open the same database as the server
// (PGlite under DATA_DIR, or DATABASE_URL); on PGlite the server must be stopped first.
// node:simulate is different: an HTTP client of the running server's node API. The commands are in
// cli/ (database, backup and client commands); this file picks one and runs it.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { backupCommands } from './cli/backup-commands.ts'
import { clientCommands } from './cli/client-commands.ts'
import { databaseCommands } from './cli/database-commands.ts'
import { USAGE } from './cli/usage.ts'
import { loadConfig } from './platform/config.ts'
import { BackupError } from './platform/db/backup.ts'
import { openDatabase } from './platform/db/client.ts'
import { DataDirBusyError } from './platform/db/pglite-lock.ts'

const envFile = resolve(import.meta.dirname, '../../../.env')
if (existsSync(envFile)) process.loadEnvFile(envFile)

const [name, ...args] = process.argv.slice(2)
const clientCommand = name ? clientCommands[name] : undefined
const backupCommand = name ? backupCommands[name] : undefined
const command = name ? databaseCommands[name] : undefined
if (backupCommand) {
  try {
    process.exitCode = await backupCommand(args)
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof DataDirBusyError)) throw error
    console.error(error.message)
    process.exitCode = 1
  }
} else if (clientCommand) {
  try {
    process.exitCode = await clientCommand(args)
  } catch (error) {
    console.error(`node:simulate failed: ${(error as Error).message} (is the server running at that URL?)`)
    process.exitCode = 1
  }
} else if (!command) {
  console.error(USAGE)
  process.exit(2)
} else {
  try {
    const database = await openDatabase(loadConfig(), 'cli')
    try {
      process.exitCode = await command(database.db, args)
    } finally {
      await database.close()
    }
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error
    console.error(error.message)
    process.exitCode = 1
  }
}

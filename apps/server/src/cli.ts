// Operator commands: `npm run cli -- <command>`. They open the same database as the server
// (PGlite under DATA_DIR, or DATABASE_URL); on PGlite the server must be stopped first.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { addNode, listNodes, revokeNode } from './modules/nodes/nodes.service.ts'
import {
  INVENTORY_CSV_COLUMNS,
  importInventoryCsv,
  inventorySummary,
} from './modules/static-ip/inventory.service.ts'
import { loadConfig } from './platform/config.ts'
import { openDatabase } from './platform/db/client.ts'
import { DataDirBusyError } from './platform/db/pglite-lock.ts'

const envFile = resolve(import.meta.dirname, '../../../.env')
if (existsSync(envFile)) process.loadEnvFile(envFile)

const USAGE = `Usage: npm run cli -- <command>
  inventory:import <file.csv>   add addresses; columns: ${INVENTORY_CSV_COLUMNS.join(',')}
  inventory:list                addresses per region and status
  node:add <name> <host>        register a proxy node; prints its token once
  node:list                     nodes with their last heartbeat
  node:revoke <id|name>         revoke a node's token`

const commands: Record<
  string,
  (db: Awaited<ReturnType<typeof openDatabase>>['db'], args: string[]) => Promise<number>
> = {
  async 'inventory:import'(db, [file]) {
    if (!file) {
      console.error(USAGE)
      return 2
    }
    const path = resolve(process.env.INIT_CWD ?? process.cwd(), file)
    const result = await importInventoryCsv(db, readFileSync(path, 'utf8'))
    for (const reject of result.rejected) console.error(`line ${reject.line}: ${reject.reason}`)
    console.log(`Imported ${result.imported} address(es); rejected ${result.rejected.length}.`)
    return result.rejected.length > 0 && result.imported === 0 ? 1 : 0
  },
  async 'node:add'(db, [name, host]) {
    if (!name || !host) {
      console.error(USAGE)
      return 2
    }
    const { id, token } = await addNode(db, name, host)
    console.log(`Node ${name} (${id}) registered. Its token, shown only now:\n\n  ${token}\n`)
    return 0
  },
  async 'node:list'(db) {
    const rows = await listNodes(db)
    if (rows.length === 0) console.log('No nodes yet: npm run cli -- node:add <name> <host>')
    else console.table(rows)
    return 0
  },
  async 'node:revoke'(db, [idOrName]) {
    if (!idOrName) {
      console.error(USAGE)
      return 2
    }
    const count = await revokeNode(db, idOrName)
    console.log(count > 0 ? `Revoked ${count} node(s).` : `No active node "${idOrName}".`)
    return count > 0 ? 0 : 1
  },
  async 'inventory:list'(db) {
    const rows = await inventorySummary(db)
    if (rows.length === 0) console.log('The inventory is empty.')
    else console.table(rows)
    return 0
  },
}

const [name, ...args] = process.argv.slice(2)
const command = name ? commands[name] : undefined
if (!command) {
  console.error(USAGE)
  process.exit(2)
}
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

// Operator commands: `npm run cli -- <command>`. Most open the same database as the server
// (PGlite under DATA_DIR, or DATABASE_URL); on PGlite the server must be stopped first.
// node:simulate is different: an HTTP client of the running server's node API.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { OPERATOR_ROLES, type OperatorRole } from '@proxy/contract/admin/permissions'
import { Email } from '@proxy/contract/auth/endpoints'
import { createOperatorAccount, resealOperatorSecrets } from './modules/admin/index.ts'
import { createSealer, resealCustomerSecrets, sealerFor } from './modules/auth/index.ts'
import { clearLoginLimits } from './modules/auth/login-limits.ts'
import { NODE_ENV_FILE, nodeEnvironment } from './modules/nodes/node-env.ts'
import { healthTable, listNodes } from './modules/nodes/node-health.ts'
import { addNode, revokeNode } from './modules/nodes/nodes.service.ts'
import { simulateNode } from './modules/nodes/simulator.ts'
import { demoNodeTokenFile } from './modules/seed/demo-node.ts'
import {
  INVENTORY_CSV_COLUMNS,
  importInventoryCsv,
  inventorySummary,
} from './modules/static-ip/inventory.service.ts'
import { loadConfig } from './platform/config.ts'
import { BackupError, backupPglite, POSTGRES_BACKUP_HINT, restorePglite } from './platform/db/backup.ts'
import { openDatabase } from './platform/db/client.ts'
import { DataDirBusyError } from './platform/db/pglite-lock.ts'

const envFile = resolve(import.meta.dirname, '../../../.env')
if (existsSync(envFile)) process.loadEnvFile(envFile)

const USAGE = `Usage: npm run cli -- <command>
  inventory:import <file.csv>   add addresses; columns: ${INVENTORY_CSV_COLUMNS.join(',')}
  inventory:list                addresses per region and status
  auth:unlock <email>           lift a customer's sign-in lock (too many wrong passwords)
  admin:create <email>          make an operator (console at /admin); prints a one-time password,
      [--role owner|operator|finance|support]   the TOTP enrolment URI and 10 recovery codes, once
                                (default role: owner)
  node:add <name> <host>        register a proxy node; prints its token once, and the gateway's
                                environment for the node host (API URL from PUBLIC_URL)
  node:list                     nodes: up/down (silent NODE_DOWN_AFTER_SECONDS, 60)/revoked, last seen,
                                push lag, health
  node:revoke <id|name>         revoke a node's token
  node:simulate --minutes N     SIMULATION: act as a proxy node over HTTP against the running server,
      [--url URL]               pushing N minutes of random usage for every credential it serves
      [--token nt_…]            (default: $NODE_TOKEN, else the demo simulator token in DATA_DIR)
      [--mb M] [--only id,…]    average MB per credential per minute (20); limit to ids/usernames
      [--json]                  print the totals as JSON
  secrets:reseal                seal every stored secret anew under APP_SECRET (after a rotation, with the
                                old one as APP_SECRET_PREVIOUS); names rows neither key opens
  backup <file>                 the embedded database (DATA_DIR) to a file, server stopped; PostgreSQL: pg_dump
  restore <file> [--force]      load a backup into DATA_DIR, server stopped; --force moves a database there aside`

/** Commands that talk to a running server instead of opening the database. */
const clientCommands: Record<string, (args: string[]) => Promise<number>> = {
  async 'node:simulate'(args) {
    const config = loadConfig()
    const { values } = parseArgs({
      args,
      options: {
        minutes: { type: 'string', default: '10' },
        url: { type: 'string', default: `http://127.0.0.1:${config.PORT}` },
        token: { type: 'string' },
        mb: { type: 'string', default: '20' },
        only: { type: 'string', default: '' },
        json: { type: 'boolean', default: false },
      },
    })
    const minutes = Number(values.minutes)
    const mbPerMinute = Number(values.mb)
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 10_000 || !(mbPerMinute > 0)) {
      console.error(USAGE)
      return 2
    }
    const tokenFile = demoNodeTokenFile(config.DATA_DIR)
    const savedToken = existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : ''
    // An empty NODE_TOKEN counts as unset.
    const token = values.token || process.env.NODE_TOKEN || savedToken
    if (!token) {
      console.error(
        `No node token: pass --token (from node:add) or set NODE_TOKEN. A demo server (SEED_DEMO) writes one to ${tokenFile}.`,
      )
      return 1
    }
    const result = await simulateNode({
      baseUrl: values.url,
      token,
      minutes,
      mbPerMinute,
      only: values.only.split(',').filter(Boolean),
    })
    if (values.json) console.log(JSON.stringify(result))
    else
      console.log(
        `Simulation: pushed ${result.reports} report(s) to ${values.url}: ${result.upBytes} bytes up, ${result.downBytes} bytes down` +
          ` for ${Object.keys(result.perCredential).length} credential(s).` +
          (result.disabled.length > 0 ? ` Disabled by the server: ${result.disabled.join(', ')}.` : ''),
      )
    return 0
  },
}

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
const backupCommands: Record<string, (args: string[]) => Promise<number>> = {
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
    // A big file takes a while: show progress per batch on stderr, leaving stdout for the summary.
    const result = await importInventoryCsv(db, readFileSync(path, 'utf8'), {
      onProgress: (done, total) => {
        if (total > 10_000) console.error(`importing: ${done}/${total} rows`)
      },
    })
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
    const environment = nodeEnvironment({ name, host, apiUrl: loadConfig().publicUrl, token })
    console.log(`Node ${name} (${id}) registered. Its token, shown only now:\n\n  ${token}\n`)
    console.log(
      `On the node host, put this in ${NODE_ENV_FILE} (fill in GATEWAY_ADDRESSES):\n\n${environment}\n`,
    )
    return 0
  },
  async 'node:list'(db) {
    const now = new Date()
    const rows = await listNodes(db, now, undefined, loadConfig().NODE_DOWN_AFTER_SECONDS * 1000)
    if (rows.length === 0) console.log('No nodes yet: npm run cli -- node:add <name> <host>')
    else console.table(healthTable(rows, now))
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
  async 'admin:create'(db, args) {
    const { values, positionals } = parseArgs({
      args,
      options: { role: { type: 'string', default: 'owner' } },
      allowPositionals: true,
    })
    const email = Email.safeParse(positionals[0] ?? '')
    const role = values.role as OperatorRole
    if (!email.success || positionals.length !== 1 || !OPERATOR_ROLES.includes(role)) {
      console.error(USAGE)
      return 2
    }
    const created = await createOperatorAccount(db, createSealer(loadConfig().APP_SECRET), email.data, role)
    if (!created) {
      console.error(`An operator ${email.data} already exists; nothing was changed.`)
      return 1
    }
    console.log(
      [
        `Operator ${created.email} (${created.role}) created. Shown only now:`,
        '',
        `  One-time password: ${created.password}`,
        `  Authenticator:     ${created.totpUri}`,
        '',
        '  Recovery codes (each works once):',
        ...created.recoveryCodes.map((code) => `    ${code}`),
        '',
        'Sign in at /admin with the password and a code from the authenticator; the password must be changed then.',
      ].join('\n'),
    )
    return 0
  },
  async 'auth:unlock'(db, [email]) {
    if (!email) {
      console.error(USAGE)
      return 2
    }
    const cleared = await clearLoginLimits(db, email.trim().toLowerCase())
    console.log(cleared > 0 ? `Sign-in limits lifted for ${email}.` : `No sign-in limits on ${email}.`)
    return 0
  },
  async 'secrets:reseal'(db) {
    const sealer = sealerFor(loadConfig())
    const counts = [await resealCustomerSecrets(db, sealer), ...(await resealOperatorSecrets(db, sealer))]
    for (const count of counts)
      console.log(
        `${count.what}: ${count.resealed} re-sealed, ${count.alreadyCurrent} already under APP_SECRET.`,
      )
    const unreadable = counts.flatMap((count) => count.unreadable)
    if (unreadable.length === 0) return 0
    console.error(
      [
        `${unreadable.length} secret(s) open with neither APP_SECRET nor APP_SECRET_PREVIOUS and were left as they are:`,
        ...unreadable.map((owner) => `  ${owner}`),
        'Set the secret they were sealed under as APP_SECRET_PREVIOUS and run this again. Without it their',
        'authenticator codes stay refused: they sign in with a recovery code (a customer then sets two-factor up again).',
      ].join('\n'),
    )
    return 1
  },
  async 'inventory:list'(db) {
    const rows = await inventorySummary(db)
    if (rows.length === 0) console.log('The inventory is empty.')
    else console.table(rows)
    return 0
  },
}

const [name, ...args] = process.argv.slice(2)
const clientCommand = name ? clientCommands[name] : undefined
const backupCommand = name ? backupCommands[name] : undefined
const command = name ? commands[name] : undefined
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

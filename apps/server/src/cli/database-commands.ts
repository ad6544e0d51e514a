// The CLI's commands on the server's database (opened by cli.ts: on PGlite the server must be stopped).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { OPERATOR_ROLES, type OperatorRole } from '@proxy/contract/admin/permissions'
import { Email } from '@proxy/contract/auth/endpoints'
import { createOperatorAccount, resealOperatorSecrets } from '../modules/admin/index.ts'
import { resealWebhookSecrets } from '../modules/alerts/index.ts'
import { createSealer, resealCustomerSecrets, sealerFor } from '../modules/auth/index.ts'
import { clearLoginLimits } from '../modules/auth/login-limits.ts'
import { NODE_ENV_FILE, nodeEnvironment } from '../modules/nodes/node-env.ts'
import { healthTable, listNodes } from '../modules/nodes/node-health.ts'
import { addNode, revokeNode } from '../modules/nodes/nodes.service.ts'
import { importInventoryCsv, inventorySummary } from '../modules/static-ip/inventory.service.ts'
import { loadConfig } from '../platform/config.ts'
import type { Db } from '../platform/db/client.ts'
import { USAGE } from './usage.ts'

export const databaseCommands: Record<string, (db: Db, args: string[]) => Promise<number>> = {
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
    const counts = [
      await resealCustomerSecrets(db, sealer),
      ...(await resealOperatorSecrets(db, sealer)),
      await resealWebhookSecrets(db, sealer),
    ]
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
        'A webhook endpoint (`webhook:<id>`) fails its deliveries until its owner resets its secret in the console.',
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

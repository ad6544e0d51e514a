// Backups of the embedded database: `backup` and `restore` run as real CLI processes, as an operator
// runs them, and the restored DATA_DIR holds the same money as the one backed up.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { asc } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { expectLedgerInvariants } from '../test/invariants.ts'
import { balanceOf } from '../test/payments.ts'
import { customerWithOrders } from '../test/static-ip.ts'
import { startTestServerOn } from '../test/test-server.ts'
import { ledgerEntries, wallets } from './modules/ledger/ledger.schema.ts'
import { seedDemoCatalog } from './modules/seed/demo-catalog.ts'
import { BackupError, restorePglite } from './platform/db/backup.ts'
import { type Db, openPglite } from './platform/db/client.ts'

const run = promisify(execFile)
const serverDir = resolve(import.meta.dirname, '..')

async function cli(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: '', ...env },
    })
    return { code: 0, out: stdout + stderr }
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string }
    return { code: failure.code, out: failure.stdout + failure.stderr }
  }
}

/** Every wallet's balance and every ledger entry, in a stable order. */
async function money(db: Db) {
  return {
    wallets: await db
      .select({ userId: wallets.userId, balance: wallets.balance })
      .from(wallets)
      .orderBy(asc(wallets.userId)),
    entries: await db
      .select({
        id: ledgerEntries.id,
        accountId: ledgerEntries.accountId,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
      })
      .from(ledgerEntries)
      .orderBy(asc(ledgerEntries.id)),
  }
}

describe.runIf(process.env.TEST_DB !== 'postgres')('backup and restore of the embedded database', () => {
  it('restores a backup into a fresh DATA_DIR with the same balances and the ledger invariants empty, and over a database only when forced', async () => {
    // A DATA_DIR database (from the migrated template) where customers paid and bought.
    const source = mkdtempSync(join(tmpdir(), 'backup-source-'))
    await restorePglite(join(source, 'pglite'), inject('pgliteTemplate'))
    const server = await startTestServerOn(
      await openPglite({ dataDir: join(source, 'pglite'), role: 'server' }),
    )
    await seedDemoCatalog(server.db) // the traffic plans
    const customers = [await customerWithOrders(server), await customerWithOrders(server)]
    const before = await money(server.db)
    const balances = await Promise.all(customers.map((customer) => balanceOf(server, customer.token)))
    expect(before.wallets.filter((wallet) => wallet.balance > 0)).toHaveLength(2)
    await server.close()

    const file = join(source, 'nightly.tar.gz')
    const backedUp = await cli({ DATA_DIR: source }, 'backup', file)
    expect(backedUp.out).toMatch(
      /^Backed up the embedded database \(\d+ migrations\) to .*nightly\.tar\.gz: \d+ bytes\./,
    )
    expect(backedUp.code).toBe(0)

    const target = mkdtempSync(join(tmpdir(), 'backup-target-'))
    const restored = await cli({ DATA_DIR: target }, 'restore', file)
    expect(restored.code, restored.out).toBe(0)
    expect(restored.out).toContain(`Restored ${file} into ${join(target, 'pglite')}`)

    // The same money, and the customers' sessions still open their wallets.
    const copy = await startTestServerOn(
      await openPglite({ dataDir: join(target, 'pglite'), role: 'server' }),
    )
    try {
      expect(await money(copy.db)).toEqual(before)
      await expectLedgerInvariants(copy.db)
      expect(await Promise.all(customers.map((customer) => balanceOf(copy, customer.token)))).toEqual(
        balances,
      )
    } finally {
      await copy.close()
    }

    // Over a database: refused unless forced; a file that is no backup changes nothing; forced, the
    // database in the way is moved aside.
    const dataDir = join(target, 'pglite')
    await expect(restorePglite(dataDir, file)).rejects.toThrow(
      'already holds a database: nothing was changed. Pass --force',
    )
    const junk = join(target, 'junk.tar.gz')
    writeFileSync(junk, 'not a tarball')
    await expect(restorePglite(dataDir, junk, { force: true })).rejects.toThrow(BackupError)
    expect(readdirSync(target).sort()).toEqual(['junk.tar.gz', 'pglite'])
    const { movedAside } = await restorePglite(dataDir, file, { force: true })
    expect(movedAside).toMatch(/pglite\.before-restore-/)
    for (const dir of [dataDir, movedAside ?? '']) {
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true)
      expect(existsSync(join(dir, 'pglite.lock'))).toBe(false)
    }
    // Two CLI processes, two servers and three restores on data directories.
  }, 180_000)

  it('on PostgreSQL points to pg_dump and pg_restore and exits non-zero', async () => {
    const answer = await cli(
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/anything' },
      'backup',
      'x.dump',
    )
    expect(answer.code).toBe(1)
    expect(answer.out).toContain('pg_dump -Fc')
    expect(answer.out).toContain('pg_restore')
    expect(existsSync(join(serverDir, 'x.dump'))).toBe(false)
  })
})

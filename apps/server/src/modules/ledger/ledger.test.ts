import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { findInvariantViolations } from '../../invariants.ts'
import { inTransaction } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { users } from '../auth/auth.schema.ts'
import { accounts, ledgerEntries, refunds } from './ledger.schema.ts'
import { postLedgerTransaction, systemAccountId } from './ledger.service.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

async function walletOf(email: string) {
  const [row] = await server.db
    .select({ accountId: accounts.id })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(users.email, email))
  if (!row) throw new Error('no wallet')
  return row.accountId
}

const balanceOf = async (token: string) =>
  (await server.call<{ wallet: { balance: number } }>('GET', '/api/user/wallet', { token })).body.data.wallet
    .balance

// Plain adjustments: purchases and renewals must reference an order, which the invariants check.
function move(from: string, to: string, cents: number) {
  return inTransaction(server.db, (tx) =>
    postLedgerTransaction(tx, {
      kind: 'adjustment',
      description: 'test',
      entries: [
        { accountId: from, amount: -cents },
        { accountId: to, amount: cents },
      ],
    }),
  )
}

describe('ledger', () => {
  it('credits and debits wallets with balance-after on each entry', async () => {
    const { email, token } = await server.newCustomer()
    const wallet = await walletOf(email)
    const adjustments = await inTransaction(server.db, (tx) => systemAccountId(tx, 'adjustments'))
    const revenue = await inTransaction(server.db, (tx) => systemAccountId(tx, 'sales_revenue'))
    await move(adjustments, wallet, 12_50)
    await move(wallet, revenue, 2_25)
    expect(await balanceOf(token)).toBe(10.25)
    const entries = await server.db
      .select({ amount: ledgerEntries.amount, balanceAfter: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, wallet))
      .orderBy(ledgerEntries.createdAt)
    expect(entries).toEqual([
      { amount: 12_50, balanceAfter: 12_50 },
      { amount: -2_25, balanceAfter: 10_25 },
    ])
    await expectLedgerInvariants(server.db)
  })

  it('refuses an overdraft with the shortfall and writes nothing', async () => {
    const { email, token } = await server.newCustomer()
    const wallet = await walletOf(email)
    const revenue = await inTransaction(server.db, (tx) => systemAccountId(tx, 'sales_revenue'))
    const before = await server.db.$count(ledgerEntries)
    const error = await move(wallet, revenue, 1_00).catch((caught) => caught)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ name: 'INSUFFICIENT_BALANCE', details: { shortfall: 1 } })
    expect(await server.db.$count(ledgerEntries)).toBe(before)
    expect(await balanceOf(token)).toBe(0)
  })

  it('rejects unbalanced, fractional and single-entry postings', async () => {
    const { email } = await server.newCustomer()
    const wallet = await walletOf(email)
    const adjustments = await inTransaction(server.db, (tx) => systemAccountId(tx, 'adjustments'))
    const post = (entries: { accountId: string; amount: number }[]) =>
      inTransaction(server.db, (tx) =>
        postLedgerTransaction(tx, { kind: 'adjustment', description: 'bad', entries }),
      )
    await expect(post([{ accountId: wallet, amount: 100 }])).rejects.toThrow(/two entries/)
    await expect(
      post([
        { accountId: wallet, amount: 100 },
        { accountId: adjustments, amount: -99 },
      ]),
    ).rejects.toThrow(/sum to zero/)
    await expect(
      post([
        { accountId: wallet, amount: 0.5 },
        { accountId: adjustments, amount: -0.5 },
      ]),
    ).rejects.toThrow(/integer/)
    await expectLedgerInvariants(server.db)
  })

  it('keeps entries immutable in the database itself', async () => {
    const { email } = await server.newCustomer()
    const wallet = await walletOf(email)
    const adjustments = await inTransaction(server.db, (tx) => systemAccountId(tx, 'adjustments'))
    await move(adjustments, wallet, 5_00)
    await expect(server.db.execute(sql`update ledger_entries set amount = amount * 2`)).rejects.toThrow()
    await expect(server.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow()
    await expect(server.db.execute(sql`update wallets set balance = -1`)).rejects.toThrow()
    await expectLedgerInvariants(server.db)
  })

  it('never overdraws under concurrent debits: exactly balance / price succeed', async () => {
    const { email, token } = await server.newCustomer()
    const wallet = await walletOf(email)
    const adjustments = await inTransaction(server.db, (tx) => systemAccountId(tx, 'adjustments'))
    const revenue = await inTransaction(server.db, (tx) => systemAccountId(tx, 'sales_revenue'))
    await move(adjustments, wallet, 100_00)
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => move(wallet, revenue, 10_00)))
    const succeeded = results.filter((result) => result.status === 'fulfilled')
    const failed = results.filter((result) => result.status === 'rejected')
    expect(succeeded).toHaveLength(10)
    for (const failure of failed)
      expect((failure as PromiseRejectedResult).reason).toMatchObject({ name: 'INSUFFICIENT_BALANCE' })
    expect(await balanceOf(token)).toBe(0)
    await expectLedgerInvariants(server.db)
  })

  it('the invariant checker notices a balance that drifts from its entries', async () => {
    const { email } = await server.newCustomer()
    const wallet = await walletOf(email)
    const adjustments = await inTransaction(server.db, (tx) => systemAccountId(tx, 'adjustments'))
    await move(adjustments, wallet, 3_00)
    await server.db.execute(sql`update wallets set balance = balance + 1 where account_id = ${wallet}`)
    expect(Object.keys(await findInvariantViolations(server.db))).toEqual(['drifted'])
    await server.db.execute(sql`update wallets set balance = balance - 1 where account_id = ${wallet}`)
    expect(await findInvariantViolations(server.db)).toEqual({})
  })

  it('the invariant checker notices a refund that does not name its item, until its row is written', async () => {
    const { email } = await server.newCustomer()
    const wallet = await walletOf(email)
    const sales = await inTransaction(server.db, (tx) => systemAccountId(tx, 'sales_revenue'))
    // Posted past refundToWallet, with a reference migration 0022's trigger cannot read either.
    const { transactionId } = await inTransaction(server.db, (tx) =>
      postLedgerTransaction(tx, {
        kind: 'refund',
        description: 'test',
        reference: 'refund:by-hand',
        entries: [
          { accountId: sales, amount: -1_00 },
          { accountId: wallet, amount: 1_00 },
        ],
      }),
    )
    const violations = await findInvariantViolations(server.db)
    expect(Object.keys(violations)).toEqual(['unrecordedRefund'])
    expect(violations.unrecordedRefund).toEqual([{ id: transactionId, reference: 'refund:by-hand' }])
    await server.db.insert(refunds).values({
      transactionId,
      orderNo: 'by-hand',
      itemKind: 'ip',
      itemId: '00000000-0000-4000-8000-000000000000',
    })
    expect(await findInvariantViolations(server.db)).toEqual({})
  })
})

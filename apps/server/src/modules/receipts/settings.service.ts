// What receipts print besides the payment: the operator's company details (one row, written by an
// operator and audited) and each customer's billing details. Neither changes an issued receipt.
import {
  type CompanySettings,
  DEFAULT_RECEIPT_TIME_ZONE,
  type UpdateCompanySettingsInput,
} from '@proxy/contract/admin/receipts'
import type { BillingDetails, UpdateBillingDetailsInput } from '@proxy/contract/receipts/endpoints'
import { eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { type Actor, recordAudit } from '../admin/index.ts'
import { billingDetails, receiptSettings } from './receipts.schema.ts'

type SettingsRow = typeof receiptSettings.$inferSelect

const toSettings = (row: SettingsRow | undefined): CompanySettings => ({
  name: row?.companyName ?? '',
  address: row?.companyAddress ?? '',
  taxId: row?.taxId ?? '',
  contact: row?.contact ?? '',
  timeZone: row?.timeZone ?? DEFAULT_RECEIPT_TIME_ZONE,
  isConfigured: Boolean(row?.companyName),
  updatedAt: row?.updatedAt.toISOString() ?? null,
})

export async function companySettings(db: Db | Tx): Promise<CompanySettings> {
  const [row] = await db.select().from(receiptSettings)
  return toSettings(row)
}

/** Sets the company details for receipts issued from now on, with the operator's audit row. */
export async function updateCompanySettings(
  db: Db,
  actor: Actor,
  input: UpdateCompanySettingsInput,
): Promise<CompanySettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(receiptSettings).for('update')
    const values = {
      companyName: input.name,
      companyAddress: input.address,
      taxId: input.taxId,
      contact: input.contact,
      timeZone: input.timeZone,
    }
    const [row] = await tx
      .insert(receiptSettings)
      .values(values)
      .onConflictDoUpdate({ target: receiptSettings.singleton, set: { ...values, updatedAt: sql`now()` } })
      .returning()
    const { updatedAt: _before, isConfigured: _was, ...was } = toSettings(before)
    const { updatedAt: _after, isConfigured: _is, ...is } = toSettings(row)
    await recordAudit(tx, {
      operator: actor,
      action: 'settings.company',
      target: 'receipts',
      // A first setting has no row before it: its before is the empty form.
      before: was,
      after: is,
      ip: actor.ip ?? null,
    })
    return toSettings(row)
  })
}

const toBilling = (row: typeof billingDetails.$inferSelect | undefined): BillingDetails => ({
  name: row?.name ?? '',
  address: row?.address ?? '',
  taxId: row?.taxId ?? '',
})

export async function billingDetailsOf(db: Db | Tx, userId: string): Promise<BillingDetails> {
  const [row] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId))
  return toBilling(row)
}

export async function updateBillingDetails(
  db: Db,
  userId: string,
  input: UpdateBillingDetailsInput,
): Promise<BillingDetails> {
  const [row] = await db
    .insert(billingDetails)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: billingDetails.userId, set: { ...input, updatedAt: sql`now()` } })
    .returning()
  return toBilling(row)
}

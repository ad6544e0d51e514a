// The catalogue's operator side for traffic plans: every plan (inactive too) and the console's writes.
// The admin module audits them in the same transaction.
import { asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { trafficPlans } from './traffic.schema.ts'

export type PlanRow = typeof trafficPlans.$inferSelect
export type PlanChanges = Partial<Pick<PlanRow, 'price' | 'isActive' | 'sortOrder' | 'name' | 'nameEn'>>

/** Every plan in the catalogue's order, inactive ones too. */
export function allPlans(db: Db | Tx): Promise<PlanRow[]> {
  return db.select().from(trafficPlans).orderBy(asc(trafficPlans.sortOrder), asc(trafficPlans.id))
}

export async function planForUpdate(tx: Tx, id: string): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(trafficPlans).where(eq(trafficPlans.id, id)).for('update')
  return row
}

/** Adds a plan; undefined when one with its id exists already. */
export async function insertPlan(
  tx: Tx,
  row: typeof trafficPlans.$inferInsert,
): Promise<PlanRow | undefined> {
  const [created] = await tx.insert(trafficPlans).values(row).onConflictDoNothing().returning()
  return created
}

export async function updatePlanRow(tx: Tx, id: string, changes: PlanChanges): Promise<PlanRow> {
  const [updated] = await tx.update(trafficPlans).set(changes).where(eq(trafficPlans.id, id)).returning()
  if (!updated) throw new Error(`plan ${id} vanished inside its transaction`)
  return updated
}

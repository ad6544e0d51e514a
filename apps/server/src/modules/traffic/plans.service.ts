// The traffic plans on sale (the operators' edits are plans-admin.ts).
import { bytesToWire } from '@proxy/contract/bytes'
import { centsToAmount } from '@proxy/contract/money'
import { GB } from '@proxy/contract/traffic/endpoints'
import { asc, count, eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { trafficPlans } from './traffic.schema.ts'

export async function listPlans(db: Db) {
  const rows = await db
    .select()
    .from(trafficPlans)
    .where(eq(trafficPlans.isActive, true))
    .orderBy(asc(trafficPlans.sortOrder), asc(trafficPlans.id))
  return {
    plans: rows.map((plan) => ({
      id: plan.id,
      name: plan.name,
      nameEn: plan.nameEn,
      sizeBytes: bytesToWire(plan.sizeBytes),
      validityDays: plan.validityDays,
      price: centsToAmount(plan.price),
      pricePerGb: Math.round((plan.price / (bytesToWire(plan.sizeBytes) / GB)) * 100) / 10_000,
    })),
  }
}

/** Puts these plans on sale when there are none yet (the demo seed). */
export async function addPlansIfNone(db: Db, plans: (typeof trafficPlans.$inferInsert)[]) {
  const [existing] = await db.select({ value: count() }).from(trafficPlans)
  if ((existing?.value ?? 0) === 0) await db.insert(trafficPlans).values(plans).onConflictDoNothing()
}

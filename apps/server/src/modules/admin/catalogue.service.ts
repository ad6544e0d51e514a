// The catalogue for the operator console: regions, traffic plans and term discounts, read whole and
// changed one at a time. Each write runs in one transaction with its audit row (before and after);
// prices are dollars on the wire and cents in the tables. A change applies to what is priced after it.
import type {
  AdminCatalogue,
  AdminRegion,
  AdminTrafficPlan,
  CreatePlanInput,
  CreateRegionInput,
  SetDiscountsInput,
  TermDiscount,
  UpdatePlanInput,
  UpdateRegionInput,
} from '@proxy/contract/admin/catalogue'
import { bytesToWire } from '@proxy/contract/bytes'
import { amountToCents, centsToAmount } from '@proxy/contract/money'
import { DURATIONS, type DurationDays } from '@proxy/contract/static-ip/catalog'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import {
  allRegions,
  insertRegion,
  lockTermDiscounts,
  type RegionRow,
  type RegionStockCounts,
  regionForUpdate,
  regionStockCounts,
  termDiscounts,
  updateRegionRow,
  writeTermDiscounts,
} from '../static-ip/index.ts'
import { allPlans, insertPlan, type PlanRow, planForUpdate, updatePlanRow } from '../traffic/index.ts'
import { type Actor, recordAudit } from './audit.ts'

const NO_STOCK: RegionStockCounts = { available: 0, allocated: 0, cooling: 0, retired: 0 }

const toRegion = (row: RegionRow, stock: RegionStockCounts = NO_STOCK): AdminRegion => ({
  id: row.id,
  countryCode: row.countryCode,
  country: row.country,
  city: row.city,
  countryEn: row.countryEn,
  cityEn: row.cityEn,
  ispType: row.ispType,
  protocols: row.protocols as AdminRegion['protocols'],
  pricePer30Days: centsToAmount(row.pricePer30Days),
  isActive: row.isActive,
  sortOrder: row.sortOrder,
  stock,
})

const toPlan = (row: PlanRow): AdminTrafficPlan => ({
  id: row.id,
  name: row.name,
  nameEn: row.nameEn,
  sizeBytes: bytesToWire(row.sizeBytes),
  validityDays: row.validityDays,
  price: centsToAmount(row.price),
  isActive: row.isActive,
  sortOrder: row.sortOrder,
})

const toDiscounts = (percents: Record<DurationDays, number>): TermDiscount[] =>
  DURATIONS.map((durationDays) => ({ durationDays, percent: percents[durationDays] }))

/** What the audit log keeps of a region or plan: its fields, prices in dollars as the console shows them. */
const auditedRegion = (row: RegionRow) => ({ ...toRegion(row), stock: undefined })
const auditedPlan = (row: PlanRow) => toPlan(row)

const idTaken = () =>
  new AppError(
    'VALIDATION_FAILED',
    { issues: [{ field: 'id', message: 'this id is taken' }] },
    'id: this id is taken',
  )

/** Only the fields the input names, with prices in cents. */
function defined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>
}

export async function adminCatalogue(db: Db): Promise<AdminCatalogue> {
  const [regions, stock, plans, discounts] = await Promise.all([
    allRegions(db),
    regionStockCounts(db),
    allPlans(db),
    termDiscounts(db),
  ])
  return {
    regions: regions.map((row) => toRegion(row, stock.get(row.id))),
    plans: plans.map(toPlan),
    discounts: toDiscounts(discounts),
  }
}

async function regionWithStock(tx: Tx, row: RegionRow) {
  return toRegion(row, (await regionStockCounts(tx)).get(row.id))
}

export async function createRegion(db: Db, actor: Actor, input: CreateRegionInput) {
  return inTransaction(db, async (tx) => {
    const created = await insertRegion(tx, {
      ...input,
      pricePer30Days: amountToCents(input.pricePer30Days),
    })
    if (!created) throw idTaken()
    await recordAudit(tx, {
      operator: actor,
      action: 'catalogue.region.create',
      target: `region:${created.id}`,
      before: { exists: false },
      after: { exists: true, ...auditedRegion(created) },
      ip: actor.ip,
    })
    return regionWithStock(tx, created)
  })
}

export async function updateRegion(db: Db, actor: Actor, id: string, input: UpdateRegionInput) {
  return inTransaction(db, async (tx) => {
    const before = await regionForUpdate(tx, id)
    if (!before) throw new AppError('NOT_FOUND')
    const after = await updateRegionRow(
      tx,
      id,
      defined({
        ...input,
        pricePer30Days: input.pricePer30Days === undefined ? undefined : amountToCents(input.pricePer30Days),
      }),
    )
    await recordAudit(tx, {
      operator: actor,
      action: 'catalogue.region.update',
      target: `region:${id}`,
      before: auditedRegion(before),
      after: auditedRegion(after),
      ip: actor.ip,
    })
    return regionWithStock(tx, after)
  })
}

export async function createPlan(db: Db, actor: Actor, input: CreatePlanInput) {
  return inTransaction(db, async (tx) => {
    const created = await insertPlan(tx, {
      ...input,
      sizeBytes: BigInt(input.sizeBytes),
      price: amountToCents(input.price),
    })
    if (!created) throw idTaken()
    await recordAudit(tx, {
      operator: actor,
      action: 'catalogue.plan.create',
      target: `plan:${created.id}`,
      before: { exists: false },
      after: { exists: true, ...auditedPlan(created) },
      ip: actor.ip,
    })
    return toPlan(created)
  })
}

export async function updatePlan(db: Db, actor: Actor, id: string, input: UpdatePlanInput) {
  return inTransaction(db, async (tx) => {
    const before = await planForUpdate(tx, id)
    if (!before) throw new AppError('NOT_FOUND')
    const after = await updatePlanRow(
      tx,
      id,
      defined({ ...input, price: input.price === undefined ? undefined : amountToCents(input.price) }),
    )
    await recordAudit(tx, {
      operator: actor,
      action: 'catalogue.plan.update',
      target: `plan:${id}`,
      before: auditedPlan(before),
      after: auditedPlan(after),
      ip: actor.ip,
    })
    return toPlan(after)
  })
}

export async function setDiscounts(db: Db, actor: Actor, input: SetDiscountsInput) {
  return inTransaction(db, async (tx) => {
    const before = await lockTermDiscounts(tx)
    const after = Object.fromEntries(
      input.discounts.map((item) => [item.durationDays, item.percent]),
    ) as Record<DurationDays, number>
    await writeTermDiscounts(tx, after)
    // Keyed by term ("90": 5), so the audit's diff names exactly the terms that changed.
    await recordAudit(tx, {
      operator: actor,
      action: 'catalogue.discounts.set',
      target: 'discounts',
      before: { ...before },
      after: { ...after },
      ip: actor.ip,
    })
    return { discounts: toDiscounts(after) }
  })
}

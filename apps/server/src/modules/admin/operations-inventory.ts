// The inventory for the operator console: the CLI's import checks (modules/static-ip) over JSON rows,
// and retiring or restoring one address, each write audited in its own transaction.
import type {
  InventoryAddress,
  InventoryImportInput,
  InventoryImportResult,
  InventoryQuery,
  RestoreInput,
} from '@proxy/contract/admin/inventory'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import {
  checkInventoryRows,
  insertInventoryRows,
  inventoryCount,
  inventoryPage,
  lockInventoryRow,
  setInventoryStatus,
  takenInventoryRows,
} from '../static-ip/index.ts'
import { type Actor, recordAudit } from './audit.ts'

type Row = Awaited<ReturnType<typeof inventoryPage>>['rows'][number]

const toAddress = (row: Row): InventoryAddress => ({
  id: row.id,
  regionId: row.regionId,
  ip: row.ip,
  port: row.port,
  node: row.node,
  status: row.status,
  coolingUntil: row.coolingUntil?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

export async function listInventory(db: Db, query: InventoryQuery) {
  const { rows, total } = await inventoryPage(db, query)
  return { items: rows.map(toAddress), total, page: query.page, pageSize: query.pageSize }
}

export async function importInventory(
  db: Db,
  actor: Actor,
  input: InventoryImportInput,
): Promise<InventoryImportResult> {
  const checked = await checkInventoryRows(db, input.rows)
  const answer = (imported: number, taken: { index: number; reason: string }[]) => ({
    dryRun: input.dryRun,
    imported,
    rejected: [...checked.rejected, ...taken]
      .sort((a, b) => a.index - b.index)
      .map(({ index, reason }) => ({ row: index, reason })),
  })
  if (input.dryRun) {
    const taken = await takenInventoryRows(db, checked.rows)
    return answer(checked.rows.length - taken.length, taken)
  }
  if (checked.rows.length === 0) return answer(0, [])
  return inTransaction(db, async (tx) => {
    const before = await inventoryCount(tx)
    const { imported, taken } = await insertInventoryRows(tx, checked.rows)
    if (imported > 0)
      await recordAudit(tx, {
        operator: actor,
        action: 'inventory.import',
        target: 'inventory',
        before: { addresses: before },
        after: { addresses: before + imported, imported, rejected: checked.rejected.length + taken.length },
        ip: actor.ip,
      })
    return answer(imported, taken)
  })
}

/** 409 INVENTORY_STATE_CONFLICT, naming the state the address is in. */
const refused = (status: Row['status'], message: string) =>
  new AppError('INVENTORY_STATE_CONFLICT', { status }, message)

const audited = (row: Row) => ({ status: row.status, coolingUntil: row.coolingUntil })

export async function retireAddress(db: Db, actor: Actor, id: string, reason: string) {
  return inTransaction(db, async (tx) => {
    const before = await lockInventoryRow(tx, id)
    if (!before) throw new AppError('NOT_FOUND')
    if (before.status === 'allocated')
      throw refused(
        before.status,
        'This address is sold to a customer: it can be retired only once it is free',
      )
    // Retiring a retired address changes nothing and is not a write.
    if (before.status === 'retired') return toAddress(before)
    const after = await setInventoryStatus(tx, id, 'retired')
    if (!after) throw new AppError('NOT_FOUND')
    await recordAudit(tx, {
      operator: actor,
      action: 'inventory.retire',
      target: `inventory:${id}`,
      before: audited(before),
      after: audited(after),
      reason,
      ip: actor.ip,
    })
    return toAddress(after)
  })
}

export async function restoreAddress(db: Db, actor: Actor, id: string, input: RestoreInput) {
  return inTransaction(db, async (tx) => {
    const before = await lockInventoryRow(tx, id)
    if (!before) throw new AppError('NOT_FOUND')
    if (before.status !== 'retired')
      throw refused(before.status, 'Only a retired address can be returned to stock')
    const after = await setInventoryStatus(tx, id, input.purpose === 'pool' ? 'pool' : 'available')
    if (!after) throw new AppError('NOT_FOUND')
    await recordAudit(tx, {
      operator: actor,
      action: 'inventory.restore',
      target: `inventory:${id}`,
      before: audited(before),
      after: audited(after),
      reason: input.reason,
      ip: actor.ip,
    })
    return toAddress(after)
  })
}

// The address inventory as operators manage it: a filtered, paged list; imports with per-row errors
// (a dry run previews without writing); retiring a free address and returning a retired one to stock.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { PageQuery, pageOf } from '../pagination.ts'

/** `pool`: an exit of the node's rotating pool, never sold; `cooling`: released, resting before resale. */
export const InventoryStatus = z.enum(['available', 'allocated', 'cooling', 'retired', 'pool'])
export type InventoryStatus = z.infer<typeof InventoryStatus>

export const InventoryAddress = z.object({
  id: z.uuid(),
  regionId: z.string(),
  ip: z.string(),
  port: z.number().int(),
  node: z.string(),
  status: InventoryStatus,
  coolingUntil: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
})
export type InventoryAddress = z.infer<typeof InventoryAddress>

const Name = text().trim().min(1).max(64)

export const InventoryQuery = PageQuery.extend({
  regionId: Name.optional(),
  status: InventoryStatus.optional(),
  node: Name.optional(),
})
export type InventoryQuery = z.infer<typeof InventoryQuery>

/** Rows in one import: as many as the CLI writes in one batch. */
export const MAX_IMPORT_ROWS = 5_000

/**
 * One address to stock. Only the shape is checked here: whether the region exists, the IP is an IP,
 * the port a port and the address new is answered per row, so one bad row does not hide the rest.
 */
export const InventoryImportRow = z.strictObject({
  regionId: text().max(64),
  ip: text().max(64),
  port: z.number().int().min(-1_000_000).max(1_000_000),
  node: text().max(64),
  /** `static` (the default) is sold as a static IP; `pool` is an exit of the node's rotating pool. */
  purpose: text().max(16).optional(),
})
export type InventoryImportRow = z.infer<typeof InventoryImportRow>

export const InventoryImportInput = z.strictObject({
  rows: z.array(InventoryImportRow).min(1).max(MAX_IMPORT_ROWS),
  /** True: check every row and answer what would happen, writing nothing. */
  dryRun: z.boolean(),
})
export type InventoryImportInput = z.infer<typeof InventoryImportInput>

export const InventoryImportResult = z.object({
  dryRun: z.boolean(),
  /** Rows stocked (or, in a dry run, that would be). */
  imported: z.number().int(),
  /** Each refused row by its place in `rows` (from 0), with the reason. */
  rejected: z.array(z.object({ row: z.number().int(), reason: z.string() })),
})
export type InventoryImportResult = z.infer<typeof InventoryImportResult>

const Reason = text().trim().min(3).max(500)

/** Retire: take a free address out of sale for good (a blacklisted IP, a dead line). */
export const RetireInput = z.strictObject({ reason: Reason })

/** Return a retired address to stock, for sale (`static`, the default) or to the node's pool. */
export const RestoreInput = z.strictObject({
  reason: Reason,
  purpose: z.enum(['static', 'pool']).optional(),
})
export type RestoreInput = z.infer<typeof RestoreInput>

const tags = ['admin'] as const
const params = z.strictObject({ id: z.uuid() })

export const listInventory = defineEndpoint({
  method: 'GET',
  path: '/admin/inventory',
  summary: 'Stocked addresses, newest first, by region, status and node',
  tags,
  auth: 'operator',
  permission: 'inventory.manage',
  query: InventoryQuery,
  response: pageOf(InventoryAddress),
})

export const importInventory = defineEndpoint({
  method: 'POST',
  path: '/admin/inventory/import',
  summary: 'Stock addresses; every row is checked and refused rows are answered; a dry run writes nothing',
  tags,
  auth: 'operator',
  permission: 'inventory.manage',
  body: InventoryImportInput,
  response: InventoryImportResult,
})

export const retireInventoryAddress = defineEndpoint({
  method: 'POST',
  path: '/admin/inventory/:id/retire',
  summary: 'Retire (blacklist) an address that is not sold to anyone',
  tags,
  auth: 'operator',
  permission: 'inventory.manage',
  params,
  body: RetireInput,
  response: InventoryAddress,
})

export const restoreInventoryAddress = defineEndpoint({
  method: 'POST',
  path: '/admin/inventory/:id/restore',
  summary: 'Return a retired address to stock',
  tags,
  auth: 'operator',
  permission: 'inventory.manage',
  params,
  body: RestoreInput,
  response: InventoryAddress,
})

// The operator audit log: one row per operator write or sign-in, written in the write's own
// transaction, so a row exists exactly when the write happened. Append-only (a trigger, migration 0015).
import type { AuditEntry, AuditQuery } from '@proxy/contract/admin/audit'
import type { OperatorRole } from '@proxy/contract/admin/permissions'
import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db, Tx } from '../../platform/db/client.ts'
import { operatorAuditLog } from './admin.schema.ts'

type Fields = Record<string, unknown>

/**
 * Who acted: the signed-in operator, or (a failed sign-in) whatever is known of them, and from which
 * address. Services take this plain value; the routes build it from the request (actorOf).
 */
export type Actor = {
  operatorId: string | null
  email: string | null
  role: OperatorRole | null
  ip?: string | null
}

export type AuditRecord = {
  operator: Actor
  action: string
  target?: string | null
  before?: Fields | null
  after?: Fields | null
  reason?: string | null
  ip?: string | null
}

const comparable = (value: unknown) => JSON.stringify(value instanceof Date ? value.toISOString() : value)
const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : value)

/** Only the fields that differ between before and after, on each side; null for a side with none. */
export function diff(before: Fields | null | undefined, after: Fields | null | undefined) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  const changedBefore: Fields = {}
  const changedAfter: Fields = {}
  for (const key of keys) {
    const was = before?.[key]
    const is = after?.[key]
    if (comparable(was) === comparable(is)) continue
    if (before && key in before) changedBefore[key] = plain(was)
    if (after && key in after) changedAfter[key] = plain(is)
  }
  const orNull = (fields: Fields) => (Object.keys(fields).length > 0 ? fields : null)
  return { before: orNull(changedBefore), after: orNull(changedAfter) }
}

/** Writes one audit row in the caller's transaction (or alone, for a failed sign-in). */
export async function recordAudit(tx: Tx | Db, record: AuditRecord): Promise<void> {
  const changed = diff(record.before, record.after)
  await tx.insert(operatorAuditLog).values({
    operatorId: record.operator.operatorId,
    operatorEmail: record.operator.email,
    role: record.operator.role,
    action: record.action,
    target: record.target ?? null,
    before: changed.before,
    after: changed.after,
    reason: record.reason ?? null,
    ip: record.ip ?? null,
  })
}

/** The acting operator of a request, as the audit log names them: what a route hands its service. */
export const actorOf = (request: FastifyRequest): Actor => ({
  operatorId: request.operator?.operatorId ?? null,
  email: request.operator?.email ?? null,
  role: request.operator?.role ?? null,
  ip: request.ip,
})

export async function listAudit(db: Db, query: AuditQuery) {
  const conditions: (SQL | undefined)[] = [
    query.action ? eq(operatorAuditLog.action, query.action) : undefined,
    query.operatorId ? eq(operatorAuditLog.operatorId, query.operatorId) : undefined,
    query.target ? eq(operatorAuditLog.target, query.target) : undefined,
    query.from ? gte(operatorAuditLog.at, new Date(query.from)) : undefined,
    query.to ? lte(operatorAuditLog.at, new Date(query.to)) : undefined,
  ]
  const where = and(...conditions)
  const rows = await db
    .select()
    .from(operatorAuditLog)
    .where(where)
    .orderBy(desc(operatorAuditLog.at), desc(operatorAuditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  const items: AuditEntry[] = rows.map((row) => ({ ...row, at: row.at.toISOString() }))
  return {
    items,
    total: await db.$count(operatorAuditLog, where),
    page: query.page,
    pageSize: query.pageSize,
  }
}

// The audit log: every operator write and every operator sign-in, append-only.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { PageQuery, pageOf } from '../pagination.ts'
import { OperatorRole } from './permissions.ts'

export const AuditEntry = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  /** Null for a failed sign-in with an unknown email. */
  operatorId: z.uuid().nullable(),
  operatorEmail: z.string().nullable(),
  role: OperatorRole.nullable(),
  /** What happened, e.g. `auth.sign-in`, `auth.sign-in-failed`, `customers.suspend`, `wallet.adjust`. */
  action: z.string(),
  /** What it happened to, e.g. `customer:<uuid>`; null for sign-ins. */
  target: z.string().nullable(),
  /** The values the write changed: before and after, only the fields that differ. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const AuditQuery = PageQuery.extend({
  action: text().max(64).optional(),
  operatorId: z.uuid().optional(),
  target: text().max(128).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
})
export type AuditQuery = z.infer<typeof AuditQuery>

export const listAudit = defineEndpoint({
  method: 'GET',
  path: '/admin/audit',
  summary: 'Audit log, newest first, filtered by action, operator, target and time',
  tags: ['admin'],
  auth: 'operator',
  permission: 'audit.read',
  query: AuditQuery,
  response: pageOf(AuditEntry),
})

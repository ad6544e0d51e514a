// Customers as operators read them (modules/admin asks through this module's index).
import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../platform/db/client.ts'
import { users } from './auth.schema.ts'
import { customerSessions } from './sessions.ts'

export type CustomerRow = {
  id: string
  email: string
  emailVerifiedAt: Date | null
  createdAt: Date
  suspendedAt: Date | null
  suspendReason: string | null
  totpEnabledAt: Date | null
}

const columns = {
  id: users.id,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
  suspendReason: users.suspendReason,
  totpEnabledAt: users.totpEnabledAt,
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/** Customers newest first: `q` is part of an email or a whole id; `status` active or suspended. */
export async function findCustomers(
  db: Db,
  query: { q?: string; status?: 'active' | 'suspended'; page: number; pageSize: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const q = query.q?.trim()
  const conditions: (SQL | undefined)[] = [
    q
      ? or(ilike(users.email, `%${escapeLike(q)}%`), UUID.test(q) ? eq(users.id, q.toLowerCase()) : undefined)
      : undefined,
    query.status === 'suspended'
      ? isNotNull(users.suspendedAt)
      : query.status === 'active'
        ? isNull(users.suspendedAt)
        : undefined,
  ]
  const where = and(...conditions)
  const rows = await db
    .select(columns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
  return { rows, total: await db.$count(users, where) }
}

export async function findCustomer(db: Db | Tx, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id))
  return row
}

/** The email of each of these customers, in one query (unknown ids are left out). */
export async function customerEmails(db: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, unique))
  return new Map(rows.map((row) => [row.id, row.email]))
}

/** Sessions that still open the customer console. */
export const liveSessionCount = (db: Db | Tx, userId: string): Promise<number> =>
  customerSessions.countLive(db, userId)

// Sessions of one kind of account (customers, operators), each kind in its own table with its own token
// prefix and clocks: a session is made with an opaque token of which only the SHA-256 is kept, lives
// until it is revoked, reaches its absolute expiry, or stays idle too long, and is looked up again on
// every request (no cache), so an ending takes effect on the very next one.
import { and, count, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../platform/db/client.ts'
import { hashToken, newToken } from './tokens.ts'

/** A kind's session table: these columns, and the one naming the account (`owner`, e.g. `user_id`). */
export type SessionTable = PgTable & {
  id: PgColumn
  tokenHash: PgColumn
  createdAt: PgColumn
  lastSeenAt: PgColumn
  expiresAt: PgColumn
  revokedAt: PgColumn
  ip: PgColumn
  userAgent: PgColumn
}

export type SessionKind<T extends SessionTable> = {
  table: T
  /** The column naming the account, and its key in an inserted row. */
  owner: { column: PgColumn; key: keyof T['$inferInsert'] & string }
  /** The token's prefix (`st_`, `op_`): it tells the kinds apart before any lookup. */
  prefix: string
  maxMs: number
  idleMs: number
}

/** Where a session signed in from, kept with it for the account's list of sessions. */
export type SessionClient = { ip: string; userAgent: string | null }

export type StartedSession = { token: string; sessionId: string; expiresAt: Date }

export type SessionRow = {
  id: string
  createdAt: Date
  lastSeenAt: Date
  expiresAt: Date
  ip: string | null
  userAgent: string | null
}

export function createSessionStore<T extends SessionTable>(kind: SessionKind<T>) {
  const { table, owner } = kind
  // The idle limit is the kind's constant, written into the SQL (never a value from a request).
  const live: SQL = and(
    isNull(table.revokedAt),
    gt(table.expiresAt, sql`now()`),
    gt(table.lastSeenAt, sql`now() - make_interval(secs => ${sql.raw(String(kind.idleMs / 1000))})`),
  ) as SQL
  const liveOf = (ownerId: string) => and(eq(owner.column, ownerId), live) as SQL
  const columns = {
    id: table.id,
    createdAt: table.createdAt,
    lastSeenAt: table.lastSeenAt,
    expiresAt: table.expiresAt,
    ip: table.ip,
    userAgent: table.userAgent,
  }

  return {
    /** Sessions that still open the console: not revoked, not expired, not idle too long. */
    live,
    liveOf,

    /** Starts a session for the account; the token is answered this once. */
    async start(db: Db | Tx, ownerId: string, client: SessionClient): Promise<StartedSession> {
      const token = newToken(kind.prefix)
      const expiresAt = new Date(Date.now() + kind.maxMs)
      const values = {
        [owner.key]: ownerId,
        tokenHash: hashToken(token),
        expiresAt,
        ip: client.ip,
        userAgent: client.userAgent,
      } as T['$inferInsert']
      const [session] = (await db.insert(table).values(values).returning({ id: table.id })) as {
        id: string
      }[]
      if (!session) throw new Error('session not created')
      return { token, sessionId: session.id, expiresAt }
    },

    /** The live session a token names, marked seen (its idle clock restarts); null for any other. */
    async resolve(db: Db, token: string): Promise<{ sessionId: string; ownerId: string } | null> {
      const [row] = (await db
        .update(table)
        .set({ lastSeenAt: sql`now()` } as never)
        .where(and(eq(table.tokenHash, hashToken(token)), live))
        .returning({ sessionId: table.id, ownerId: owner.column })) as {
        sessionId: string
        ownerId: string
      }[]
      return row ?? null
    },

    /** The account's live sessions, the most recently used first. */
    async list(db: Db | Tx, ownerId: string): Promise<SessionRow[]> {
      return (await db
        .select(columns)
        .from(table as PgTable)
        .where(liveOf(ownerId))
        .orderBy(desc(table.lastSeenAt), desc(table.createdAt))) as SessionRow[]
    },

    /** How many live sessions the account has. */
    async countLive(db: Db | Tx, ownerId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(table as PgTable)
        .where(liveOf(ownerId))
      return row?.value ?? 0
    },

    /**
     * Revokes the account's sessions that are not revoked yet: only `id` when given, all but `except`
     * when given, only live ones when `onlyLive`. Answers those it ended.
     */
    async revoke(
      db: Db | Tx,
      ownerId: string,
      which: { id?: string; except?: string | null; onlyLive?: boolean } = {},
    ): Promise<{ id: string; revokedAt: Date }[]> {
      return (await db
        .update(table)
        .set({ revokedAt: sql`now()` } as never)
        .where(
          and(
            which.id === undefined ? undefined : eq(table.id, which.id),
            which.onlyLive ? liveOf(ownerId) : and(eq(owner.column, ownerId), isNull(table.revokedAt)),
            which.except ? ne(table.id, which.except) : undefined,
          ),
        )
        .returning({ id: table.id, revokedAt: table.revokedAt })) as { id: string; revokedAt: Date }[]
    },
  }
}

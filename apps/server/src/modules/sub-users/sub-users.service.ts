// Creating and managing sub-users. Every change lands in credential_changes (a trigger, migration
// 0026), so the nodes take it at their next pull, within seconds. Another customer's sub-user
// answers 404 exactly like one that does not exist, and so does a deleted one.
import type {
  CreateSubUserInput,
  SubUser,
  SubUserListQuery,
  SubUserWithPassword,
  UpdateSubUserInput,
} from '@proxy/contract/traffic/sub-users'
import { SUB_USERS_MAX } from '@proxy/contract/traffic/sub-users'
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm'
import { type Db, inTransaction, pgErrorCode, type Tx } from '../../platform/db/client.ts'
import { escapeLike } from '../../platform/db/sql.ts'
import { AppError } from '../../platform/errors.ts'
import { randomText } from '../../platform/random-text.ts'
import { isTrafficUsername } from '../traffic/index.ts'
import { customerCalendar, type SubUserRow, toSubUser } from './sub-user-view.ts'
import { subUsers } from './sub-users.schema.ts'

// The static IPs' credential alphabet: no 0/O or 1/l/I to misread when typed into a tool.
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const newPassword = () => randomText(PASSWORD_ALPHABET, 16)

const ownLive = (userId: string, id: string) =>
  and(eq(subUsers.id, id), eq(subUsers.userId, userId), isNull(subUsers.deletedAt))

async function view(db: Db | Tx, row: SubUserRow): Promise<SubUser> {
  return toSubUser(row, await customerCalendar(db, row.userId))
}

export async function listSubUsers(db: Db, userId: string, query: SubUserListQuery) {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : undefined
  const where = and(
    eq(subUsers.userId, userId),
    isNull(subUsers.deletedAt),
    pattern ? or(ilike(subUsers.username, pattern), ilike(subUsers.note, pattern)) : undefined,
  )
  const [rows, [total], calendar] = await Promise.all([
    db
      .select()
      .from(subUsers)
      .where(where)
      .orderBy(desc(subUsers.createdAt), desc(subUsers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(subUsers).where(where),
    customerCalendar(db, userId),
  ])
  return {
    items: rows.map((row) => toSubUser(row, calendar)),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    max: SUB_USERS_MAX,
    timeZone: calendar.zone,
  }
}

/** Whether the customer has this sub-user, not deleted (another customer's is not theirs). */
export async function hasSubUser(db: Db | Tx, userId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: subUsers.id }).from(subUsers).where(ownLive(userId, id))
  return row !== undefined
}

export async function getSubUser(db: Db, userId: string, id: string): Promise<SubUser> {
  const [row] = await db.select().from(subUsers).where(ownLive(userId, id))
  if (!row) throw new AppError('NOT_FOUND')
  return view(db, row)
}

/** The username is free on the pool: no traffic account has it (sub-users: the unique index). */
async function claimUsername(tx: Tx, username: string) {
  if (await isTrafficUsername(tx, username)) throw new AppError('SUB_USERNAME_TAKEN')
}

/** A unique violation on the username is the other way to learn it is taken. */
async function usernameGuarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new AppError('SUB_USERNAME_TAKEN')
    throw error
  }
}

const settingsOf = (input: Omit<UpdateSubUserInput, 'username' | 'disabled'>) => ({
  ...(input.note !== undefined && { note: input.note }),
  ...(input.limit !== undefined && {
    limitBytes: input.limit === null ? null : BigInt(input.limit.bytes),
    limitPeriod: input.limit?.period ?? null,
  }),
  ...(input.maxTunnels !== undefined && { maxTunnels: input.maxTunnels }),
  ...(input.autoStopBytes !== undefined && {
    autoStopBytes: input.autoStopBytes === null ? null : BigInt(input.autoStopBytes),
  }),
})

export function createSubUser(
  db: Db,
  userId: string,
  input: CreateSubUserInput,
): Promise<SubUserWithPassword> {
  return usernameGuarded(() =>
    inTransaction(db, async (tx) => {
      // Serialises one customer's creations, so two at once cannot both take the last place.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sub_users'), hashtext(${userId}))`)
      const [{ value } = { value: 0 }] = await tx
        .select({ value: count() })
        .from(subUsers)
        .where(and(eq(subUsers.userId, userId), isNull(subUsers.deletedAt)))
      if (value >= SUB_USERS_MAX) throw new AppError('SUB_USERS_FULL', { max: SUB_USERS_MAX })
      await claimUsername(tx, input.username)
      const password = newPassword()
      const [row] = await tx
        .insert(subUsers)
        .values({ userId, username: input.username, password, ...settingsOf(input) })
        .returning()
      if (!row) throw new Error('sub-user not created')
      return { ...(await view(tx, row)), password }
    }),
  )
}

export function updateSubUser(
  db: Db,
  userId: string,
  id: string,
  input: UpdateSubUserInput,
): Promise<SubUser> {
  return usernameGuarded(() =>
    inTransaction(db, async (tx) => {
      if (input.username !== undefined) await claimUsername(tx, input.username)
      const [row] = await tx
        .update(subUsers)
        .set({
          ...(input.username !== undefined && { username: input.username }),
          ...settingsOf(input),
          ...(input.disabled !== undefined && {
            disabledAt: input.disabled ? sql`coalesce(${subUsers.disabledAt}, now())` : null,
          }),
        })
        .where(ownLive(userId, id))
        .returning()
      if (!row) throw new AppError('NOT_FOUND')
      return view(tx, row)
    }),
  )
}

/** Deleted, not erased: the nodes drop it at their next pull; its usage stays in the history. */
export async function deleteSubUser(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .update(subUsers)
    .set({ deletedAt: sql`now()` })
    .where(ownLive(userId, id))
    .returning({ id: subUsers.id })
  if (deleted.length === 0) throw new AppError('NOT_FOUND')
}

export async function resetSubUserPassword(db: Db, userId: string, id: string): Promise<SubUserWithPassword> {
  const password = newPassword()
  const [row] = await db.update(subUsers).set({ password }).where(ownLive(userId, id)).returning()
  if (!row) throw new AppError('NOT_FOUND')
  return { ...(await view(db, row)), password }
}

/** Lifts today's auto-stop pause (the cap holds again from the next local day). */
export async function liftSubUserAutoStop(db: Db, userId: string, id: string): Promise<SubUser> {
  const calendar = await customerCalendar(db, userId)
  const [row] = await db
    .update(subUsers)
    .set({ liftedOn: calendar.day })
    .where(ownLive(userId, id))
    .returning()
  if (!row) throw new AppError('NOT_FOUND')
  return toSubUser(row, calendar)
}

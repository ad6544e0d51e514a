// The customer's saved time zone as a SQL fragment, for other modules' statements that count days in
// it (sub-users' daily limits and auto-stop) without naming the users table themselves.
import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/** The IANA zone the customer (the user id in `userId`) saved, or null when none is saved. */
export const timeZoneOf = (userId: AnyPgColumn | SQL): SQL<string | null> =>
  sql<string | null>`(select u.time_zone from users u where u.id = ${userId})`

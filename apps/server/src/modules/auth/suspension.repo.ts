// The customer's suspension as a SQL fragment, for other modules' statements that must leave a
// suspended customer's rows out (what the nodes serve) without naming the users table themselves.
import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/** True for a row whose customer (the user id in `userId`) is not suspended. */
export const isNotSuspended = (userId: AnyPgColumn | SQL): SQL =>
  sql`not exists (select 1 from users u where u.id = ${userId} and u.suspended_at is not null)`

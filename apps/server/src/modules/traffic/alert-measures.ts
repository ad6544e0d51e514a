// What the alerts job measures of the traffic, as columns of its own query over every rule of a kind
// (one statement for all customers, not one per customer): the bytes left and the bytes bought in
// each customer's live packages.
import { type AnyColumn, getTableName, type SQL, sql } from 'drizzle-orm'
import { trafficPackages } from './traffic.schema.ts'

/** `"table"."column"`: a bare column inside the subquery would name the packages' own user_id. */
const qualified = (column: AnyColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`

const liveSum = (owner: AnyColumn, now: Date, summed: SQL) =>
  sql`(select coalesce(sum(${summed}), 0)::bigint from ${trafficPackages} as p
    where p.user_id = ${qualified(owner)} and p.status = 'active' and p.expires_at > ${now.toISOString()}::timestamptz)`

/** Bytes left in the live packages (active, unexpired at `now`) of the customer in `owner`. */
export const liveBytesLeftOf = (owner: AnyColumn, now: Date) =>
  liveSum(owner, now, sql`p.total_bytes - p.used_bytes`)

/** Bytes bought in the same live packages: what a share left is a share of. */
export const liveBytesBoughtOf = (owner: AnyColumn, now: Date) => liveSum(owner, now, sql`p.total_bytes`)

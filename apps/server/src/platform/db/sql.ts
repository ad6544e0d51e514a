// SQL pieces every module writes the same way.
import { sql } from 'drizzle-orm'

/** `= any($1::uuid[])` with the ids as one array parameter: a list of any length is one bind value. */
export const anyUuid = (ids: string[]) => sql`any(${sql.param(ids)}::uuid[])`

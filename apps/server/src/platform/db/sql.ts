// SQL pieces every module writes the same way.
import { sql } from 'drizzle-orm'

/** `= any($1::uuid[])` with the ids as one array parameter: a list of any length is one bind value. */
export const anyUuid = (ids: string[]) => sql`any(${sql.param(ids)}::uuid[])`

/** Both drivers answer { rows } from a raw statement (the shared Db type cannot know which). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** `text` for a LIKE pattern, its wildcards taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

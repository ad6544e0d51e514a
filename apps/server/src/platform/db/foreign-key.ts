// A foreign key to a table of a module that calls this one, named by table and column. A schema
// importing the caller's schema for it would make the two modules depend on each other
// (scripts/check-module-cycles.mjs); the constraint drizzle-kit writes is the same either way.
import { type PgColumn, pgTable, text, uuid } from 'drizzle-orm/pg-core'

/** The column `table.column` for `.references(…)`, of type text or uuid as the real one is. */
export function foreignColumn(table: string, column: string, type: 'text' | 'uuid'): () => PgColumn {
  // Not exported from any *.schema.ts, so drizzle-kit never takes it for a table of its own.
  const stub = pgTable(table, { key: type === 'uuid' ? uuid(column) : text(column) })
  return () => stub.key
}

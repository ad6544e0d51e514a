// Where the test databases come from: a migrated PGlite template loaded per file, or a fresh
// PostgreSQL database per file cloned from a migrated template database.
export const isPostgresRun = () => process.env.TEST_DB === 'postgres'

export const postgresUrl = (database?: string) => {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
  if (database) url.pathname = `/${database}`
  return url.toString()
}

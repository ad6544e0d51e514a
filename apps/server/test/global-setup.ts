// Builds one migrated database template per run; each test file then gets its own copy quickly
// (creating a PGlite database costs seconds and ~900 MB, loading a dump costs far less).
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPostgres } from '../src/platform/db/client.ts'
import { writePgliteTemplate } from './pglite-template.ts'
import { isPostgresRun, postgresUrl } from './test-db.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
  }
}

export default async function setup(project: TestProject) {
  if (isPostgresRun()) {
    const template = `proxy_console_tpl_${process.pid}`
    const admin = new pg.Client({ connectionString: postgresUrl() })
    await admin.connect()
    await admin.query(`create database ${template}`)
    const database = await openPostgres(postgresUrl(template), 1)
    await database.close()
    project.provide('postgresTemplate', template)
    return async () => {
      // Only this run's databases (named after its template): another run may be using its own.
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database')
      const ours = rows
        .map((row) => row.datname)
        .filter((name) => name === template || name.startsWith(`${template}_`))
      for (const name of ours) await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  }
  const path = join(tmpdir(), `proxy-console-pglite-${process.pid}.tar.gz`)
  await writePgliteTemplate(path)
  project.provide('pgliteTemplate', path)
  return () => rmSync(path, { force: true })
}

// A migrated PGlite database as a gzip dump, made once per test run, and new databases loaded from
// it: creating and migrating a PGlite costs seconds of CPU and ~900 MB, loading the dump far less.
import { readFileSync, writeFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { openPglite, pgliteExtensions } from '../src/platform/db/client.ts'

/** Creates and migrates a PGlite database, and writes it to `path` as a gzip dump. */
export async function writePgliteTemplate(path: string) {
  const client = await PGlite.create({ extensions: await pgliteExtensions() })
  const database = await openPglite({ client })
  const dump = await client.dumpDataDir('gzip')
  await database.close()
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
}

/** A PGlite client loaded from the dump at `template`, or a new empty one without it (openPglite migrates either). */
export async function createPglite(template?: string) {
  const extensions = await pgliteExtensions()
  if (!template) return PGlite.create({ extensions })
  return PGlite.create({ loadDataDir: new Blob([readFileSync(template)]), extensions })
}

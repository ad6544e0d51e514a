// Writes a migrated PGlite database, as a gzip dump, to the path given: the gateway's test run has
// its API fixtures (gateway-fixture.ts) load it instead of each migrating a database of its own.
import { writePgliteTemplate } from './pglite-template.ts'

const [path] = process.argv.slice(2)
if (!path) throw new Error('usage: write-pglite-template.ts <path>')
await writePgliteTemplate(path)

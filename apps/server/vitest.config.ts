import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import { engineSensitiveFiles } from './test/engines.ts'

// TEST_DB=postgres runs the suites against PostgreSQL; TEST_SCOPE=engines only the files of
// test/engines.ts (PGlite's share when PostgreSQL runs the rest). test/run.ts chooses.
const renamed = engineSensitiveFiles.filter((file) => !existsSync(resolve(import.meta.dirname, file)))
if (renamed.length > 0)
  throw new Error(`test/engines.ts names files that do not exist: ${renamed.join(', ')}`)

export default defineConfig({
  test: {
    include: process.env.TEST_SCOPE === 'engines' ? engineSensitiveFiles : ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker keeps its imported modules from file to file (every file still opens its own
    // database): re-importing the server's ~900 modules per file cost a quarter of the suite's time.
    isolate: false,
  },
})

import { defineConfig } from 'vitest/config'

// TEST_DB=postgres runs the same suites against PostgreSQL (see test/postgres-run.ts).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker keeps its imported modules from file to file (every file still opens its own
    // database): re-importing the server's ~900 modules per file cost a quarter of the suite's time.
    isolate: false,
  },
})

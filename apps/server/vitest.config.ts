import { defineConfig } from 'vitest/config'

// TEST_DB=postgres runs the same suites against PostgreSQL (see test/postgres-run.ts).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})

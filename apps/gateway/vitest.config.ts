import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One migrated database per run for the API fixtures (src/sync/test-api.ts) to load.
    globalSetup: ['src/sync/test-api-template.ts'],
    setupFiles: ['src/sync/test-api-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})

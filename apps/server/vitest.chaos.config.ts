import { defineConfig } from 'vitest/config'

// The chaos suite (test/chaos): real server processes killed with SIGKILL on PostgreSQL. `npm test`
// runs its short variant; `npm run test:chaos` the long one (CHAOS_PROFILE=long).
export default defineConfig({
  test: {
    include: ['test/chaos/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 120_000,
  },
})

import { defineConfig } from 'vitest/config'

// `npm run test:cluster`: the cluster test starts real processes (PostgreSQL database, replicas,
// HAProxy, gateway), so files run one at a time in their own process.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})

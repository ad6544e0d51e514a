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
    // Files run side by side: each listens on addresses of its own (startApi's firstAddress, its own
    // sink host, ports the kernel picks). They spend most of their time waiting on other processes
    // (the API fixture, the gateway, v2ray, curl) and on pull and push intervals, so on 2 cores three
    // at a time beat two (78-111 s against 85-163 s on a busy machine; one at a time took 147-229 s).
    maxWorkers: 3,
  },
})

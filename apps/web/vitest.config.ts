// Two projects: fast jsdom unit tests, and browser journeys against the real server (run after `vite build`).
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          // Both cores, and each worker keeps jsdom and node_modules from file to file (importing antd and
          // setting up jsdom for every file was most of the run); src/test/fresh-file.ts resets the rest per file.
          maxWorkers: 2,
          isolate: false,
          setupFiles: ['src/test/fresh-file.ts', 'src/test/setup.ts'],
          sequence: { setupFiles: 'list' },
          // Node loads 'antd' as its CommonJS build here (the browser build uses antd/es): the App context that
          // shared/feedback/lazy-app.tsx provides must be the one App.useApp() reads.
          alias: [{ find: /^antd\/es\/app\/context$/, replacement: 'antd/lib/app/context' }],
          // antd pages under jsdom take seconds each on a 2-core runner; 5 s failed them under load.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Two files at a time, each against its worker's own server (support/global-setup.ts): a journey mostly
          // waits on the browser and the server, so one file at a time left the cores half idle.
          maxWorkers: 2,
          // A page under a loaded 2-core runner can take longer than expect.poll's 1 s default.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
})

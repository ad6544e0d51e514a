// The server of this file's worker: global-setup starts one per e2e worker, so files that run at the same time
// never see each other's customers, stock, audit log or operator.
import { inject } from 'vitest'
import type { E2EServer } from './global-setup.ts'

export const testServer = (): E2EServer => {
  const servers = inject('servers')
  // VITEST_POOL_ID: 1 … maxWorkers, distinct among the files running at one time.
  const server = servers[Number(process.env.VITEST_POOL_ID ?? '1') - 1]
  if (server === undefined)
    throw new Error(`No e2e server for worker ${process.env.VITEST_POOL_ID} of ${servers.length}`)
  return server
}

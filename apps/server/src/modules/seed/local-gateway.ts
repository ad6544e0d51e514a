// `npm start` in development runs one proxy gateway beside the server (a child process, never part
// of buildApp, so parallel test servers do not fight over 127.0.0.x ports): what a customer buys on
// this machine answers on this machine. In production the gateway runs on each proxy node instead.
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { demoNodeTokenFile, ensureDemoNode } from './demo-node.ts'

const GATEWAY_ENTRY = resolve(import.meta.dirname, '../../../../gateway/src/main.ts')

export async function startLocalGateway(
  db: Db,
  options: { dataDir: string; apiUrl: string; log: FastifyBaseLogger },
): Promise<ChildProcess> {
  await ensureDemoNode(db, options.dataDir)
  const tokenFile = demoNodeTokenFile(options.dataDir)
  // The flag `npm run gateway` uses too: a fresh gateway otherwise runs major GCs all the time.
  const child = spawn(process.execPath, ['--initial-old-space-size=64', '--import', 'tsx', GATEWAY_ENTRY], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      GATEWAY_API_URL: options.apiUrl,
      GATEWAY_NODE_TOKEN: readFileSync(tokenFile, 'utf8').trim(),
      // The demo stock and the traffic account live on loopback addresses of this machine.
      GATEWAY_ADDRESSES: '127.0.0.0/8',
      GATEWAY_ALLOW_PRIVATE: 'true',
      GATEWAY_SPOOL_DIR: join(options.dataDir, 'gateway-spool'),
    },
  })
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGTERM') options.log.warn({ code, signal }, 'the local gateway stopped')
  })
  return child
}

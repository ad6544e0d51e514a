// `npm start` in development runs one proxy gateway beside the server (a child process, never part
// of buildApp, so parallel test servers do not fight over 127.0.0.x ports): what a customer buys on
// this machine answers on this machine. In production the gateway runs on each proxy node instead.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import { DEMO_STOCK_RANGES } from './demo-catalog.ts'
import { demoNodeTokenFile, ensureDemoNode } from './demo-node.ts'

const GATEWAY_DIR = resolve(import.meta.dirname, '../../../../gateway')

/**
 * The compiled server (apps/server/dist, `npm start`) runs the compiled gateway with plain node; the
 * server run from source (tsx: `npm run dev`, tests) runs the gateway's source the same way.
 */
export function gatewayCommand(compiled = import.meta.filename.endsWith('.js')): string[] {
  // The flag `npm run gateway` uses too: a fresh gateway otherwise runs major GCs all the time.
  const flags = ['--initial-old-space-size=64']
  if (!compiled) return [...flags, '--import', 'tsx', join(GATEWAY_DIR, 'src/main.ts')]
  const entry = join(GATEWAY_DIR, 'dist/main.js')
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`)
  return [...flags, entry]
}

export async function startLocalGateway(
  db: Db,
  options: { dataDir: string; apiUrl: string; log: FastifyBaseLogger },
): Promise<ChildProcess> {
  await ensureDemoNode(db, options.dataDir)
  const tokenFile = demoNodeTokenFile(options.dataDir)
  const child = spawn(process.execPath, gatewayCommand(), {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      GATEWAY_API_URL: options.apiUrl,
      GATEWAY_NODE_TOKEN: readFileSync(tokenFile, 'utf8').trim(),
      // The demo stock and the pool live on loopback addresses of this machine: those are the node's
      // (refused as destinations); the rest of loopback stays reachable for local test services.
      GATEWAY_ADDRESSES: DEMO_STOCK_RANGES,
      GATEWAY_ALLOW_PRIVATE: 'true',
      GATEWAY_SPOOL_DIR: join(options.dataDir, 'gateway-spool'),
    },
  })
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGTERM') options.log.warn({ code, signal }, 'the local gateway stopped')
  })
  return child
}

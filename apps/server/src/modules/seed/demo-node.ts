// A demo server registers one node, the one that serves the demo stock on this machine, and leaves
// its token in the data directory: the local gateway (`npm start`) and `node:simulate` both act as
// it while the server holds the (PGlite) database. Never in production: the seed itself is off there.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Db } from '../../platform/db/client.ts'
import { addNode, isLiveNodeToken } from '../nodes/index.ts'

/** The node the demo stock's inventory rows name: the gateway `npm start` runs, or `node:simulate`. */
export const DEMO_NODE_NAME = 'local'
export const demoNodeTokenFile = (dataDir: string) => join(dataDir, 'demo-node.token')

/** Keeps the token file pointing at a live node; creates the node (and file) when either is missing. */
export async function ensureDemoNode(db: Db, dataDir: string): Promise<boolean> {
  const file = demoNodeTokenFile(dataDir)
  const saved = existsSync(file) ? readFileSync(file, 'utf8').trim() : ''
  if (saved && (await isLiveNodeToken(db, saved))) return false
  const { token } = await addNode(db, DEMO_NODE_NAME, 'localhost')
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${token}\n`, { mode: 0o600 })
  return true
}

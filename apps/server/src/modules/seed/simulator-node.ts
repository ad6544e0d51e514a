// Demo servers register a node for `node:simulate` and leave its token in the data directory, so
// the simulation works while the server holds the (PGlite) database. Never in production: the seed
// itself is off there.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { hashToken } from '../auth/tokens.ts'
import { nodes } from '../nodes/nodes.schema.ts'
import { addNode } from '../nodes/nodes.service.ts'

export const SIMULATOR_NODE_NAME = 'demo-simulator'
export const simulatorTokenFile = (dataDir: string) => join(dataDir, 'simulator-node.token')

/** Keeps the token file pointing at a live node; creates the node (and file) when either is missing. */
export async function ensureSimulatorNode(db: Db, dataDir: string): Promise<boolean> {
  const file = simulatorTokenFile(dataDir)
  const saved = existsSync(file) ? readFileSync(file, 'utf8').trim() : ''
  if (saved) {
    const [live] = await db
      .select({ id: nodes.id })
      .from(nodes)
      .where(and(eq(nodes.tokenHash, hashToken(saved)), isNull(nodes.revokedAt)))
    if (live) return false
  }
  const { token } = await addNode(db, SIMULATOR_NODE_NAME, 'localhost')
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, `${token}\n`, { mode: 0o600 })
  return true
}

// Demo servers register nodes for `node:simulate` and for the local gateway and leave their tokens
// in the data directory, so both work while the server holds the (PGlite) database. Never in
// production: the seed itself is off there.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../platform/db/client.ts'
import { hashToken } from '../auth/tokens.ts'
import { nodes } from '../nodes/nodes.schema.ts'
import { addNode } from '../nodes/nodes.service.ts'

export const SIMULATOR_NODE_NAME = 'demo-simulator'
export const simulatorTokenFile = (dataDir: string) => join(dataDir, 'simulator-node.token')
/** The gateway `npm start` runs beside a development server: a node of its own. */
export const LOCAL_GATEWAY_NODE_NAME = 'local-gateway'
export const localGatewayTokenFile = (dataDir: string) => join(dataDir, 'local-gateway-node.token')

export const ensureSimulatorNode = (db: Db, dataDir: string) =>
  ensureDemoNode(db, simulatorTokenFile(dataDir), SIMULATOR_NODE_NAME)

/** Keeps the token file pointing at a live node; creates the node (and file) when either is missing. */
export async function ensureDemoNode(db: Db, file: string, name: string): Promise<boolean> {
  const saved = existsSync(file) ? readFileSync(file, 'utf8').trim() : ''
  if (saved) {
    const [live] = await db
      .select({ id: nodes.id })
      .from(nodes)
      .where(and(eq(nodes.tokenHash, hashToken(saved)), isNull(nodes.revokedAt)))
    if (live) return false
  }
  const { token } = await addNode(db, name, 'localhost')
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${token}\n`, { mode: 0o600 })
  return true
}

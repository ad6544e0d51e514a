// For the gateway's tests and bench: the real API over an in-memory PGlite, in a process of its own
// (the gateway talks to the server only over HTTP, its tests included). It registers a node, stocks
// a region on loopback addresses (and pool exits), and answers the parent's setup requests over
// IPC: fund a wallet (an operator's adjustment), read the database, sign an operator in, and
// register another node with a region of its own (answering what `node:add` prints for it).
// Started with FIXTURE_OPTIONS = {"firstAddress": n, "addressPrefix": "127.0.0.", "poolExits": [...],
// "template": path, "host": "127.0.0.1", "config": {…}}; answers {ready, …} first.
import { buildApp } from '../src/app.ts'
import { nodeEnvironment } from '../src/modules/nodes/node-env.ts'
import { addNode } from '../src/modules/nodes/nodes.service.ts'
import { seedDemoCatalog } from '../src/modules/seed/demo-catalog.ts'
import { importInventoryCsv } from '../src/modules/static-ip/inventory.service.ts'
import { regions } from '../src/modules/static-ip/static-ip.schema.ts'
import { loadConfig } from '../src/platform/config.ts'
import { type Db, openPglite } from '../src/platform/db/client.ts'
import { creditWallet, testRegion } from './fixtures.ts'
import { createOperator, sessionCookieOf, totpAt } from './operators.ts'
import { createPglite } from './pglite-template.ts'

export type FixtureOptions = {
  firstAddress?: number
  /** The stock's first three octets and a dot (default `127.0.0.`: loopback). */
  addressPrefix?: string
  poolExits?: string[]
  /** A migrated database dump to load (write-pglite-template.ts), instead of migrating a new database. */
  template?: string
  /** Where the API listens (default 127.0.0.1). */
  host?: string
  /** Server settings over the test defaults, e.g. NODE_DOWN_AFTER_SECONDS. */
  config?: Record<string, string>
}
export type FixtureRequest =
  | { id: number; op: 'fund'; userId: string; cents: number }
  | { id: number; op: 'query'; text: string; params: unknown[] }
  | { id: number; op: 'operator' }
  | { id: number; op: 'node'; name: string; addressPrefix: string; firstAddress: number; count: number }
  | { id: number; op: 'close' }
export type FixtureReady = { ready: true; baseUrl: string; nodeToken: string; region: string }
export type FixtureAnswer = { id: number; result?: unknown; error?: string }
export type FixtureNode = { region: string; environment: string }

/** A region stocked with `count` addresses from <prefix><firstAddress> on `node`, each on port 1080, and the pool's exits. */
async function stockRegion(
  db: Db,
  count: number,
  prefix: string,
  firstAddress: number,
  poolExits: string[],
  node = 'gateway-sync',
) {
  const id = `gw-${crypto.randomUUID().slice(0, 8)}`
  await db.insert(regions).values(testRegion(id))
  const lines = [
    ...Array.from({ length: count }, (_, i) => `${id},${prefix}${i + firstAddress},1080,${node},static`),
    ...poolExits.map((ip) => `${id},${ip},1,${node},pool`),
  ]
  const result = await importInventoryCsv(db, ['region_id,ip,port,node,purpose', ...lines].join('\n'))
  if (result.imported !== lines.length) throw new Error(`stocking failed: ${JSON.stringify(result.rejected)}`)
  return id
}

const options = JSON.parse(process.env.FIXTURE_OPTIONS ?? '{}') as FixtureOptions
const client = await createPglite(options.template)
const database = await openPglite({ client })
const app = await buildApp(
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...options.config }),
  database,
)
const host = options.host ?? '127.0.0.1'
await app.listen({ port: 0, host })
const address = app.server.address()
if (!address || typeof address === 'string') throw new Error('no port')
const node = await addNode(database.db, 'gateway-sync', '127.0.0.1')
const region = await stockRegion(
  database.db,
  10,
  options.addressPrefix ?? '127.0.0.',
  options.firstAddress ?? 2,
  options.poolExits ?? [],
)
const baseUrl = `http://${host}:${address.port}`

/** Another node, its own region stocked on its addresses, and what `node:add` prints for its host. */
async function anotherNode(request: Extract<FixtureRequest, { op: 'node' }>): Promise<FixtureNode> {
  const added = await addNode(database.db, request.name, `${request.name}.example.com`)
  const { addressPrefix, firstAddress, count, name } = request
  return {
    region: await stockRegion(database.db, count, addressPrefix, firstAddress, [], name),
    environment: nodeEnvironment({ name, host: `${name}.example.com`, apiUrl: baseUrl, token: added.token }),
  }
}

/** A new operator signed in over HTTP, as the console does: the cookie header its writes carry. */
async function operatorCookie() {
  const operator = await createOperator(database.db, 'operator')
  const answer = await fetch(`${baseUrl}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: operator.email, password: operator.password, totp: totpAt(operator) }),
  })
  if (answer.status !== 200) throw new Error(`operator sign-in answered ${answer.status}`)
  return sessionCookieOf(answer.headers)
}
await seedDemoCatalog(database.db)

async function close() {
  await app.close()
  await database.close()
}

process.on('message', async (request: FixtureRequest) => {
  const answer = (reply: Omit<FixtureAnswer, 'id'>) => process.send?.({ id: request.id, ...reply })
  try {
    if (request.op === 'fund')
      answer({ result: await creditWallet(database.db, request.userId, request.cents) })
    else if (request.op === 'query')
      answer({ result: (await client.query(request.text, request.params)).rows })
    else if (request.op === 'operator') answer({ result: await operatorCookie() })
    else if (request.op === 'node') answer({ result: await anotherNode(request) })
    else {
      await close()
      process.exit(0)
    }
  } catch (error) {
    answer({ error: (error as Error).message })
  }
})
// The parent is gone (a test runner killed mid-run): nothing to serve.
process.on('disconnect', () => void close().finally(() => process.exit(0)))
process.send?.({
  ready: true,
  baseUrl,
  nodeToken: node.token,
  region,
} satisfies FixtureReady)

// For the sync tests: the real API in-process on 127.0.0.1 over a fresh PGlite, a node token, and
// customers with a socks5 static IP (on loopback addresses 127.0.0.x) or a traffic package. Stocking
// and funding copy the server's test/static-ip.ts rather than import it: it imports test-server.ts,
// whose `inject('pgliteTemplate')` type-checks only beside the server's vitest global setup.
import { PGlite } from '@electric-sql/pglite'
import { buildApp } from '../../../server/src/app.ts'
import {
  postLedgerTransaction,
  systemAccountId,
  walletAccountId,
} from '../../../server/src/modules/ledger/ledger.service.ts'
import { addNode } from '../../../server/src/modules/nodes/nodes.service.ts'
import { seedDemoCatalog } from '../../../server/src/modules/seed/demo-catalog.ts'
import { importInventoryCsv } from '../../../server/src/modules/static-ip/inventory.service.ts'
import { regions } from '../../../server/src/modules/static-ip/static-ip.schema.ts'
import { loadConfig } from '../../../server/src/platform/config.ts'
import { type Db, inTransaction, openPglite } from '../../../server/src/platform/db/client.ts'

export type Instance = { id: string; ip: string; port: number; username: string; password: string }

export type Envelope<T> = { status: number; body: { code: number; message: string; data: T } }

/**
 * `firstAddress`: stock starts at 127.0.0.<firstAddress>, so test files that listen never collide.
 * `poolExits`: addresses the inventory marks as this node's rotating pool.
 */
export async function startApi(options: { firstAddress?: number; poolExits?: string[] } = {}) {
  const client = new PGlite()
  const database = await openPglite({ client })
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' })
  const app = await buildApp(config, database)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const baseUrl = `http://127.0.0.1:${address.port}`

  async function call<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<Envelope<T>> {
    const answer = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
    return { status: answer.status, body: (await answer.json()) as Envelope<T>['body'] }
  }
  const node = await addNode(database.db, 'gateway-sync', '127.0.0.1')
  const region = await stockRegion(database.db, 10, options.firstAddress ?? 2, options.poolExits ?? [])
  await seedDemoCatalog(database.db)

  let customers = 0
  /** A new customer with `cents` in the wallet. */
  async function customer(cents: number) {
    const email = `gw-${++customers}-${crypto.randomUUID().slice(0, 8)}@example.com`
    const registered = await call<{ token: string }>('POST', '/api/auth/register', {
      body: { email, password: 'correct horse battery' },
    })
    const token = registered.body.data.token
    const me = await call<{ id: string }>('GET', '/api/user/me', { token })
    await fund(database.db, me.body.data.id, cents)
    return { id: me.body.data.id, token }
  }

  /** A new customer who bought one static IP. */
  async function staticIpCustomer(protocol: 'socks5' | 'vmess' = 'socks5') {
    const { token } = await customer(25_00)
    const bought = await call<{ instances: Instance[] }>('POST', '/api/orders/static-ip', {
      token,
      body: { regionId: region, quantity: 1, durationDays: 30, protocol },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    const instance = bought.body.data?.instances[0]
    if (!instance) throw new Error(`purchase failed: ${JSON.stringify(bought.body)}`)
    return { token, instance }
  }

  /** A new customer whose traffic account holds one 10 GB package, or one of `packageBytes`. */
  async function trafficCustomer(options: { packageBytes?: number } = {}) {
    const { id, token } = await customer(30_00)
    const bought = await call('POST', '/api/orders/traffic', {
      token,
      body: { planId: 'gb-10', quantity: 1 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
    if (bought.status !== 200) throw new Error(`purchase failed: ${JSON.stringify(bought.body)}`)
    if (options.packageBytes !== undefined)
      await client.query('update traffic_packages set total_bytes = $1 where user_id = $2', [
        options.packageBytes,
        id,
      ])
    const account = await call<{ username: string; password: string }>('GET', '/api/user/traffic-account', {
      token,
    })
    return { id, token, username: account.body.data.username, password: account.body.data.password }
  }

  /** The customer's usage this hour and the next, as GET /api/proxy/instances/traffic-usage sums it. */
  async function usage(token: string) {
    const query = new URLSearchParams({
      from: new Date(Date.now() - 3600_000).toISOString(),
      to: new Date(Date.now() + 3600_000).toISOString(),
      granularity: 'hour',
    })
    const answer = await call<{ totals: { upBytes: number; downBytes: number } }>(
      'GET',
      `/api/proxy/instances/traffic-usage?${query}`,
      { token },
    )
    if (answer.status !== 200) throw new Error(`usage: ${JSON.stringify(answer.body)}`)
    return answer.body.data.totals
  }

  return {
    baseUrl,
    /** Reads the API's database directly, for what the API does not answer (a node's stored heartbeat). */
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    usage,
    nodeToken: node.token,
    call,
    staticIpCustomer,
    trafficCustomer,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

export type Api = Awaited<ReturnType<typeof startApi>>

/** A region stocked with `count` loopback addresses from 127.0.0.<firstAddress>, each on port 1080, and the pool's exits. */
async function stockRegion(db: Db, count: number, firstAddress: number, poolExits: string[]) {
  const id = `gw-${crypto.randomUUID().slice(0, 8)}`
  await db.insert(regions).values({
    id,
    countryCode: 'US',
    country: '美国',
    city: '洛杉矶',
    countryEn: 'United States',
    cityEn: 'Los Angeles',
    ispType: 'datacenter',
    protocols: ['socks5', 'vmess'],
    pricePer30Days: 25_00,
  })
  const lines = [
    ...Array.from({ length: count }, (_, i) => `${id},127.0.0.${i + firstAddress},1080,gateway-sync,static`),
    ...poolExits.map((ip) => `${id},${ip},1,gateway-sync,pool`),
  ]
  const result = await importInventoryCsv(db, ['region_id,ip,port,node,purpose', ...lines].join('\n'))
  if (result.imported !== lines.length) throw new Error(`stocking failed: ${JSON.stringify(result.rejected)}`)
  return id
}

/** Credits a customer's wallet through a ledger adjustment. */
async function fund(db: Db, userId: string, cents: number) {
  await inTransaction(db, async (tx) =>
    postLedgerTransaction(tx, {
      kind: 'adjustment',
      description: 'test credit',
      entries: [
        { accountId: await systemAccountId(tx, 'adjustments'), amount: -cents },
        { accountId: await walletAccountId(tx, userId), amount: cents },
      ],
    }),
  )
}

// For the sync tests and the bench: the real API, started as a process of its own over a fresh
// PGlite (apps/server/test/gateway-fixture.ts) with a node token and a region stocked on loopback
// addresses, and customers with a socks5 static IP (127.0.0.x) or a traffic package. The gateway
// reaches it over HTTP only, as a node does; wallet credits and database reads (an operator's
// setup) go to the fixture over IPC. A test run migrates one database for all its fixtures
// (writeApiTemplate, useApiTemplate); the bench, without one, has each fixture migrate its own.
import { fork, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import type { NodeRefusal } from '@proxy/contract/admin/nodes'
import type { DestinationDenyList } from '@proxy/contract/nodes/policy'

const FIXTURE = resolve(import.meta.dirname, '../../../server/test/gateway-fixture.ts')
const TEMPLATE_WRITER = resolve(import.meta.dirname, '../../../server/test/write-pglite-template.ts')
// By path: vitest's global setup, which writes the template, has no import.meta.resolve.
const TSX = createRequire(import.meta.url).resolve('tsx')
/** How long the fixture may take to start (migrations on a loaded machine). */
const START_MS = 60_000

type Ready = { ready: true; baseUrl: string; nodeToken: string; region: string }
type Answer = { id: number; result?: unknown; error?: string }

export type Instance = { id: string; ip: string; port: number; username: string; password: string }

export type Envelope<T> = { status: number; body: { code: number; message: string; data: T } }

/** Migrates one database and writes it to `path`, for every later fixture to load (see useApiTemplate). */
export async function writeApiTemplate(path: string) {
  const writer = spawn(process.execPath, ['--import', TSX, TEMPLATE_WRITER, path], { stdio: 'inherit' })
  const [code] = await once(writer, 'exit')
  if (code !== 0) throw new Error(`the API's database template was not written (exit ${code})`)
}

let template: string | undefined
/** Fixtures started from now on load the database at `path` (writeApiTemplate's) instead of migrating one. */
export const useApiTemplate = (path: string) => {
  template = path
}

/**
 * `firstAddress`: stock starts at <addressPrefix><firstAddress> (127.0.0.x by default), so test files
 * that listen never collide. `poolExits`: addresses the inventory marks as this node's rotating pool.
 * `netns`: the network namespace to run in (test-hosts.ts), `host` the address to listen on there,
 * `config` server settings over the test defaults.
 */
export async function startApi(
  options: {
    firstAddress?: number
    addressPrefix?: string
    poolExits?: string[]
    netns?: string
    host?: string
    config?: Record<string, string>
  } = {},
) {
  const { netns, ...fixtureOptions } = options
  const fixture = fork(FIXTURE, [], {
    // `ip netns exec` execs node in the namespace; the IPC channel's descriptor passes through.
    ...(netns
      ? { execPath: 'ip', execArgv: ['netns', 'exec', netns, process.execPath, '--import', TSX] }
      : { execArgv: ['--import', TSX] }),
    env: { ...process.env, FIXTURE_OPTIONS: JSON.stringify({ ...fixtureOptions, template }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Structured clone: rows keep their dates and bigints.
    serialization: 'advanced',
  })
  const ready = await new Promise<Ready>((done, fail) => {
    const timer = setTimeout(() => fail(new Error('the API fixture did not start')), START_MS)
    fixture.once('message', (message: Ready) => {
      clearTimeout(timer)
      done(message)
    })
    fixture.once('exit', (code) => fail(new Error(`the API fixture exited (${code}) before it was ready`)))
  })
  const { baseUrl, nodeToken, region } = ready
  let asked = 0
  const waiting = new Map<number, (answer: Answer) => void>()
  fixture.on('message', (message: Answer) => {
    waiting.get(message.id)?.(message)
    waiting.delete(message.id)
  })
  /** One setup request to the fixture (fund a wallet, read the database). */
  function ask<T>(request: Record<string, unknown>): Promise<T> {
    const id = ++asked
    return new Promise((done, fail) => {
      waiting.set(id, (answer) => (answer.error ? fail(new Error(answer.error)) : done(answer.result as T)))
      fixture.send({ id, ...request })
    })
  }

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
  const query = <T>(text: string, params: unknown[] = []) => ask<T[]>({ op: 'query', text, params })

  let customers = 0
  /** A new customer with `cents` in the wallet. */
  async function customer(cents: number) {
    const email = `gw-${++customers}-${crypto.randomUUID().slice(0, 8)}@example.com`
    const registered = await call<{ token: string }>('POST', '/api/auth/register', {
      body: { email, password: 'correct horse battery' },
    })
    const token = registered.body.data.token
    const me = await call<{ id: string }>('GET', '/api/user/me', { token })
    await ask({ op: 'fund', userId: me.body.data.id, cents })
    return { id: me.body.data.id, token }
  }

  /** A new customer who bought one static IP (in the fixture's region, or `regionId`). */
  async function staticIpCustomer(protocol: 'socks5' | 'vmess' = 'socks5', regionId = region) {
    const { token } = await customer(25_00)
    const bought = await call<{ instances: Instance[] }>('POST', '/api/orders/static-ip', {
      token,
      body: { regionId, quantity: 1, durationDays: 30, protocol },
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
      await query('update traffic_packages set total_bytes = $1 where user_id = $2', [
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

  let operator: Promise<string> | undefined
  /** A call to /api/admin as one operator signed in over HTTP, from the console's own page as a browser marks it. */
  async function asOperator<T>(method: string, path: string, body?: unknown) {
    operator ??= ask<string>({ op: 'operator' })
    const headers = { cookie: await operator, 'sec-fetch-site': 'same-origin' }
    const answer = await call<T>(method, path, { body, headers })
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(answer.body)}`)
    return answer.body.data
  }

  /** The credentials this fixture's node refused most, as the console's node page shows them. */
  async function nodeRefusals() {
    const { items } = await asOperator<{ items: { id: string; name: string }[] }>('GET', '/api/admin/nodes')
    const node = items.find((item) => item.name === 'gateway-sync')
    if (!node) throw new Error('the fixture has no node')
    return (await asOperator<{ items: NodeRefusal[] }>('GET', `/api/admin/nodes/${node.id}/refusals`)).items
  }

  return {
    baseUrl,
    asOperator,
    /**
     * Registers another node with a region of its own, `count` addresses from <addressPrefix><firstAddress>:
     * the region, and the environment `npm run cli -- node:add` prints for the node's host.
     */
    addNode: (name: string, stock: { addressPrefix: string; firstAddress: number; count: number }) =>
      ask<{ region: string; environment: string }>({ op: 'node', name, ...stock }),
    /** Sets the destination deny list in the console (PUT /api/admin/nodes/policy). */
    setDenyList: (list: DestinationDenyList) => asOperator('PUT', '/api/admin/nodes/policy', list),
    nodeRefusals,
    /** Reads the API's database directly, for what the API does not answer (a node's stored heartbeat). */
    query,
    usage,
    nodeToken,
    call,
    staticIpCustomer,
    trafficCustomer,
    /** The fixture closes the API and its database, and exits (killed if it takes over 10 s). */
    close: async () => {
      if (fixture.exitCode !== null || fixture.signalCode !== null) return
      const exited = new Promise((done) => fixture.once('exit', done))
      fixture.send({ id: ++asked, op: 'close' })
      const timer = setTimeout(() => fixture.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

export type Api = Awaited<ReturnType<typeof startApi>>

// Starts the real app on an ephemeral port against a fresh database, and speaks HTTP to it.

import { randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { inject } from 'vitest'
import { buildApp } from '../src/app.ts'
import { UNCLAIMED_KEY } from '../src/modules/idempotency/idempotency.ts'
import { loadConfig } from '../src/platform/config.ts'
import { type Database, openPglite, openPostgres } from '../src/platform/db/client.ts'
import { createPglite } from './pglite-template.ts'
import { isPostgresRun, postgresUrl } from './test-db.ts'

export type TestServer = Awaited<ReturnType<typeof startTestServer>>
export type Answer<T = unknown> = {
  status: number
  headers: Headers
  body: { code: number; message: string; data: T }
}

/** A fresh migrated database of this run's engine, as each test server gets. */
export async function openTestDatabase(): Promise<Database> {
  if (!isPostgresRun()) return openPglite({ client: await createPglite(inject('pgliteTemplate')) })
  const name = `${inject('postgresTemplate')}_${randomUUID().replaceAll('-', '')}`
  const admin = new pg.Client({ connectionString: postgresUrl() })
  await admin.connect()
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`)
  await admin.end()
  return openPostgres(postgresUrl(name))
}

export async function startTestServer(env: Record<string, string> = {}) {
  return startTestServerOn(await openTestDatabase(), env)
}

/** Stops the app (not its database) and starts another on the same database with `env`: a restart with new settings. */
export async function restartTestServer(server: TestServer, env: Record<string, string> = {}) {
  await server.app.close()
  return startTestServerOn(server.database, env)
}

/** The app on a given database (one in a DATA_DIR, say); close() closes both. */
export async function startTestServerOn(database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    REGISTER_LIMIT_PER_IP: '1000',
    LOGIN_LIMIT_PER_IP: '1000',
    // The test database is opened below whatever the mode, never from DATABASE_URL.
    ALLOW_EMBEDDED_DATABASE: 'true',
    ...env,
  })
  // Warnings and errors are kept so tests can check what was logged (rejected notifies, say).
  const logs: string[] = []
  const app: FastifyInstance = await buildApp(config, database, {
    logStream: { write: (line) => logs.push(line) },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const baseUrl = `http://127.0.0.1:${address.port}`
  const [webOrigin = baseUrl] = config.webOrigins

  /** One HTTP exchange; `from` picks the loopback source address (127.0.0.x), as another client machine. */
  function exchange(
    from: string | undefined,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ) {
    return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
      const req = httpRequest(`${baseUrl}${path}`, { method, headers, localAddress: from }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: new Headers(res.headers as Record<string, string>),
            text: Buffer.concat(chunks).toString(),
          }),
        )
      })
      req.on('error', reject)
      req.end(body)
    })
  }

  /** A raw request: body is sent as given when it is a string, else as JSON; from the console's origin unless told. */
  async function call<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string>; from?: string } = {},
  ): Promise<Answer<T>> {
    // As a browser on the console's own pages sends it; `origin: ''` sends none (a script, a forged form).
    const headers: Record<string, string> = { origin: webOrigin, ...options.headers }
    if (headers.origin === '') delete headers.origin
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body: string | undefined
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
      headers['content-length'] ??= String(Buffer.byteLength(body))
    }
    const {
      status,
      headers: responseHeaders,
      text,
    } = await exchange(options.from, method, path, headers, body)
    let parsed: Answer<T>['body']
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = { code: -1, message: text, data: null as T }
    }
    return { status, headers: responseHeaders, body: parsed }
  }

  let counter = 0
  /** Registers a fresh customer and answers their session token. */
  async function newCustomer(email = `customer${++counter}-${randomUUID().slice(0, 8)}@example.com`) {
    const password = 'correct horse battery'
    const answer = await call<{ token: string }>('POST', '/api/auth/register', { body: { email, password } })
    if (answer.status !== 200) throw new Error(`register failed: ${JSON.stringify(answer.body)}`)
    return { email, password, token: answer.body.data.token }
  }

  return {
    app,
    logs,
    db: database.db,
    database,
    engine: database.engine,
    baseUrl,
    call,
    newCustomer,
    close: async () => {
      await app.close()
      await database.close()
      // Every idempotent route claims its key in its money transaction (modules/idempotency): a
      // route that answered without doing so fails the file that called it.
      const unclaimed = logs.filter((line) => line.includes(UNCLAIMED_KEY))
      if (unclaimed.length > 0)
        throw new Error(`answered without claiming the Idempotency-Key:\n${unclaimed.join('\n')}`)
    },
  }
}

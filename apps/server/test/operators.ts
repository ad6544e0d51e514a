// Operators for tests: made as the CLI makes them (modules/admin), signed in over HTTP as the console does.
import { randomUUID } from 'node:crypto'
import { ADMIN_SESSION_COOKIE, type Operator } from '@proxy/contract/admin/auth'
import type { OperatorRole } from '@proxy/contract/admin/permissions'
import { eq } from 'drizzle-orm'
import { operators } from '../src/modules/admin/admin.schema.ts'
import { createOperatorAccount } from '../src/modules/admin/index.ts'
import { createSealer } from '../src/modules/auth/index.ts'
import { currentTotp } from '../src/modules/auth/two-factor.ts'
import { DEV_APP_SECRET } from '../src/platform/config.ts'
import type { Db } from '../src/platform/db/client.ts'
import type { TestServer } from './test-server.ts'

export type TestOperator = {
  id: string
  email: string
  password: string
  role: OperatorRole
  totpSecret: string
  recoveryCodes: string[]
}

const dbOf = (target: Db | TestServer): Db =>
  'db' in target && 'call' in target ? target.db : (target as Db)

/**
 * An operator made as `admin:create` makes one (the test servers use the development APP_SECRET).
 * By default the one-time password counts as changed; pass `mustChangePassword` to keep the gate.
 */
export async function createOperator(
  target: Db | TestServer,
  role: OperatorRole = 'owner',
  options: { mustChangePassword?: boolean; email?: string } = {},
): Promise<TestOperator> {
  const db = dbOf(target)
  const email = options.email ?? `op-${role}-${randomUUID().slice(0, 8)}@example.com`
  const created = await createOperatorAccount(db, createSealer(DEV_APP_SECRET), email, role)
  if (!created) throw new Error(`operator ${email} exists`)
  if (!options.mustChangePassword)
    await db.update(operators).set({ mustChangePassword: false }).where(eq(operators.id, created.id))
  return {
    id: created.id,
    email,
    password: created.password,
    role,
    totpSecret: created.totpSecret,
    recoveryCodes: created.recoveryCodes,
  }
}

/** The code the authenticator shows `steps` time steps (30 s) from now: a later sign-in of one operator needs a later step. */
export const totpAt = (operator: TestOperator, steps = 0) =>
  currentTotp(operator.totpSecret, Date.now() + steps * 30_000)

/** The `cookie` request header a Set-Cookie answer asks for. */
export function sessionCookieOf(headers: Headers): string {
  const set = headers.get('set-cookie') ?? ''
  const match = new RegExp(`${ADMIN_SESSION_COOKIE}=([^;]*)`).exec(set)
  if (!match?.[1]) throw new Error(`no session cookie in ${JSON.stringify(set)}`)
  return `${ADMIN_SESSION_COOKIE}=${match[1]}`
}

/** Signs an operator in over HTTP (a new one of `role`, or the one given) and answers the cookie header. */
export async function signInOperator(
  server: TestServer,
  role: OperatorRole | TestOperator = 'owner',
  options: { totpSteps?: number } = {},
): Promise<{ cookie: string; operator: TestOperator; me: Operator }> {
  const operator = typeof role === 'string' ? await createOperator(server, role) : role
  const answer = await server.call<Operator>('POST', '/api/admin/auth/login', {
    body: { email: operator.email, password: operator.password, totp: totpAt(operator, options.totpSteps) },
  })
  if (answer.status !== 200) throw new Error(`operator sign-in failed: ${JSON.stringify(answer.body)}`)
  return { cookie: sessionCookieOf(answer.headers), operator, me: answer.body.data }
}

/** A valid request for one admin write, from a fresh state (the audit test drives every one). */
export type Drive = () => Promise<{ status: number; body: unknown }>

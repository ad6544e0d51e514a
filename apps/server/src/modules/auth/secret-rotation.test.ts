// Rotating APP_SECRET: secrets sealed under the old one (now APP_SECRET_PREVIOUS) still open, are
// sealed anew under the new one where they are read or all at once (`secrets:reseal`), and one that
// opens with neither key is logged as such instead of passing for a wrong code.
import { errorCatalogue } from '@proxy/contract/errors'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { codeFor, invited } from '../../../test/admin-writes/team.writes.ts'
import { createOperator, signInOperator, type TestOperator, totpAt } from '../../../test/operators.ts'
import { restartTestServer, startTestServer, type TestServer } from '../../../test/test-server.ts'
import { DEV_APP_SECRET, loadConfig } from '../../platform/config.ts'
import { operatorAuditLog, operatorInvitations, operators } from '../admin/admin.schema.ts'
import { resealOperatorSecrets } from '../admin/index.ts'
import { users } from './auth.schema.ts'
import { resealCustomerSecrets } from './reseal.ts'
import { createSealer, currentTotp, sealerFor } from './two-factor.ts'

// The test servers start under the development secret: it plays the old one.
const OLD = DEV_APP_SECRET
const NEW = 'the-new-app-secret-after-the-rotation-0123'
const STEP_MS = 30_000
const stepNow = () => Math.floor(Date.now() / STEP_MS)

/**
 * A right code of a time step this customer has not spent (each is good once): now's, else the next,
 * else the last — the server takes one step either way, so a clock tick meanwhile does no harm.
 */
function freshCode(customer: { secret: string; spent: Set<number> }) {
  const now = stepNow()
  const step = [now, now + 1, now - 1].find((candidate) => !customer.spent.has(candidate)) ?? now
  customer.spent.add(step)
  return currentTotp(customer.secret, step * STEP_MS)
}
const rotated = { APP_SECRET: NEW, APP_SECRET_PREVIOUS: OLD }

/** A customer with two-factor sign-in turned on under the server's secret. */
async function customerWithTwoFactor(server: TestServer) {
  const customer = await server.newCustomer()
  const setup = await server.call<{ secret: string }>('POST', '/api/user/2fa/setup', {
    token: customer.token,
    body: { password: customer.password },
  })
  const enrolled = { ...customer, secret: setup.body.data.secret, spent: new Set<number>() }
  const enabled = await server.call('POST', '/api/user/2fa/enable', {
    token: customer.token,
    body: { code: freshCode(enrolled) },
  })
  expect(enabled.status).toBe(200)
  return enrolled
}

async function customerSignIn(
  server: TestServer,
  customer: { email: string; password: string },
  code: string,
) {
  const first = await server.call<{ challenge: string }>('POST', '/api/auth/login', {
    body: { email: customer.email, password: customer.password },
  })
  expect(first.status).toBe(200)
  return server.call<{ token: string }>('POST', '/api/auth/login/2fa', {
    body: { challenge: first.body.data.challenge, code },
  })
}

const operatorSignIn = (server: TestServer, operator: TestOperator, steps: number) =>
  server.call('POST', '/api/admin/auth/login', {
    body: { email: operator.email, password: operator.password, totp: totpAt(operator, steps) },
  })

async function sealedOf(server: TestServer, table: 'users' | 'operators', id: string) {
  const [row] =
    table === 'users'
      ? await server.db.select({ sealed: users.totpSecret }).from(users).where(eq(users.id, id))
      : await server.db.select({ sealed: operators.totpSecret }).from(operators).where(eq(operators.id, id))
  return row?.sealed ?? ''
}

const userIdOf = async (server: TestServer, email: string) =>
  (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? ''

const opensUnder = (secret: string, sealed: string) => createSealer(secret).open('totp-secret', sealed)

describe('rotating APP_SECRET', () => {
  it('is refused in production with APP_SECRET_PREVIOUS equal to APP_SECRET', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://proxy@127.0.0.1:5432/proxy' }
    expect(() => loadConfig({ ...production, APP_SECRET: NEW, APP_SECRET_PREVIOUS: NEW })).toThrow(
      /APP_SECRET_PREVIOUS: the secret before the rotation/,
    )
  })

  it('signs in a customer and an operator enrolled under the old secret, and re-seals their rows under the new one', async () => {
    let server = await startTestServer()
    try {
      const customer = await customerWithTwoFactor(server)
      const customerId = await userIdOf(server, customer.email)
      const operator = await createOperator(server, 'owner')
      const before = await sealedOf(server, 'users', customerId)
      expect(opensUnder(OLD, before)).toBe(customer.secret)

      server = await restartTestServer(server, rotated)
      const signedIn = await customerSignIn(server, customer, freshCode(customer))
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
      expect((await operatorSignIn(server, operator, 0)).status).toBe(200)
      for (const [table, id, secret] of [
        ['users', customerId, customer.secret],
        ['operators', operator.id, operator.totpSecret],
      ] as const) {
        const sealed = await sealedOf(server, table, id)
        expect(opensUnder(NEW, sealed)).toBe(secret)
        expect(opensUnder(OLD, sealed)).toBeNull()
      }

      // The old secret dropped: both still sign in.
      server = await restartTestServer(server, { APP_SECRET: NEW })
      expect((await customerSignIn(server, customer, freshCode(customer))).status).toBe(200)
      expect((await operatorSignIn(server, operator, 1)).status).toBe(200)
      expect(server.logs.join('')).not.toContain('opens with neither')
    } finally {
      await server.close()
    }
  })

  it('re-seals every stored secret at once and names the rows neither key opens', async () => {
    let server = await startTestServer()
    try {
      const customer = await customerWithTwoFactor(server)
      // Set up but never turned on: its secret is sealed all the same.
      const pending = await server.newCustomer()
      await server.call('POST', '/api/user/2fa/setup', {
        token: pending.token,
        body: { password: pending.password },
      })
      const { cookie } = await signInOperator(server, 'owner')
      const { token, invitation } = await invited(server, cookie)
      const opened = await server.call<{ secret: string }>('GET', `/api/admin/invitations/${token}`)
      expect(opened.status).toBe(200)
      // One row sealed under a secret nobody configures any more.
      const lost = await createOperator(server, 'support')
      await server.db
        .update(operators)
        .set({ totpSecret: createSealer('a-secret-from-two-rotations-ago-0123456').seal('totp-secret', 'X') })
        .where(eq(operators.id, lost.id))

      const sealer = sealerFor(rotated)
      const first = [
        await resealCustomerSecrets(server.db, sealer),
        ...(await resealOperatorSecrets(server.db, sealer)),
      ]
      expect(first.map(({ resealed, unreadable }) => ({ resealed, unreadable }))).toEqual([
        { resealed: 2, unreadable: [] },
        { resealed: 1, unreadable: [`operator:${lost.id}`] },
        { resealed: 1, unreadable: [] },
      ])
      const customerRows = await server.db.select({ sealed: users.totpSecret }).from(users)
      const operatorRows = await server.db
        .select({ id: operators.id, sealed: operators.totpSecret })
        .from(operators)
      const invitationRows = await server.db
        .select({ sealed: operatorInvitations.totpSecret })
        .from(operatorInvitations)
        .where(eq(operatorInvitations.id, invitation.id))
      for (const sealed of [
        ...customerRows.flatMap((row) => (row.sealed ? [row.sealed] : [])),
        ...operatorRows.filter((row) => row.id !== lost.id).map((row) => row.sealed),
        invitationRows[0]?.sealed ?? '',
      ])
        expect(opensUnder(NEW, sealed)).not.toBeNull()

      const again = [
        await resealCustomerSecrets(server.db, sealer),
        ...(await resealOperatorSecrets(server.db, sealer)),
      ]
      expect(again.map(({ resealed, alreadyCurrent }) => ({ resealed, alreadyCurrent }))).toEqual([
        { resealed: 0, alreadyCurrent: 2 },
        { resealed: 0, alreadyCurrent: 1 },
        { resealed: 0, alreadyCurrent: 1 },
      ])

      // Under the new secret alone the converted rows serve: the customer, and the invitee's enrolment.
      server = await restartTestServer(server, { APP_SECRET: NEW })
      expect((await customerSignIn(server, customer, freshCode(customer))).status).toBe(200)
      const reopened = await server.call<{ secret: string }>('GET', `/api/admin/invitations/${token}`)
      expect(reopened.body.data.secret).toBe(opened.body.data.secret)
      const accept = await server.call('POST', `/api/admin/invitations/${token}/accept`, {
        body: { password: 'a long fine passphrase', totp: codeFor(opened.body.data.secret) },
      })
      expect(accept.status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('logs a secret neither key opens, naming its row and never the secret', async () => {
    let server = await startTestServer()
    try {
      const customer = await customerWithTwoFactor(server)
      const customerId = await userIdOf(server, customer.email)
      const operator = await createOperator(server, 'owner')
      const sealedBefore = await sealedOf(server, 'users', customerId)

      // Rotated without APP_SECRET_PREVIOUS.
      server = await restartTestServer(server, { APP_SECRET: NEW })
      const refused = await customerSignIn(server, customer, freshCode(customer))
      expect(refused.status).toBe(422)
      expect(refused.body.code).toBe(errorCatalogue.TWO_FACTOR_CODE_INVALID.code)
      const operatorRefused = await operatorSignIn(server, operator, 0)
      expect(operatorRefused.status).toBe(401)
      expect(operatorRefused.body.code).toBe(errorCatalogue.INVALID_CREDENTIALS.code)

      const lines = server.logs.filter((line) =>
        line.includes('opens with neither APP_SECRET nor APP_SECRET_PREVIOUS'),
      )
      expect(lines.map((line) => JSON.parse(line).owner).sort()).toEqual(
        [`operator:${operator.id}`, `user:${customerId}`].sort(),
      )
      const log = server.logs.join('')
      for (const secret of [customer.secret, operator.totpSecret, sealedBefore, OLD, NEW])
        expect(log).not.toContain(secret)
      const audit = await server.db
        .select({ reason: operatorAuditLog.reason })
        .from(operatorAuditLog)
        .where(
          and(
            eq(operatorAuditLog.operatorId, operator.id),
            eq(operatorAuditLog.action, 'auth.sign-in-failed'),
          ),
        )
      expect(audit).toEqual([{ reason: 'secret-unreadable' }])
      // Nothing was rewritten: with the old key back the customer signs in.
      expect(await sealedOf(server, 'users', customerId)).toBe(sealedBefore)
      server = await restartTestServer(server, rotated)
      expect((await customerSignIn(server, customer, freshCode(customer))).status).toBe(200)
    } finally {
      await server.close()
    }
  })
})

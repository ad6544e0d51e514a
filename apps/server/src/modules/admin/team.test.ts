// The team over HTTP: an operator is made only through an owner's invitation (a one-time link,
// only its SHA-256 kept), the invitee enrols TOTP, chooses a password and can sign in; a used,
// expired or revoked link is refused; disabling ends sessions at once; the last owner stays.
import { randomBytes } from 'node:crypto'
import type { Operator } from '@proxy/contract/admin/auth'
import type { Team, TeamOperator } from '@proxy/contract/admin/operators'
import { OPERATOR_ROLES } from '@proxy/contract/admin/permissions'
import { errorCatalogue } from '@proxy/contract/errors'
import { and, eq, isNull, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accepted, codeFor, invited, inviteeEmail } from '../../../test/admin-writes/team.writes.ts'
import { createOperator, sessionCookieOf, signInOperator } from '../../../test/operators.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { hashToken } from '../auth/index.ts'
import { operatorAuditLog, operatorInvitations, operators } from './admin.schema.ts'

let server: TestServer
let owner: string
beforeAll(async () => {
  server = await startTestServer()
  owner = (await signInOperator(server, 'owner')).cookie
})
afterAll(() => server.close())

const team = (cookie = owner) => server.call<Team>('GET', '/api/admin/operators', { headers: { cookie } })
const codeOf = (name: keyof typeof errorCatalogue) => errorCatalogue[name].code
const post = <T = TeamOperator>(path: string, cookie = owner, body?: unknown) =>
  server.call<T>('POST', `/api/admin/operators${path}`, { headers: { cookie }, body })

describe('invitations', () => {
  it('are the only way to make an operator over HTTP: no link, no operator', async () => {
    const before = await server.db.$count(operators)
    const unknown = randomBytes(32).toString('base64url')
    for (const token of [unknown, 'short', `${unknown}x`]) {
      const opened = await server.call('GET', `/api/admin/invitations/${token}`)
      expect(opened.status).toBe(404)
      expect(opened.body.code).toBe(codeOf('INVITATION_INVALID'))
      const accept = await server.call('POST', `/api/admin/invitations/${token}/accept`, {
        body: { password: 'a long fine passphrase', totp: '123456' },
      })
      expect(accept.body.code).toBe(codeOf('INVITATION_INVALID'))
    }
    // An invitation needs an owner's session.
    const anonymous = await server.call('POST', '/api/admin/operators/invitations', {
      body: { email: inviteeEmail(), role: 'owner' },
    })
    expect(anonymous.status).toBe(401)
    expect(await server.db.$count(operators)).toBe(before)
  })

  it('is shown once, kept as a hash, enrolled, accepted, and the invitee signs in with password and TOTP', async () => {
    const { token, invitation } = await invited(server, owner, 'finance')
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [row] = await server.db
      .select()
      .from(operatorInvitations)
      .where(eq(operatorInvitations.id, invitation.id))
    expect(row?.tokenHash).toBe(hashToken(token))
    expect(JSON.stringify(row)).not.toContain(token)
    expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBe(72 * 3600 * 1000)
    expect((await team()).body.data.invitations.map((item) => item.id)).toContain(invitation.id)

    const first = await server.call<{ secret: string; otpauthUri: string; email: string; role: string }>(
      'GET',
      `/api/admin/invitations/${token}`,
    )
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ email: invitation.email, role: 'finance' })
    expect(first.body.data.otpauthUri).toContain(`secret=${first.body.data.secret}`)
    const again = await server.call<{ secret: string }>('GET', `/api/admin/invitations/${token}`)
    expect(again.body.data.secret).toBe(first.body.data.secret)
    const [opened] = await server.db
      .select()
      .from(operatorInvitations)
      .where(eq(operatorInvitations.id, invitation.id))
    expect(opened?.totpSecret).toBeTruthy()
    expect(opened?.totpSecret).not.toContain(first.body.data.secret)

    const secret = first.body.data.secret
    const wrongCode = await server.call('POST', `/api/admin/invitations/${token}/accept`, {
      body: { password: 'a long fine passphrase', totp: codeFor(secret, Date.now() - 10 * 60_000) },
    })
    expect(wrongCode.body.code).toBe(codeOf('TWO_FACTOR_CODE_INVALID'))
    const weak = await server.call('POST', `/api/admin/invitations/${token}/accept`, {
      body: { password: 'password123', totp: codeFor(secret) },
    })
    expect(weak.body.code).toBe(codeOf('WEAK_PASSWORD'))
    const short = await server.call('POST', `/api/admin/invitations/${token}/accept`, {
      body: { password: 'short', totp: codeFor(secret) },
    })
    expect(short.status).toBe(400)

    const password = 'a long fine passphrase'
    const accept = await server.call<{ operator: Operator; recoveryCodes: string[] }>(
      'POST',
      `/api/admin/invitations/${token}/accept`,
      { body: { password, totp: codeFor(secret) } },
    )
    expect(accept.status).toBe(200)
    expect(accept.body.data.operator).toMatchObject({
      email: invitation.email,
      role: 'finance',
      mustChangePassword: false,
    })
    expect(accept.body.data.recoveryCodes).toHaveLength(10)
    // Signed in at once: the cookie works.
    const me = await server.call<Operator>('GET', '/api/admin/auth/me', {
      headers: { cookie: sessionCookieOf(accept.headers) },
    })
    expect(me.body.data.email).toBe(invitation.email)

    // A later sign-in with the password and a later code.
    const signIn = await server.call('POST', '/api/admin/auth/login', {
      body: { email: invitation.email, password, totp: codeFor(secret, Date.now() + 30_000) },
    })
    expect(signIn.status).toBe(200)

    // Spent: neither opens nor accepts again, and is no longer pending.
    expect((await server.call('GET', `/api/admin/invitations/${token}`)).body.code).toBe(
      codeOf('INVITATION_INVALID'),
    )
    const reuse = await server.call('POST', `/api/admin/invitations/${token}/accept`, {
      body: { password, totp: codeFor(secret, Date.now() + 60_000) },
    })
    expect(reuse.body.code).toBe(codeOf('INVITATION_INVALID'))
    expect((await team()).body.data.invitations.map((item) => item.id)).not.toContain(invitation.id)

    // Neither the token, the password nor the secret is in the audit log or the server's log.
    const audit = JSON.stringify(await server.db.select().from(operatorAuditLog))
    const logs = server.logs.join('\n')
    for (const secretThing of [token, password, secret]) {
      expect(audit).not.toContain(secretThing)
      expect(logs).not.toContain(secretThing)
    }
  })

  it('refuses an expired or revoked link; a new invitation ends the earlier one; an operator is not invited', async () => {
    const expired = await invited(server, owner)
    await server.db
      .update(operatorInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(operatorInvitations.id, expired.invitation.id))
    expect((await accepted(server, expired.token).catch((error: Error) => error)).toString()).toContain(
      String(codeOf('INVITATION_INVALID')),
    )

    const revoked = await invited(server, owner)
    const opened = await server.call<{ secret: string }>('GET', `/api/admin/invitations/${revoked.token}`)
    expect((await post<null>(`/invitations/${revoked.invitation.id}/revoke`)).status).toBe(200)
    const late = await server.call('POST', `/api/admin/invitations/${revoked.token}/accept`, {
      body: { password: 'a long fine passphrase', totp: codeFor(opened.body.data.secret) },
    })
    expect(late.body.code).toBe(codeOf('INVITATION_INVALID'))
    expect((await post<null>(`/invitations/${revoked.invitation.id}/revoke`)).status).toBe(404)

    const email = inviteeEmail()
    const earlier = await post<{ link: string }>('/invitations', owner, { email, role: 'support' })
    const later = await post<{ link: string }>('/invitations', owner, { email, role: 'operator' })
    expect(later.status).toBe(200)
    const earlierToken = earlier.body.data.link.split('/').pop()
    expect((await server.call('GET', `/api/admin/invitations/${earlierToken}`)).body.code).toBe(
      codeOf('INVITATION_INVALID'),
    )

    const existing = await createOperator(server, 'support')
    const taken = await post('/invitations', owner, { email: existing.email, role: 'support' })
    expect(taken.status).toBe(409)
    expect(taken.body.code).toBe(codeOf('OPERATOR_EXISTS'))
  })
})

describe('operators', () => {
  it('disabling ends their sessions at once and refuses sign-in; enabling lets them back', async () => {
    const support = await signInOperator(server, 'support')
    const listed = (await team()).body.data.operators.find((item) => item.id === support.operator.id)
    expect(listed).toMatchObject({ role: 'support', disabledAt: null, openSessions: 1 })

    const disabled = await post(`/${support.operator.id}/disable`)
    expect(disabled.status).toBe(200)
    expect(disabled.body.data).toMatchObject({ openSessions: 0 })
    expect(disabled.body.data.disabledAt).not.toBeNull()
    const next = await server.call('GET', '/api/admin/auth/me', { headers: { cookie: support.cookie } })
    expect(next.status).toBe(401)
    await expect(signInOperator(server, support.operator, { totpSteps: 1 })).rejects.toThrow(
      String(codeOf('INVALID_CREDENTIALS')),
    )

    expect((await post(`/${support.operator.id}/enable`)).body.data.disabledAt).toBeNull()
    // The refused attempt spent no code: the same later step signs in now.
    const back = await signInOperator(server, support.operator, { totpSteps: 1 })
    expect(
      (await server.call('GET', '/api/admin/auth/me', { headers: { cookie: back.cookie } })).status,
    ).toBe(200)
  })

  it('changes a role, and never leaves the console without an active owner', async () => {
    const support = await createOperator(server, 'support')
    const promoted = await post(`/${support.id}/role`, owner, { role: 'operator' })
    expect(promoted.body.data.role).toBe('operator')

    // Only `solo` stays an active owner.
    const solo = await signInOperator(server, 'owner')
    const others = await server.db
      .update(operators)
      .set({ disabledAt: new Date() })
      .where(
        and(eq(operators.role, 'owner'), ne(operators.id, solo.operator.id), isNull(operators.disabledAt)),
      )
      .returning({ id: operators.id })
    try {
      const demoted = await post(`/${solo.operator.id}/role`, solo.cookie, { role: 'support' })
      expect(demoted.status).toBe(409)
      expect(demoted.body.code).toBe(codeOf('LAST_OWNER'))
      const self = await post(`/${solo.operator.id}/disable`, solo.cookie)
      expect(self.status).toBe(403)

      // With a second owner, either may step down, but not both.
      const second = await signInOperator(server, 'owner')
      expect((await post(`/${solo.operator.id}/role`, second.cookie, { role: 'finance' })).status).toBe(200)
      expect((await post(`/${second.operator.id}/role`, second.cookie, { role: 'support' })).body.code).toBe(
        codeOf('LAST_OWNER'),
      )
      expect((await post(`/${second.operator.id}/disable`, second.cookie)).status).toBe(403)
    } finally {
      for (const { id } of others)
        await server.db.update(operators).set({ disabledAt: null }).where(eq(operators.id, id))
    }
  })

  it('answer 403 to every role but owner on every team route', async () => {
    const target = await createOperator(server, 'support')
    const { invitation } = await invited(server, owner)
    for (const role of OPERATOR_ROLES.filter((name) => name !== 'owner')) {
      const { cookie } = await signInOperator(server, role)
      const answers = [
        await team(cookie),
        await post('/invitations', cookie, { email: inviteeEmail(), role: 'owner' }),
        await post(`/invitations/${invitation.id}/revoke`, cookie),
        await post(`/${target.id}/role`, cookie, { role: 'owner' }),
        await post(`/${target.id}/disable`, cookie),
        await post(`/${target.id}/enable`, cookie),
      ]
      for (const answer of answers) {
        expect(answer.status, role).toBe(403)
        expect(answer.body.code).toBe(codeOf('FORBIDDEN'))
      }
    }
  })
})

describe('the invitee calls', () => {
  it('are counted per address as sign-in is', async () => {
    const limited = await startTestServer({ LOGIN_LIMIT_PER_IP: '3' })
    try {
      const token = randomBytes(32).toString('base64url')
      const codes: number[] = []
      for (let attempt = 0; attempt < 4; attempt++)
        codes.push((await limited.call('GET', `/api/admin/invitations/${token}`)).body.code)
      expect(codes).toEqual([...Array(3).fill(codeOf('INVITATION_INVALID')), codeOf('LOGIN_RATE_LIMITED')])
      const accept = await limited.call('POST', `/api/admin/invitations/${token}/accept`, {
        body: { password: 'a long fine passphrase', totp: '123456' },
      })
      expect(accept.status).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

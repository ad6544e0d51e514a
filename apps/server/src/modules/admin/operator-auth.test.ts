// Operator sign-in and sessions: TOTP once per window, recovery codes once, the one-time password
// gate, sessions that end (password change, idle, revoke), and the walls between customers and operators.
import { randomUUID } from 'node:crypto'
import { connect } from 'node:net'
import type { OperatorSession } from '@proxy/contract/admin/auth'
import { errorCatalogue } from '@proxy/contract/errors'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOperator, sessionCookieOf, signInOperator, totpAt } from '../../../test/operators.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { seedDemoCustomer } from '../seed/demo-seed.ts'
import { operatorAuditLog, operatorSessions, operators } from './admin.schema.ts'
import { isAllowedAddress } from './operator-auth.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** The status of a request sent byte for byte as written (a client library would normalise the path). */
function rawStatus(port: number, method: string, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      ),
    )
    let answer = ''
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString()
    })
    socket.once('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)))
    socket.once('error', reject)
  })
}

const login = (body: Record<string, unknown>) => server.call('POST', '/api/admin/auth/login', { body })
const me = (cookie: string) => server.call('GET', '/api/admin/auth/me', { headers: { cookie } })
const customers = (cookie: string) => server.call('GET', '/api/admin/customers', { headers: { cookie } })

describe('operator sign-in', () => {
  it('no operator exists after the migrations and the demo seed', async () => {
    const fresh = await startTestServer()
    try {
      await seedDemoCustomer(fresh.db)
      expect(await fresh.db.$count(operators)).toBe(0)
    } finally {
      await fresh.close()
    }
  })

  it('sets an HttpOnly, SameSite=Strict cookie for /api/admin with an op_ token, and answers the operator', async () => {
    const operator = await createOperator(server, 'finance')
    const answer = await login({ email: operator.email, password: operator.password, totp: totpAt(operator) })
    expect(answer.status).toBe(200)
    const set = answer.headers.get('set-cookie') ?? ''
    expect(set).toMatch(/^admin_session=op_[A-Za-z0-9_-]{43};/)
    expect(set).toContain('HttpOnly')
    expect(set).toContain('SameSite=Strict')
    expect(set).toContain('Path=/api/admin')
    expect(set).not.toContain('Secure') // plain http here
    expect(answer.body.data).toMatchObject({
      email: operator.email,
      role: 'finance',
      mustChangePassword: false,
    })
    expect(JSON.stringify(answer.body)).not.toContain('op_')
    const [session] = await server.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, operator.id))
    expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect((await me(sessionCookieOf(answer.headers))).status).toBe(200)
  })

  it('on an https site (PUBLIC_URL), names the cookie __Secure-admin_session and marks it Secure, even over http from a balancer', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://console.example.com' })
    try {
      const operator = await createOperator(https, 'finance')
      const body = { email: operator.email, password: operator.password, totp: totpAt(operator) }
      const answer = await https.call('POST', '/api/admin/auth/login', { body })
      expect(answer.status).toBe(200)
      const set = answer.headers.get('set-cookie') ?? ''
      const token = /^__Secure-admin_session=(op_[A-Za-z0-9_-]{43});/.exec(set)?.[1]
      expect(token, set).toBeDefined()
      expect(set).toContain('; Secure')
      expect(set).toContain('HttpOnly')
      expect(set).toContain('SameSite=Strict')
      const meWith = (cookie: string) => https.call('GET', '/api/admin/auth/me', { headers: { cookie } })
      expect((await meWith(`__Secure-admin_session=${token}`)).status).toBe(200)
      // The plain name is not the console's cookie there.
      expect((await meWith(`admin_session=${token}`)).status).toBe(401)
      const out = await https.call('POST', '/api/admin/auth/logout', {
        headers: { cookie: `__Secure-admin_session=${token}` },
      })
      expect(out.headers.get('set-cookie')).toMatch(/^__Secure-admin_session=;.*Secure/)
    } finally {
      await https.close()
    }
  })

  it('refuses a code replayed within its window, a wrong code, a wrong password and an unknown email alike', async () => {
    const operator = await createOperator(server, 'owner')
    const code = totpAt(operator)
    expect((await login({ email: operator.email, password: operator.password, totp: code })).status).toBe(200)
    const replay = await login({ email: operator.email, password: operator.password, totp: code })
    const wrongCode = await login({
      email: operator.email,
      password: operator.password,
      totp: code === '000000' ? '111111' : '000000',
    })
    const wrongPassword = await login({
      email: operator.email,
      password: 'not it at all',
      totp: totpAt(operator, 1),
    })
    const unknown = await login({ email: 'nobody@example.com', password: 'whatever x', totp: '123456' })
    for (const answer of [replay, wrongCode, wrongPassword, unknown]) {
      expect(answer.status).toBe(401)
      expect(answer.body.code).toBe(errorCatalogue.INVALID_CREDENTIALS.code)
      expect(answer.headers.get('set-cookie')).toBeNull()
    }
    // An older step than the one taken is no good either; the next one is.
    expect(
      (await login({ email: operator.email, password: operator.password, totp: totpAt(operator, -1) }))
        .status,
    ).toBe(401)
    expect(
      (await login({ email: operator.email, password: operator.password, totp: totpAt(operator, 1) })).status,
    ).toBe(200)
    const failures = await server.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.action, 'auth.sign-in-failed'))
    expect(
      failures
        .filter((row) => row.operatorId === operator.id)
        .map((row) => row.reason)
        .sort(),
    ).toEqual(['wrong-code', 'wrong-code', 'wrong-code', 'wrong-password'])
    expect(
      failures.some((row) => row.operatorId === null && row.operatorEmail === 'nobody@example.com'),
    ).toBe(true)
    const signIns = await server.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.operatorId, operator.id))
    expect(signIns.filter((row) => row.action === 'auth.sign-in')).toHaveLength(2)
  })

  it('takes a recovery code once', async () => {
    const operator = await createOperator(server, 'support')
    const [code] = operator.recoveryCodes
    expect(operator.recoveryCodes).toHaveLength(10)
    const first = await login({ email: operator.email, password: operator.password, totp: code })
    expect(first.status).toBe(200)
    const again = await login({ email: operator.email, password: operator.password, totp: code })
    expect(again.status).toBe(401)
    expect(again.body.code).toBe(errorCatalogue.INVALID_CREDENTIALS.code)
  })

  it('limits attempts per account', async () => {
    const limited = await startTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '3' })
    try {
      const operator = await createOperator(limited, 'owner')
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await limited.call('POST', '/api/admin/auth/login', {
          body: { email: operator.email, password: 'wrong password', totp: '123456' },
        })
        expect(answer.status).toBe(401)
      }
      const locked = await limited.call('POST', '/api/admin/auth/login', {
        body: { email: operator.email, password: operator.password, totp: totpAt(operator) },
      })
      expect(locked.status).toBe(429)
      expect(locked.body.code).toBe(errorCatalogue.LOGIN_RATE_LIMITED.code)
    } finally {
      await limited.close()
    }
  })
})

describe('the one-time password', () => {
  it('allows only me, password change and logout until it is changed; the change ends every other session', async () => {
    const operator = await createOperator(server, 'owner', { mustChangePassword: true })
    const first = await signInOperator(server, operator)
    const second = await signInOperator(server, operator, { totpSteps: 1 })
    expect(first.me.mustChangePassword).toBe(true)
    expect((await me(first.cookie)).status).toBe(200)
    const gated = await customers(first.cookie)
    expect(gated.status).toBe(403)
    expect(gated.body.code).toBe(errorCatalogue.PASSWORD_CHANGE_REQUIRED.code)
    expect(
      (await server.call('GET', '/api/admin/auth/sessions', { headers: { cookie: first.cookie } })).status,
    ).toBe(403)

    const wrong = await server.call('POST', '/api/admin/auth/password', {
      headers: { cookie: first.cookie },
      body: { oldPassword: 'not the password', newPassword: 'a brand new passphrase' },
    })
    expect(wrong.status).toBe(422)
    const changed = await server.call<{ mustChangePassword: boolean }>('POST', '/api/admin/auth/password', {
      headers: { cookie: first.cookie },
      body: { oldPassword: operator.password, newPassword: 'a brand new passphrase' },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.data.mustChangePassword).toBe(false)
    const fresh = sessionCookieOf(changed.headers)
    expect(fresh).not.toBe(first.cookie)
    expect((await me(first.cookie)).status).toBe(401)
    expect((await me(second.cookie)).status).toBe(401)
    expect((await customers(fresh)).status).toBe(200)
    // The old password no longer signs in; the new one does.
    expect(
      (await login({ email: operator.email, password: operator.password, totp: totpAt(operator, 2) })).status,
    ).toBe(401)
  })
})

describe('operator sessions', () => {
  it('end after 30 minutes idle and 12 hours at most', async () => {
    const idle = await signInOperator(server, 'owner')
    expect((await me(idle.cookie)).status).toBe(200)
    await server.db
      .update(operatorSessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(operatorSessions.operatorId, idle.operator.id))
    expect((await me(idle.cookie)).status).toBe(401)

    const old = await signInOperator(server, 'owner')
    await server.db
      .update(operatorSessions)
      .set({ lastSeenAt: sql`now() - interval '29 minutes'` })
      .where(eq(operatorSessions.operatorId, old.operator.id))
    expect((await me(old.cookie)).status).toBe(200) // and the idle clock restarts
    await server.db
      .update(operatorSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(operatorSessions.operatorId, old.operator.id))
    expect((await me(old.cookie)).status).toBe(401)
  })

  it('are listed and revocable, only one own; logout clears the cookie', async () => {
    const one = await signInOperator(server, 'support')
    const two = await signInOperator(server, one.operator, { totpSteps: 1 })
    const stranger = await signInOperator(server, 'owner')
    const listed = await server.call<{ items: OperatorSession[] }>('GET', '/api/admin/auth/sessions', {
      headers: { cookie: one.cookie },
    })
    expect(listed.body.data.items).toHaveLength(2)
    const other = listed.body.data.items.find((session) => !session.isCurrent)
    if (!other) throw new Error('no other session')
    // Someone else's session is not found.
    const foreign = await server.call('DELETE', `/api/admin/auth/sessions/${other.id}`, {
      headers: { cookie: stranger.cookie },
    })
    expect(foreign.status).toBe(404)
    expect((await me(two.cookie)).status).toBe(200)
    const revoked = await server.call('DELETE', `/api/admin/auth/sessions/${other.id}`, {
      headers: { cookie: one.cookie },
    })
    expect(revoked.status).toBe(200)
    expect((await me(two.cookie)).status).toBe(401)

    const out = await server.call('POST', '/api/admin/auth/logout', { headers: { cookie: one.cookie } })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/^admin_session=;/)
    expect((await me(one.cookie)).status).toBe(401)
  })
})

describe('customers and operators apart', () => {
  it('refuses a customer token on admin routes and an operator token on customer routes', async () => {
    const customer = await server.newCustomer()
    const operator = await signInOperator(server, 'owner')
    const token = operator.cookie.split('=')[1] ?? ''
    expect((await server.call('GET', '/api/admin/auth/me', { token: customer.token })).status).toBe(401)
    expect(
      (
        await server.call('GET', '/api/admin/auth/me', {
          headers: { cookie: `admin_session=${customer.token}` },
        })
      ).status,
    ).toBe(401)
    expect((await server.call('GET', '/api/user/me', { token })).status).toBe(401)
    expect((await server.call('GET', '/api/user/me', { headers: { cookie: operator.cookie } })).status).toBe(
      401,
    )
    expect((await server.call('GET', '/api/user/me', { token: customer.token })).status).toBe(200)
  })

  it('ADMIN_ALLOWED_IPS closes the console to other addresses', async () => {
    expect(isAllowedAddress('10.1.2.3', ['10.0.0.0/8'])).toBe(true)
    expect(isAllowedAddress('::ffff:10.1.2.3', ['10.0.0.0/8'])).toBe(true)
    expect(isAllowedAddress('11.1.2.3', ['10.0.0.0/8', '127.0.0.1'])).toBe(false)
    expect(isAllowedAddress('127.0.0.1', ['10.0.0.0/8', '127.0.0.1'])).toBe(true)
    expect(isAllowedAddress('2001:db8::1', ['2001:db8::/32'])).toBe(true)
    expect(isAllowedAddress('2001:db9::1', ['2001:db8::/32', '127.0.0.1'])).toBe(false)
    const closed = await startTestServer({ ADMIN_ALLOWED_IPS: '127.0.0.2, 10.0.0.0/8' })
    try {
      const operator = await createOperator(closed, 'owner')
      const body = { email: operator.email, password: operator.password, totp: totpAt(operator) }
      const refused = await closed.call('POST', '/api/admin/auth/login', { body })
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe(errorCatalogue.FORBIDDEN.code)
      expect((await closed.call('GET', '/api/admin/customers')).status).toBe(403)
      // Customer routes stay open; the allowed address gets in.
      expect((await closed.call('GET', '/api/auth/captcha')).status).not.toBe(403)
      expect((await closed.call('POST', '/api/admin/auth/login', { body, from: '127.0.0.2' })).status).toBe(
        200,
      )
    } finally {
      await closed.close()
    }
  })

  it('ADMIN_ALLOWED_IPS holds however the path is written: encoded, absolute, doubled, dotted, cased', async () => {
    const closed = await startTestServer({ ADMIN_ALLOWED_IPS: '10.9.9.9' })
    try {
      const { port } = new URL(closed.baseUrl)
      const target = await createOperator(closed, 'support')
      const ways = [
        '/api/admin/auth/me',
        '/api/%61dmin/auth/me',
        '/api/%61%64%6d%69%6e/auth/me',
        '/%61pi/admin/auth/me',
        `http://127.0.0.1:${port}/api/admin/auth/me`,
        `http://127.0.0.1:${port}/api/%61dmin/auth/me`,
        '//api/admin/auth/me',
        '/api//admin/auth/me',
        '/api/./admin/auth/me',
        '/api/x/../admin/auth/me',
        '/api/admin/auth/me/',
        '/api/admin/auth/me?x=1',
        '/API/ADMIN/auth/me',
        '/api/Admin/auth/me',
        '/api/admin/auth/me;x=1',
      ]
      for (const path of ways) {
        const status = await rawStatus(Number(port), 'GET', path)
        // 403: refused by the allow-list; 404/400, or 302 to the portal for a page address: no admin
        // route matched. Never 401: that is the admin route's own answer, which only an allowed
        // address may reach.
        expect([403, 404, 400, 302], path).toContain(status)
      }
      for (const path of [
        '/api/admin/auth/me',
        '/api/%61dmin/auth/me',
        `http://127.0.0.1:${port}/api/admin/auth/me`,
      ])
        expect(await rawStatus(Number(port), 'GET', path), path).toBe(403)
      const disable = `/api/%61dmin/operators/${target.id}/disable`
      expect(await rawStatus(Number(port), 'POST', disable)).toBe(403)
    } finally {
      await closed.close()
    }
  })
})

describe('the audit log', () => {
  it('refuses UPDATE and DELETE', async () => {
    await signInOperator(server, 'owner')
    await expect(server.db.update(operatorAuditLog).set({ reason: 'rewritten' })).rejects.toThrow()
    await expect(server.db.delete(operatorAuditLog)).rejects.toThrow()
    expect(await server.db.$count(operatorAuditLog)).toBeGreaterThan(0)
  })

  it('is listed newest first and filtered, for roles with audit.read', async () => {
    const finance = await signInOperator(server, 'finance')
    const answer = await server.call<{ items: { action: string; operatorId: string }[]; total: number }>(
      'GET',
      `/api/admin/audit?operatorId=${finance.operator.id}&action=auth.sign-in`,
      { headers: { cookie: finance.cookie } },
    )
    expect(answer.status).toBe(200)
    expect(answer.body.data.total).toBe(1)
    expect(answer.body.data.items[0]).toMatchObject({
      action: 'auth.sign-in',
      operatorId: finance.operator.id,
    })
    const support = await signInOperator(server, 'support')
    expect(
      (await server.call('GET', '/api/admin/audit', { headers: { cookie: support.cookie } })).status,
    ).toBe(403)
    const bad = await server.call('GET', `/api/admin/audit?from=${randomUUID()}`, {
      headers: { cookie: finance.cookie },
    })
    expect(bad.status).toBe(400)
  })
})

import { errorCatalogue } from '@proxy/contract/errors'
import { SUB_USERS_MAX, type SubUser, type SubUserWithPassword } from '@proxy/contract/traffic/sub-users'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { subUsers } from './sub-users.schema.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

type Page = { items: SubUser[]; total: number; max: number; timeZone: string }
const unique = (prefix = 'team') => `${prefix}-${crypto.randomUUID().slice(0, 8)}`
const create = (token: string, body: Record<string, unknown>) =>
  server.call<SubUserWithPassword>('POST', '/api/user/sub-users', { token, body })
const list = (token: string, query = '') => server.call<Page>('GET', `/api/user/sub-users${query}`, { token })
const patch = (token: string, id: string, body: Record<string, unknown>) =>
  server.call<SubUser>('PATCH', `/api/user/sub-users/${id}`, { token, body })

describe('sub-users', () => {
  it('creates one with its password shown once, lists it without, and changes its settings', async () => {
    const { token } = await server.newCustomer()
    const username = unique()
    const created = await create(token, {
      username,
      note: ' scraper #1 ',
      limit: { bytes: 5 * 1024 ** 3, period: 'month' },
      maxTunnels: 20,
      autoStopBytes: 1024 ** 3,
    })
    expect(created.status).toBe(200)
    const sub = created.body.data
    expect(sub).toMatchObject({
      username,
      note: 'scraper #1',
      status: 'active',
      maxTunnels: 20,
      autoStopBytes: 1024 ** 3,
      pausedUntil: null,
      usage: { totalBytes: 0, todayBytes: 0, monthBytes: 0 },
      limit: { bytes: 5 * 1024 ** 3, period: 'month', usedBytes: 0 },
    })
    expect(sub.password).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(Date.parse(sub.limit?.resetsAt ?? '')).toBeGreaterThan(Date.now())

    const page = (await list(token)).body.data
    expect(page).toMatchObject({ total: 1, max: SUB_USERS_MAX, timeZone: 'Asia/Shanghai' })
    expect(page.items[0]?.id).toBe(sub.id)
    expect(JSON.stringify(page)).not.toContain(sub.password)
    const one = await server.call<SubUser>('GET', `/api/user/sub-users/${sub.id}`, { token })
    expect(JSON.stringify(one.body.data)).not.toContain(sub.password)

    const renamed = unique('renamed')
    const changed = await patch(token, sub.id, { username: renamed, limit: null, maxTunnels: null, note: '' })
    expect(changed.body.data).toMatchObject({ username: renamed, limit: null, maxTunnels: null, note: '' })
    expect((await patch(token, sub.id, { disabled: true })).body.data.status).toBe('disabled')
    expect((await patch(token, sub.id, { disabled: false })).body.data.status).toBe('active')

    const reset = await server.call<SubUserWithPassword>(
      'POST',
      `/api/user/sub-users/${sub.id}/reset-password`,
      {
        token,
      },
    )
    expect(reset.status).toBe(200)
    expect(reset.body.data.password).not.toBe(sub.password)
    const lifted = await server.call<SubUser>('POST', `/api/user/sub-users/${sub.id}/lift-auto-stop`, {
      token,
    })
    expect(lifted.body.data.status).toBe('active')

    expect((await list(token, `?q=${renamed.slice(0, 10)}`)).body.data.total).toBe(1)
    expect((await list(token, '?q=nothing-like-it')).body.data.total).toBe(0)
    expect((await list(token, '?q=%25')).body.data.total).toBe(0)

    expect((await server.call('DELETE', `/api/user/sub-users/${sub.id}`, { token })).status).toBe(200)
    expect((await server.call('GET', `/api/user/sub-users/${sub.id}`, { token })).status).toBe(404)
    expect((await server.call('DELETE', `/api/user/sub-users/${sub.id}`, { token })).status).toBe(404)
    // Its history stays.
    const history = `/api/user/sub-users/${sub.id}/usage?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`
    expect((await server.call('GET', history, { token })).status).toBe(200)
    expect((await list(token)).body.data.total).toBe(0)
    // A deleted sub-user's username is free again.
    expect((await create(token, { username: renamed })).status).toBe(200)
  })

  it('keeps usernames unique across the pool, and free of the session separators', async () => {
    const owner = await server.newCustomer()
    const other = await server.newCustomer()
    const taken = unique()
    expect((await create(owner.token, { username: taken })).status).toBe(200)
    const twice = await create(other.token, { username: taken })
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe(errorCatalogue.SUB_USERNAME_TAKEN.code)
    // The customers' own traffic logins are pool usernames too.
    const account = await server.call<{ username: string }>('GET', '/api/user/traffic-account', {
      token: other.token,
    })
    const asLogin = await create(owner.token, { username: account.body.data.username })
    expect(asLogin.status).toBe(409)
    const second = await create(owner.token, { username: unique() })
    const renamedOnto = await patch(owner.token, second.body.data.id, { username: taken })
    expect(renamedOnto.status).toBe(409)
    expect(renamedOnto.body.code).toBe(errorCatalogue.SUB_USERNAME_TAKEN.code)

    for (const username of [
      'ab',
      'a'.repeat(41),
      'Upper-Case',
      'has space',
      '-leading',
      'team-session-x',
      'team-sesstime-5',
      'name-session-',
      'ünicode',
      'tab\tname',
      42,
      null,
    ]) {
      const answer = await create(owner.token, { username })
      expect(answer.status, String(username)).toBe(400)
      expect(answer.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
    }
  })

  it('refuses bad settings and unknown fields with 400, changing nothing', async () => {
    const { token } = await server.newCustomer()
    const base = { username: unique() }
    for (const body of [
      { ...base, limit: { bytes: 0, period: 'day' } },
      { ...base, limit: { bytes: 1024, period: 'week' } },
      { ...base, limit: { bytes: 1.5, period: 'day' } },
      { ...base, limit: { bytes: 2 * 1024 ** 5, period: 'total' } },
      { ...base, maxTunnels: 0 },
      { ...base, autoStopBytes: -1 },
      { ...base, note: 'x'.repeat(201) },
      { ...base, password: 'chosen' },
      {},
    ]) {
      const answer = await create(token, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
    }
    expect((await list(token)).body.data.total).toBe(0)
    const sub = (await create(token, base)).body.data
    expect((await patch(token, sub.id, {})).status).toBe(400)
    expect((await patch(token, sub.id, { status: 'active' })).status).toBe(400)
    expect((await server.call('GET', '/api/user/sub-users/not-a-uuid', { token })).status).toBe(400)
    const usage = await server.call(
      'GET',
      `/api/user/sub-users/${sub.id}/usage?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z`,
      {
        token,
      },
    )
    expect(usage.status).toBe(400)
  })

  it("answers 404 for another customer's sub-user on every route, and 401 to strangers", async () => {
    const owner = await server.newCustomer()
    const intruder = await server.newCustomer()
    const sub = (await create(owner.token, { username: unique() })).body.data
    const path = `/api/user/sub-users/${sub.id}`
    const range = '?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z'
    for (const [method, url, body] of [
      ['GET', path, undefined],
      ['PATCH', path, { disabled: true }],
      ['POST', `${path}/reset-password`, undefined],
      ['POST', `${path}/lift-auto-stop`, undefined],
      ['GET', `${path}/usage${range}`, undefined],
      ['DELETE', path, undefined],
    ] as const) {
      const answer = await server.call(method, url, { token: intruder.token, body })
      expect(answer.status, `${method} ${url}`).toBe(404)
      expect(answer.body.code).toBe(errorCatalogue.NOT_FOUND.code)
      expect((await server.call(method, url, { body })).status).toBe(401)
    }
    expect((await list(intruder.token)).body.data.items).toEqual([])
    const still = await server.call<SubUser>('GET', path, { token: owner.token })
    expect(still.body.data).toMatchObject({ status: 'active', username: sub.username })
    expect((await server.call('GET', '/api/user/sub-users')).status).toBe(401)
    expect((await server.call('POST', '/api/user/sub-users', { body: { username: unique() } })).status).toBe(
      401,
    )
  })

  it(`refuses a sub-user past ${SUB_USERS_MAX}, and lets concurrent creations take the last place once`, async () => {
    const { token } = await server.newCustomer()
    const me = await server.call<{ id: string }>('GET', '/api/user/me', { token })
    await server.db.insert(subUsers).values(
      Array.from({ length: SUB_USERS_MAX - 1 }, (_, i) => ({
        userId: me.body.data.id,
        username: `bulk-${me.body.data.id.slice(0, 8)}-${i}`,
        password: 'x'.repeat(16),
      })),
    )
    const answers = await Promise.all(Array.from({ length: 4 }, () => create(token, { username: unique() })))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    for (const full of answers.filter((answer) => answer.status !== 200)) {
      expect(full.status).toBe(422)
      expect(full.body.code).toBe(errorCatalogue.SUB_USERS_FULL.code)
    }
  })
})

describe('auto-stop of the traffic login', () => {
  it('sets, reads, lifts and clears the daily cap', async () => {
    const { token } = await server.newCustomer()
    const read = () => server.call('GET', '/api/user/traffic-account/auto-stop', { token })
    expect((await read()).body.data).toEqual({
      dailyBytes: null,
      todayBytes: 0,
      pausedUntil: null,
      liftedToday: false,
      timeZone: 'Asia/Shanghai',
    })
    const set = await server.call('PUT', '/api/user/traffic-account/auto-stop', {
      token,
      body: { dailyBytes: 1024 ** 3 },
    })
    expect(set.body.data).toMatchObject({ dailyBytes: 1024 ** 3, pausedUntil: null })
    const lifted = await server.call('POST', '/api/user/traffic-account/auto-stop/lift', { token })
    expect(lifted.body.data).toMatchObject({ dailyBytes: 1024 ** 3, liftedToday: true })
    const cleared = await server.call('PUT', '/api/user/traffic-account/auto-stop', {
      token,
      body: { dailyBytes: null },
    })
    expect(cleared.body.data).toMatchObject({ dailyBytes: null })
    for (const body of [{}, { dailyBytes: 0 }, { dailyBytes: '1' }, { dailyBytes: 1, extra: true }])
      expect((await server.call('PUT', '/api/user/traffic-account/auto-stop', { token, body })).status).toBe(
        400,
      )
    expect((await server.call('GET', '/api/user/traffic-account/auto-stop')).status).toBe(401)
  })

  it("counts days in the customer's saved time zone", async () => {
    const { token } = await server.newCustomer()
    await server.call('PATCH', '/api/user/me', { token, body: { timeZone: 'America/New_York' } })
    const answer = await server.call<{ timeZone: string }>('GET', '/api/user/traffic-account/auto-stop', {
      token,
    })
    expect(answer.body.data.timeZone).toBe('America/New_York')
    expect((await list(token)).body.data.timeZone).toBe('America/New_York')
  })
})

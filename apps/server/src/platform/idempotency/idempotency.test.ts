import { errorCatalogue } from '@proxy/contract/errors'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { idempotencyKeys } from './idempotency.schema.ts'
import { purgeIdempotencyKeys } from './idempotency.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterEach(() => expectLedgerInvariants(server.db))
afterAll(() => server.close())

type TopUp = { orderNo: string }
const topUp = (token: string, key: string | undefined, body: unknown = { amount: 10, channel: 'alipay' }) =>
  server.call<TopUp>('POST', '/api/user/wallet/topup', {
    token,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  })
const orderCount = async (token: string) =>
  (await server.call<{ total: number }>('GET', '/api/user/wallet/topups', { token })).body.data.total

describe('Idempotency-Key', () => {
  it('answers the stored first answer for the same key and body, doing nothing twice', async () => {
    const { token } = await server.newCustomer()
    const first = await topUp(token, 'click-1')
    const second = await topUp(token, 'click-1')
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(await orderCount(token)).toBe(1)
  })

  it('refuses the same key with a different body', async () => {
    const { token } = await server.newCustomer()
    await topUp(token, 'click-2')
    const other = await topUp(token, 'click-2', { amount: 11, channel: 'alipay' })
    expect(other.status).toBe(422)
    expect(other.body.code).toBe(errorCatalogue.IDEMPOTENCY_KEY_REUSED.code)
    expect(await orderCount(token)).toBe(1)
  })

  it('lets exactly one of many concurrent requests with one key through', async () => {
    const { token } = await server.newCustomer()
    const answers = await Promise.all(Array.from({ length: 12 }, () => topUp(token, 'double-click')))
    const orderNos = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data.orderNo))
    expect(orderNos.size).toBe(1)
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409)
      expect(answer.body.code).toBe(errorCatalogue.IDEMPOTENCY_IN_PROGRESS.code)
    }
    expect(await orderCount(token)).toBe(1)
  })

  it('does not store validation failures, and scopes keys per customer', async () => {
    const alice = await server.newCustomer()
    const bob = await server.newCustomer()
    expect((await topUp(alice.token, 'k', { amount: 0, channel: 'alipay' })).status).toBe(400)
    expect((await topUp(alice.token, 'k')).status).toBe(200)
    expect((await topUp(bob.token, 'k', { amount: 99, channel: 'wxpay' })).status).toBe(200)
    expect(await orderCount(alice.token)).toBe(1)
    expect(await orderCount(bob.token)).toBe(1)
  })

  it('validates the key itself', async () => {
    const { token } = await server.newCustomer()
    for (const key of ['', 'x'.repeat(256), 'has space', 'tab\tkey'])
      expect((await topUp(token, key)).status, JSON.stringify(key)).toBe(400)
    expect(await orderCount(token)).toBe(0)
    expect((await topUp(token, 'x'.repeat(255))).status).toBe(200)
  })

  it('keeps answers for 24 hours, then forgets them', async () => {
    const { token } = await server.newCustomer()
    await topUp(token, 'old')
    await purgeIdempotencyKeys(server.db, new Date(Date.now() + 23 * 3600e3))
    expect((await topUp(token, 'old')).headers.get('idempotent-replayed')).toBe('true')
    const before = await server.db.$count(idempotencyKeys)
    await purgeIdempotencyKeys(server.db, new Date(Date.now() + 25 * 3600e3))
    expect(await server.db.$count(idempotencyKeys)).toBeLessThan(before)
    expect((await topUp(token, 'old')).headers.get('idempotent-replayed')).toBeNull()
    expect(await orderCount(token)).toBe(2)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('wallet', () => {
  it('starts at zero for a new customer', async () => {
    const { token } = await server.newCustomer()
    const answer = await server.call('GET', '/api/user/wallet', { token })
    expect(answer.body).toEqual({
      code: 0,
      message: 'ok',
      data: { wallet: { balance: 0, currency: 'USD' }, usdCnyRate: 7.2 },
    })
  })

  it('needs a token', async () => {
    expect((await server.call('GET', '/api/user/wallet')).status).toBe(401)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fund } from '../../../test/static-ip.ts'
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

  it("reads each customer's own balance, changed on the very next request (read with the session, never cached)", async () => {
    const alice = await server.newCustomer()
    const bob = await server.newCustomer()
    const balanceOf = async (token: string) =>
      (await server.call<{ wallet: { balance: number } }>('GET', '/api/user/wallet', { token })).body.data
        .wallet.balance
    await fund(server, alice.email, 12_34)
    expect(await balanceOf(alice.token)).toBe(12.34)
    expect(await balanceOf(bob.token)).toBe(0)
    await fund(server, bob.email, 5_00)
    await fund(server, alice.email, 1_00)
    expect(await balanceOf(alice.token)).toBe(13.34)
    expect(await balanceOf(bob.token)).toBe(5)
    await server.call('POST', '/api/auth/logout', { token: alice.token })
    expect((await server.call('GET', '/api/user/wallet', { token: alice.token })).status).toBe(401)
  })

  it('needs a token', async () => {
    expect((await server.call('GET', '/api/user/wallet')).status).toBe(401)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectLedgerInvariants } from '../../../test/invariants.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { DEMO_CREDIT_CENTS, DEMO_EMAIL, seedDemoCustomer } from './demo-seed.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('demo seed', () => {
  it('creates the demo customer once on an empty database, credited through the ledger', async () => {
    const seeds = await Promise.all([seedDemoCustomer(server.db), seedDemoCustomer(server.db)])
    const demo = seeds.find((seed) => seed !== null)
    expect(seeds.filter((seed) => seed !== null)).toHaveLength(1)
    expect(demo?.email).toBe(DEMO_EMAIL)
    expect(await seedDemoCustomer(server.db)).toBeNull()

    const login = await server.call<{ token: string }>('POST', '/api/auth/login', {
      body: { email: DEMO_EMAIL, password: demo?.password },
    })
    expect(login.status).toBe(200)
    const wallet = await server.call<{ wallet: { balance: number } }>('GET', '/api/user/wallet', {
      token: login.body.data.token,
    })
    expect(wallet.body.data.wallet.balance).toBe(DEMO_CREDIT_CENTS / 100)
    const me = await server.call<{ emailVerified: boolean }>('GET', '/api/user/me', {
      token: login.body.data.token,
    })
    expect(me.body.data.emailVerified).toBe(true)
    await expectLedgerInvariants(server.db)
  })
})

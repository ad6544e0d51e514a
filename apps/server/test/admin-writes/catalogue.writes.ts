// A valid request for each catalogue write, from a fresh state: the audit test in admin-routes.test.ts
// drives every one and checks its audit row (before and after).
import { randomUUID } from 'node:crypto'
import type { Drive } from '../operators.ts'
import { signInOperator } from '../operators.ts'
import { stockRegion } from '../static-ip.ts'
import type { TestServer } from '../test-server.ts'

const newId = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`

export const newPlanBody = (id = newId('plan')) => ({
  id,
  name: '测试 10 GB',
  nameEn: 'Test 10 GB',
  sizeBytes: 10 * 1024 ** 3,
  validityDays: 30,
  price: 9.9,
})

export function writes(server: TestServer): Record<string, Drive> {
  // One operator signs in once for all these drives (each sign-in hashes a password: slow under load).
  let signedIn: Promise<string> | undefined
  const operator = () => {
    signedIn ??= signInOperator(server, 'operator').then((session) => session.cookie)
    return signedIn
  }
  return {
    'POST /api/admin/catalogue/regions': async () =>
      server.call('POST', '/api/admin/catalogue/regions', {
        headers: { cookie: await operator() },
        body: {
          id: newId('r'),
          countryCode: 'DE',
          country: '德国',
          city: '法兰克福',
          countryEn: 'Germany',
          cityEn: 'Frankfurt',
          ispType: 'datacenter',
          protocols: ['socks5', 'vmess'],
          pricePer30Days: 19.5,
        },
      }),
    'PATCH /api/admin/catalogue/regions/:id': async () => {
      const regionId = await stockRegion(server, 1)
      return server.call('PATCH', `/api/admin/catalogue/regions/${regionId}`, {
        headers: { cookie: await operator() },
        body: { pricePer30Days: 27.5 },
      })
    },
    'POST /api/admin/catalogue/plans': async () =>
      server.call('POST', '/api/admin/catalogue/plans', {
        headers: { cookie: await operator() },
        body: newPlanBody(),
      }),
    'PATCH /api/admin/catalogue/plans/:id': async () => {
      const cookie = await operator()
      const plan = newPlanBody()
      await server.call('POST', '/api/admin/catalogue/plans', { headers: { cookie }, body: plan })
      return server.call('PATCH', `/api/admin/catalogue/plans/${plan.id}`, {
        headers: { cookie },
        body: { price: 12.5, isActive: false },
      })
    },
    'PUT /api/admin/catalogue/discounts': async () => {
      const cookie = await operator()
      const current = await server.call<{ discounts: { durationDays: number; percent: number }[] }>(
        'GET',
        '/api/admin/catalogue',
        { headers: { cookie } },
      )
      // One more percent off every term than now (wrapping below the cap), so the audit has a change.
      const discounts = current.body.data.discounts.map((item) => ({
        durationDays: item.durationDays,
        percent: (item.percent + 1) % 90,
      }))
      return server.call('PUT', '/api/admin/catalogue/discounts', {
        headers: { cookie },
        body: { discounts },
      })
    },
  }
}

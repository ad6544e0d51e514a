// One test region's row (Los Angeles, datacenter, both protocols), for the test helpers that stock one.
import type { regions } from '../src/modules/static-ip/static-ip.schema.ts'

export const testRegion = (id: string, pricePer30Days = 25_00): typeof regions.$inferInsert => ({
  id,
  countryCode: 'US',
  country: '美国',
  city: '洛杉矶',
  countryEn: 'United States',
  cityEn: 'Los Angeles',
  ispType: 'datacenter',
  protocols: ['socks5', 'vmess'],
  pricePer30Days,
})

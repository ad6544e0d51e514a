// The static-IP catalogue: regions, their prices per duration and live stock.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'

/**
 * The terms on sale. Longer terms are cheaper: each has a percent off the 30-day price times the number of
 * months, kept in the server's `duration_discounts` table (seeded 0 / 5 / 10 / 20 %, edited by operators);
 * clients read them from the catalogue's `prices[].discountPercent`, never from a constant.
 */
export const DURATIONS = [30, 90, 180, 365] as const
export const DurationDays = z.union(
  DURATIONS.map((days) => z.literal(days)) as [
    z.ZodLiteral<30>,
    z.ZodLiteral<90>,
    z.ZodLiteral<180>,
    z.ZodLiteral<365>,
  ],
)
export type DurationDays = z.infer<typeof DurationDays>

export const ProxyProtocol = z.enum(['socks5', 'vmess'])
export type ProxyProtocol = z.infer<typeof ProxyProtocol>
export const IspType = z.enum(['datacenter', 'isp', 'residential'])
export type IspType = z.infer<typeof IspType>

export const RegionId = z.string().regex(/^[a-z0-9-]{2,32}$/)

export const Region = z.object({
  id: z.string(),
  countryCode: z.string(),
  country: z.string(),
  city: z.string(),
  countryEn: z.string(),
  cityEn: z.string(),
  ispType: IspType,
  protocols: z.array(ProxyProtocol),
  /** Price of one IP for 30 days. */
  pricePer30Days: z.number(),
  prices: z.array(z.object({ durationDays: z.number(), discountPercent: z.number(), unitPrice: z.number() })),
  stock: z.number().int(),
})
export type Region = z.infer<typeof Region>

export const getStaticIpCatalog = defineEndpoint({
  method: 'GET',
  path: '/catalog/static-ip',
  summary: 'Static-IP regions with prices per duration and live stock (no sign-in needed)',
  tags: ['catalog'],
  auth: false,
  response: z.object({ regions: z.array(Region), durations: z.array(z.number()) }),
})

// Traffic packages (GB with a validity period) paying for the customer's traffic account.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { PageQuery, pageOf } from '../pagination.ts'

export const GB = 1024 ** 3
export const TRAFFIC_MAX_QUANTITY = 20

export const TrafficPlan = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string(),
  sizeBytes: z.number().int(),
  validityDays: z.number().int(),
  price: z.number(),
  pricePerGb: z.number(),
})
export type TrafficPlan = z.infer<typeof TrafficPlan>

export const TrafficPackageStatus = z.enum(['active', 'exhausted', 'expired'])
export const TrafficPackage = z.object({
  id: z.string(),
  planName: z.string(),
  totalBytes: z.number().int(),
  usedBytes: z.number().int(),
  remainingBytes: z.number().int(),
  status: TrafficPackageStatus,
  purchasedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  orderNo: z.string(),
})
export type TrafficPackage = z.infer<typeof TrafficPackage>

/**
 * Sticky sessions of the traffic account, read from the username by the gateway:
 * `USERNAME-session-ID` keeps one pool exit for SESSION_DEFAULT_MINUTES,
 * `USERNAME-session-ID-sessTime-N` for N minutes (SESSION_MIN_MINUTES … SESSION_MAX_MINUTES).
 */
export const SESSION_DEFAULT_MINUTES = 10
export const SESSION_MIN_MINUTES = 1
export const SESSION_MAX_MINUTES = 120
/** A session id is 1 … this many letters, digits or `_`. */
export const SESSION_ID_MAX_LENGTH = 64

export const TrafficAccount = z.object({
  /**
   * Each connection leaves from a new address of the pool. A sticky session keeps one exit:
   * `USERNAME-session-abc123` for 10 minutes, `USERNAME-session-abc123-sessTime-30` for 30 (1–120);
   * the session id is 1–64 letters, digits or `_`.
   */
  username: z.string().meta({
    description:
      'Rotating by default (a new exit address per connection). Sticky: USERNAME-session-abc123 keeps one exit for 10 minutes, USERNAME-session-abc123-sessTime-30 for 30 (1-120); the session id is 1-64 letters, digits or _.',
  }),
  password: z.string(),
  status: z.enum(['enabled', 'disabled']),
  remainingBytes: z.number().int(),
  endpoints: z.array(
    z.object({ host: z.string(), port: z.number().int(), protocol: z.enum(['socks5', 'http']) }),
  ),
})
export type TrafficAccount = z.infer<typeof TrafficAccount>

export const getTrafficPlans = defineEndpoint({
  method: 'GET',
  path: '/catalog/traffic-plans',
  summary: 'Traffic plans: size, validity, price and price per GB (no sign-in needed)',
  tags: ['catalog'],
  auth: false,
  response: z.object({ plans: z.array(TrafficPlan) }),
})

export const listTrafficPackages = defineEndpoint({
  method: 'GET',
  path: '/user/traffic-packages',
  summary: 'Your traffic packages with a summary, soonest expiry first',
  tags: ['traffic'],
  scope: 'read',
  query: PageQuery.extend({ status: TrafficPackageStatus.optional() }),
  response: pageOf(TrafficPackage).extend({
    summary: z.object({
      remainingBytes: z.number().int(),
      activeCount: z.number().int(),
      nextExpiry: z.iso.datetime().nullable(),
    }),
  }),
})

export const getTrafficAccount = defineEndpoint({
  method: 'GET',
  path: '/user/traffic-account',
  summary:
    'Your traffic account: credentials, endpoints, status and remaining bytes (sticky sessions: see username)',
  tags: ['traffic'],
  scope: 'read',
  response: TrafficAccount,
})

export const resetTrafficAccountPassword = defineEndpoint({
  method: 'POST',
  path: '/user/traffic-account/reset-password',
  summary: 'A new traffic-account password; the old one stops working',
  tags: ['traffic'],
  scope: 'manage',
  response: TrafficAccount,
})

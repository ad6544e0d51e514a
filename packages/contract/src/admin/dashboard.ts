// The business at a glance for every operator: money in, static-IP stock, traffic, node health and
// failed auto-renewals. Every window is whole UTC days ending with today (UTC); money is in dollars.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'

/** How many whole UTC days the daily series and the longest window cover (today included). */
export const DASHBOARD_DAYS = 30

/** Dollars over three windows of whole UTC days: today, today and the 6 days before, today and the 29 before. */
export const DashboardWindows = z.object({
  today: z.number(),
  last7Days: z.number(),
  last30Days: z.number(),
})
export type DashboardWindows = z.infer<typeof DashboardWindows>

export const DashboardDay = z.object({
  /** The UTC calendar day, `YYYY-MM-DD`. */
  date: z.iso.date(),
  /** Dollars of paid orders placed that day. */
  revenue: z.number(),
  /** Dollars credited to wallets by top-ups paid that day. */
  topUps: z.number(),
})
export type DashboardDay = z.infer<typeof DashboardDay>

export const DashboardRegionStock = z.object({
  regionId: z.string(),
  countryCode: z.string(),
  /** The region's name in Chinese (`country`, `city`) and English (`countryEn`, `cityEn`). */
  country: z.string(),
  city: z.string(),
  countryEn: z.string(),
  cityEn: z.string(),
  isActive: z.boolean(),
  /** Addresses ready to sell, held by a customer, and cooling down after release (pool exits are not stock). */
  available: z.number().int(),
  allocated: z.number().int(),
  cooling: z.number().int(),
  /** Active static IPs on this region's addresses. */
  activeIps: z.number().int(),
})
export type DashboardRegionStock = z.infer<typeof DashboardRegionStock>

export const Dashboard = z.object({
  generatedAt: z.iso.datetime(),
  /** Days and windows are cut at midnight in this zone: always UTC. */
  timeZone: z.literal('UTC'),
  /** The first UTC day of each window (the last is today). */
  windows: z.object({ today: z.iso.date(), last7Days: z.iso.date(), last30Days: z.iso.date() }),
  /** Paid orders (static IPs, renewals, traffic), by the day they were placed. */
  revenue: DashboardWindows,
  /** Top-ups credited to wallets, by the day they were paid. */
  topUps: DashboardWindows,
  /** One entry per UTC day of the last 30, oldest first, zeros included. */
  daily: z.array(DashboardDay),
  staticIps: z.object({
    /** Static IPs customers hold now (status active). */
    active: z.number().int(),
    /** Every region on sale or with stock, in the catalogue's order. */
    regions: z.array(DashboardRegionStock),
  }),
  /** Over the 30-day window. */
  traffic: z.object({
    /** Bytes of the traffic packages bought. */
    soldBytes: z.number(),
    /** Bytes traffic accounts used (drawn from packages). */
    usedBytes: z.number(),
    /** Bytes static IPs carried (not drawn from packages; shown for scale). */
    staticIpBytes: z.number(),
  }),
  nodes: z.object({
    /** Nodes not revoked: up when a heartbeat came within `downAfterSeconds`, down otherwise. */
    up: z.number().int(),
    down: z.number().int(),
    total: z.number().int(),
    downAfterSeconds: z.number().int(),
  }),
  /** Failed auto-renewals over the 7-day window: the notices customers were sent. */
  autoRenewals: z.object({
    /** Failed attempts (one notice per customer and attempt). */
    failed: z.number().int(),
    /** Static IPs those attempts could not renew. */
    instances: z.number().int(),
    /** Customers they happened to. */
    customers: z.number().int(),
  }),
})
export type Dashboard = z.infer<typeof Dashboard>

export const getAdminDashboard = defineEndpoint({
  method: 'GET',
  path: '/admin/dashboard',
  summary:
    'Revenue and top-ups (today, 7 and 30 UTC days, daily), stock per region, traffic, nodes, failed auto-renewals',
  tags: ['admin'],
  auth: 'operator',
  permission: 'dashboard.read',
  response: Dashboard,
})

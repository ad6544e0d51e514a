// How a traffic package reads: its status colour, how much is used, its plan's name and days left.
import type { TrafficAccount, TrafficPackage, TrafficPlan } from '@proxy/contract/traffic/endpoints'
import { daysLeft } from '../../../shared/lib/days-left.ts'

export type PackageStatus = TrafficPackage['status']
export const PACKAGE_STATUSES = ['active', 'exhausted', 'expired'] as const satisfies readonly PackageStatus[]

/** antd Tag colours: active green, exhausted orange, expired grey. */
export const STATUS_COLORS: Record<PackageStatus, string> = {
  active: 'success',
  exhausted: 'warning',
  expired: 'default',
}

/** Share of the package used, 0..100 with one decimal; a used-up package is exactly 100. */
export const usedPercent = ({ usedBytes, totalBytes }: Pick<TrafficPackage, 'usedBytes' | 'totalBytes'>) => {
  if (totalBytes <= 0) return 0
  return Math.min(100, Math.max(0, Math.round((usedBytes / totalBytes) * 1000) / 10))
}

/** Days left, only for an active package (an exhausted or expired one has none to count). */
export const packageDaysLeft = (
  item: Pick<TrafficPackage, 'status' | 'expiresAt'>,
  now = Date.now(),
): number | null => (item.status === 'active' ? daysLeft(item.expiresAt, now) : null)

/** Packages keep the Chinese plan name; the plan list gives the English one when it still sells that plan. */
export const planLabel = (
  name: string,
  plans: readonly Pick<TrafficPlan, 'name' | 'nameEn'>[],
  language: string,
): string => {
  if (!language.startsWith('en')) return name
  return plans.find((plan) => plan.name === name)?.nameEn ?? name
}

export const planName = (plan: Pick<TrafficPlan, 'name' | 'nameEn'>, language: string): string =>
  language.startsWith('en') ? plan.nameEn : plan.name

type Endpoint = TrafficAccount['endpoints'][number]

/** host:port, with an IPv6 address in brackets as URLs need it. */
export const hostPort = ({ host, port }: Pick<Endpoint, 'host' | 'port'>) =>
  `${host.includes(':') ? `[${host}]` : host}:${port}`

/**
 * A proxy URL a client accepts as is: `socks5://user:pass@host:port`, credentials percent-encoded.
 * With `mask`, the password shows as that text instead (for the screen; the copy takes the real one).
 */
export const connectionString = (
  endpoint: Endpoint,
  account: Pick<TrafficAccount, 'username' | 'password'>,
  mask?: string,
): string =>
  `${endpoint.protocol}://${encodeURIComponent(account.username)}:${mask ?? encodeURIComponent(account.password)}@${hostPort(endpoint)}`

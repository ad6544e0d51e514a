// The recent-pages history (SPEC §3/§4): localStorage `recentRouter`, newest first, unique paths, at most 6.

export const RECENT_ROUTER_KEY = 'recentRouter'
export const RECENT_ROUTER_LIMIT = 6
export const RECENT_ROUTER_EXCLUDED = [
  '/console/checkout-counter',
  '/console/line-buy',
  '/console/router-buy',
]

/** `title` holds the route's i18n title key, so the list follows the current language. */
export type RecentRoute = { title: string; path: string }

const pathOnly = (path: string): string => {
  const bare = path.split(/[?#]/)[0] ?? ''
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare
}

export const isExcludedRoute = (path: string): boolean => RECENT_ROUTER_EXCLUDED.includes(pathOnly(path))

export const addRecentRoute = (list: readonly RecentRoute[], entry: RecentRoute): RecentRoute[] => {
  if (isExcludedRoute(entry.path)) return [...list]
  const rest = list.filter((item) => item.path !== entry.path && !isExcludedRoute(item.path))
  return [entry, ...rest].slice(0, RECENT_ROUTER_LIMIT)
}

const isRecentRoute = (value: unknown): value is RecentRoute =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RecentRoute).title === 'string' &&
  typeof (value as RecentRoute).path === 'string'

export const parseRecentRoutes = (raw: string | null): RecentRoute[] => {
  if (raw === null) return []
  try {
    const parsed: unknown = JSON.parse(raw)
    return Array.isArray(parsed) ? parsed.filter(isRecentRoute).slice(0, RECENT_ROUTER_LIMIT) : []
  } catch {
    return []
  }
}

type Store = Pick<Storage, 'getItem' | 'setItem'>

export const readRecentRoutes = (storage: Store = window.localStorage): RecentRoute[] =>
  parseRecentRoutes(storage.getItem(RECENT_ROUTER_KEY))

export const recordRecentRoute = (
  entry: RecentRoute,
  storage: Store = window.localStorage,
): RecentRoute[] => {
  const next = addRecentRoute(readRecentRoutes(storage), entry)
  storage.setItem(RECENT_ROUTER_KEY, JSON.stringify(next))
  return next
}

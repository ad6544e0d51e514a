// Records every visit to a console page in the recent-pages history (title key + path).
import { useEffect } from 'react'
import { recordRecentRoute } from '../../shared/recent-router/recent-router.ts'
import { hasToken } from '../../shared/session/token.ts'
import { CONSOLE_PAGES } from '../routing/console-pages.ts'
import type { RouteMeta } from '../routing/route-meta.ts'

const PAGE_KEYS = new Set<string>(CONSOLE_PAGES.map((page) => page.key))

export const useRecordRecentRoute = (meta: RouteMeta | undefined, pathname: string): void => {
  const key = meta?.key
  const titleKey = meta?.titleKey
  useEffect(() => {
    if (key === undefined || titleKey === undefined || !PAGE_KEYS.has(key)) return
    // A page still drawing when a 401 ended the session must not write into the storage just cleared.
    if (!hasToken()) return
    recordRecentRoute({ title: titleKey, path: pathname })
  }, [key, titleKey, pathname])
}

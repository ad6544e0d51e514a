// The portal as a page of its own: index.html's first paint on /, /portal, /portal/home and /portal/auth, without the
// console's code (antd, the router, react-query). It replaces the prerendered markup, fetches the live offer after
// the first paint, and hands the page over to the console — loaded then — when the visitor goes anywhere else.
import type { SessionToken } from '@proxy/contract/auth/endpoints'
import { ACCOUNT_PAGES } from '@proxy/contract/wire'
import { StrictMode, useEffect, useState } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { DEFAULT_LANGUAGE, type Language, persistLanguage, readLanguage } from '../shared/i18n/language.ts'
import { PORTAL_HOME, signInPath } from '../shared/session/redirect.ts'
import { hasToken, storeToken } from '../shared/session/token.ts'
import { loadOffer, type Offer } from './portal-api.ts'
import { Portal } from './portal-page.tsx'
import { translator } from './portal-text.ts'

/** What the island needs of the console, loaded only when the page moves on to it. */
export type ConsoleEntry = {
  /** After a sign-in: brings the account's preferences (language, tour) onto this browser, for at most 3 s. */
  restoreAfterSignIn: () => Promise<void>
  /** Saves a language chosen while signed in on the account, as the console's switch does. */
  saveLanguage: (language: Language) => Promise<void>
  /** Mounts the console on `container`, at `to` when given (pushed, or replacing the current entry). */
  mountConsole: (container: HTMLElement, to?: string, replace?: boolean) => void
}

/** The addresses the island draws; every other one is the console's. */
export const ISLAND_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/portal',
  '/portal/',
  PORTAL_HOME,
  '/portal/auth',
])

const ACCOUNT_PATHS: ReadonlySet<string> = new Set(Object.values(ACCOUNT_PAGES))

/** `/` → /portal/auth, `/portal` → /portal/home, and without a token /portal/auth → /portal/home (SPEC §2, §4). */
export const islandAddress = (pathname: string, search: string, isSignedIn: boolean): string => {
  // The router's <Navigate> of / and /portal drops the query, as before.
  if (pathname === '/') return islandAddress('/portal/auth', '', isSignedIn)
  if (pathname === '/portal' || pathname === '/portal/') return PORTAL_HOME
  if (pathname === '/portal/auth' && !isSignedIn) return signInPath({ pathname, search })
  return `${pathname}${search}`
}

const safeLanguage = (): Language => {
  try {
    return readLanguage()
  } catch {
    return DEFAULT_LANGUAGE
  }
}

const Island = ({
  loadConsole,
  handOver,
}: {
  loadConsole: () => Promise<ConsoleEntry>
  handOver: (to: string, replace: boolean, afterSignIn: boolean) => Promise<void>
}) => {
  const [language, setLanguage] = useState(safeLanguage)
  const [search, setSearch] = useState(window.location.search)
  const [offer, setOffer] = useState<Offer>({ regions: [], plans: [] })

  useEffect(() => {
    void loadOffer().then(setOffer)
  }, [])

  useEffect(() => {
    const t = translator(language)
    document.documentElement.lang = language
    document.title = `${t('common:titles.login')} - ${t('common:product.name')}`
  }, [language])

  useEffect(() => {
    const onBack = () => {
      if (ISLAND_PATHS.has(window.location.pathname)) setSearch(window.location.search)
      else
        void handOver(
          `${window.location.pathname}${window.location.search}${window.location.hash}`,
          true,
          false,
        )
    }
    window.addEventListener('popstate', onBack)
    return () => window.removeEventListener('popstate', onBack)
  }, [handOver])

  const onLanguage = (next: Language) => {
    setLanguage(next)
    persistLanguage(next)
    if (hasToken())
      void loadConsole()
        .then((entry) => entry.saveLanguage(next))
        .catch(() => undefined)
  }

  /** A console page: signed out, the guard's answer (SPEC §4) without loading the console; signed in, the console. */
  const navigate = (to: string) => {
    const url = new URL(to, window.location.origin)
    if (ISLAND_PATHS.has(url.pathname)) {
      window.history.pushState(null, '', islandAddress(url.pathname, url.search, hasToken()))
      setSearch(window.location.search)
    } else if (!hasToken() && !ACCOUNT_PATHS.has(url.pathname)) {
      window.history.pushState(null, '', signInPath(url))
      setSearch(window.location.search)
    } else void handOver(to, false, false)
  }

  const onSignedIn = async ({ token, expiresAt }: SessionToken, target: string) => {
    storeToken(token, expiresAt)
    await handOver(target, true, true)
  }

  return (
    <Portal
      language={language}
      onLanguage={onLanguage}
      navigate={navigate}
      search={search}
      isSignedIn={hasToken()}
      offer={offer}
      onSignedIn={onSignedIn}
    />
  )
}

export const mountPortal = (container: HTMLElement, loadConsole: () => Promise<ConsoleEntry>): void => {
  const { pathname, search } = window.location
  const address = islandAddress(pathname, search, hasToken())
  if (address !== `${pathname}${search}`) window.history.replaceState(null, '', address)

  let root: Root | null = null
  let isHandingOver = false
  const handOver = async (to: string, replace: boolean, afterSignIn: boolean) => {
    if (isHandingOver) return
    isHandingOver = true
    try {
      const entry = await loadConsole()
      if (afterSignIn) await entry.restoreAfterSignIn()
      root?.unmount()
      root = null
      container.replaceChildren()
      entry.mountConsole(container, to, replace)
    } catch {
      // The console's chunks could not load (offline, a new deployment): a full page load tries again.
      isHandingOver = false
      window.location.assign(to)
    }
  }

  const island = (
    <StrictMode>
      <Island loadConsole={loadConsole} handOver={handOver} />
    </StrictMode>
  )
  // The build's prerendered page is this very render for a signed-out visitor in the default language: hydrate it
  // (no node replaced, no second paint); otherwise draw anew. A mismatch (a new year in the footer) re-renders it.
  const prerendered = container.querySelector<HTMLElement>(':scope > .pt-pre')
  if (prerendered !== null && safeLanguage() === DEFAULT_LANGUAGE && !hasToken()) {
    // The island's now: live, and no longer hidden by the prerender's rules when the language changes.
    prerendered.removeAttribute('inert')
    prerendered.classList.remove('pt-pre')
    root = hydrateRoot(prerendered, island, { onRecoverableError: () => undefined })
  } else {
    container.replaceChildren()
    root = createRoot(container)
    root.render(island)
  }
}

// One Chromium per test file (Debian's, never a downloaded one) and contexts with a chosen session and language.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, headless: true })

export type ContextOptions = {
  token?: string
  language?: 'zh-CN' | 'en-US'
  /** Leave the first-visit tour on (default: the `firstVisit` cookie is set so the tour stays away). */
  withTour?: boolean
  viewport?: { width: number; height: number }
}

export const openContext = async (browser: Browser, baseURL: string, options: ContextOptions = {}) => {
  const { hostname } = new URL(baseURL)
  const cookie = (name: string, value: string) => ({
    name,
    value,
    domain: hostname,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Strict' as const,
  })
  const cookies = [
    ...(options.token ? [cookie('token', options.token)] : []),
    ...(options.withTour ? [] : [cookie('firstVisit', '1')]),
  ]
  // Playwright fills an origin's localStorage by loading the origin in a page of its own (about half a second):
  // only when there is something to put there.
  const origins = options.language
    ? [{ origin: baseURL, localStorage: [{ name: 'language', value: options.language }] }]
    : []
  const context: BrowserContext = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'zh-CN',
    storageState: { cookies, origins },
    // Dialogs open and close at once (the app follows prefers-reduced-motion): a click never lands
    // on one still zooming in, which on a loaded machine it did.
    reducedMotion: 'reduce',
  })
  context.setDefaultTimeout(15_000)
  const page: Page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  // The server's CSP (script-src 'self') must never block anything the client does.
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) errors.push(message.text())
  })
  return { context, page, errors }
}

export const cookieValue = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((cookie) => cookie.name === name)

/** The keys in the page's web storages (names, so a failure says what was left behind). */
export const storageKeys = (page: Page) =>
  page.evaluate(() => ({
    local: Object.keys(window.localStorage).sort(),
    session: Object.keys(window.sessionStorage).sort(),
  }))

// The console shell: menu routes, wallet tag, not-found, recent pages, tour, error boundary, language.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SPEC_CONSOLE_MENU } from '../src/test/console-menu.ts'
import { type Customer, registerCustomer } from './support/api.ts'
import { cookieValue, launchBrowser, openContext } from './support/browser.ts'
import { testServer } from './support/server.ts'

const { baseURL } = testServer()
let browser: Browser
let customer: Customer

beforeAll(async () => {
  browser = await launchBrowser()
  customer = await registerCustomer(baseURL, 'console')
})
afterAll(async () => {
  await browser?.close()
})

const MENU = SPEC_CONSOLE_MENU

// Every page, by an element of its own (the overview by its greeting).
const PAGE_CONTENT: Record<string, string> = {
  '/console/buyStaticIP': 'purchase-summary',
  '/console/ipList': 'instance-table',
  '/console/ipOrderList': 'order-table',
  '/console/recharge': 'recharge-submit',
  '/console/businessFlow': 'tab-entries',
  '/console/receipts': 'receipts-table',
  '/console/trafficFlowHistory': 'usage-controls',
  '/console/buyTrafficFlow': 'traffic-summary',
  '/console/trafficFlowPackList': 'package-table',
  '/console/subUsers': 'sub-users',
  '/console/tunnelStats': 'stats-controls',
  '/console/overview': 'greeting',
  '/console/alerts': 'alert-rules',
}

// Menu entries are found by their label (the accessible name also carries the icon's name).
const menuItem = (page: Page, label: string) =>
  page
    .getByTestId('side-menu')
    .locator('.ant-menu-item')
    .filter({ has: page.getByText(label, { exact: true }) })

const readRecent = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('recentRouter') ?? '[]') as { title: string; path: string }[],
  )

describe('console shell', () => {
  it('/console redirects to the overview', async () => {
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/console')
    await page.waitForURL('**/console/overview')
    await context.close()
  })

  it('opens each page of the menu with its title and selected entry', async () => {
    const { context, page, errors } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/console/overview')
    const menu = page.getByTestId('side-menu')
    const iconOf = (label: string) => menuItem(page, label).locator('.anticon svg').innerHTML()
    const activeIcons = new Map<string, string>()
    for (const [label, path] of [...MENU].reverse()) {
      await menuItem(page, label).click()
      await page.waitForURL(`**${path}`)
      await page
        .getByTestId('page-title')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .waitFor()
      await expect.poll(() => page.title()).toBe(`${label} - 云枢代理`)
      await expect(menu.locator('.ant-menu-item-selected').textContent()).resolves.toBe(label)
      activeIcons.set(label, await iconOf(label))
      const content = PAGE_CONTENT[path]
      if (!content) throw new Error(`no content marker for ${path}`)
      await page.getByTestId(content).first().waitFor()
    }
    // Each entry draws a different (inactive) icon once another entry is selected.
    for (const [label] of MENU.slice(1)) expect(await iconOf(label)).not.toBe(activeIcons.get(label))
    // All four groups stay open.
    expect(await menu.locator('.ant-menu-submenu-open').count()).toBe(4)
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the balance as $0.00 in a tag that links to the top-up page', async () => {
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/console/overview')
    const tag = page.getByTestId('wallet-tag')
    await tag.getByText('$0.00').waitFor()
    expect(await tag.textContent()).toMatch(/^\s*\$\d{1,3}(,\d{3})*\.\d{2}\s*$/)
    expect(await tag.getAttribute('href')).toBe('/console/recharge')
    await tag.click()
    await page.waitForURL('**/console/recharge')
    await context.close()
  })

  it('shows a not-found page inside the layout for unknown console paths', async () => {
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/console/no-such-page')
    await page.getByText('页面不存在').first().waitFor()
    expect(await page.getByTestId('side-menu').isVisible()).toBe(true)
    await page.getByRole('button', { name: '返回概览' }).click()
    await page.waitForURL('**/console/overview')
    await context.close()
  })

  it('keeps at most six recent pages, newest first, never the checkout pages', async () => {
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/console/overview')
    for (const [label, path] of MENU) {
      await menuItem(page, label).click()
      await page.waitForURL(`**${path}`)
      await page
        .getByTestId('page-title')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .waitFor()
      await expect.poll(async () => (await readRecent(page))[0]?.path).toBe(path)
    }
    await page.goto('/console/checkout-counter')
    await page.getByTestId('checkout-missing').waitFor()
    for (const path of ['/console/line-buy', '/console/router-buy']) {
      // The portal's ready checkouts: real pages, kept out of the recent list like the checkout counter.
      await page.goto(path)
      await page.getByTestId('page-title').waitFor()
    }
    // The last menu entry visited stays the newest: the checkout pages never enter the list.
    await expect.poll(async () => (await readRecent(page))[0]?.path).toBe(MENU.at(-1)?.[1])
    const recent = await readRecent(page)
    expect(recent.map((entry) => entry.path)).toEqual(
      MENU.slice(-6)
        .map(([, path]) => path)
        .reverse(),
    )
    expect(recent.every((entry) => typeof entry.title === 'string' && entry.title.length > 0)).toBe(true)
    // Revisiting moves an entry to the front without duplicating it.
    await menuItem(page, '流量购买').click()
    await page.waitForURL('**/console/buyTrafficFlow')
    await expect.poll(async () => (await readRecent(page))[0]?.path).toBe('/console/buyTrafficFlow')
    const again = await readRecent(page)
    expect(again[0]?.path).toBe('/console/buyTrafficFlow')
    expect(again.filter((entry) => entry.path === '/console/buyTrafficFlow')).toHaveLength(1)
    expect(again).toHaveLength(6)
    // The overview offers them as quick links.
    await menuItem(page, '概览').click()
    await page.getByTestId('recent-pages').getByText('流量购买').waitFor()
    await context.close()
  })

  it('tours a first-time visitor and remembers it in the firstVisit cookie', async () => {
    const { context, page } = await openContext(browser, baseURL, { token: customer.token, withTour: true })
    await page.goto('/console/overview')
    const tour = page.locator('.ant-tour')
    await tour.getByText('功能菜单').waitFor()
    await tour.getByRole('button', { name: '下一步' }).click()
    await tour.getByText('钱包余额').waitFor()
    await tour.getByRole('button', { name: '下一步' }).click()
    await tour.getByText('账户菜单').waitFor()
    await tour.getByRole('button', { name: '开始使用' }).click()
    expect((await cookieValue(context, 'firstVisit'))?.value).toBe('1')
    await page.reload()
    await page.getByTestId('greeting').waitFor()
    await page.waitForTimeout(800)
    expect(await page.locator('.ant-tour:visible').count()).toBe(0)
    await context.close()
  })
})

describe('error boundary', () => {
  it('catches a malformed /api/user/me answer and reloads on retry', async () => {
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.route('**/api/user/me', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"code":0,"message":"ok","data":{"oops":1}}',
      }),
    )
    await page.goto('/console/overview')
    await page.getByText('不好意思，页面发生错误！').waitFor()
    const retry = page.getByRole('button', { name: '重试一次试试？' })
    await page.evaluate(() => {
      ;(window as unknown as { beforeRetry?: boolean }).beforeRetry = true
    })
    await page.unroute('**/api/user/me')
    await Promise.all([page.waitForEvent('load'), retry.click()])
    expect(
      await page.evaluate(() => (window as unknown as { beforeRetry?: boolean }).beforeRetry),
    ).toBeUndefined()
    await page.getByTestId('greeting').waitFor()
    await context.close()
  })
})

describe('language', () => {
  it('switches to English, persists the choice and follows it on reload', async () => {
    const { context, page } = await openContext(browser, baseURL)
    await page.goto('/portal/home')
    await page.getByTestId('language-switch').getByText('English').click()
    // The English texts load on demand: wait for them (a bounded wait; it fails if they never come).
    await page
      .getByTestId('auth-title')
      .filter({ hasText: /^Login$/ })
      .waitFor()
    await page.getByRole('tab', { name: 'Account' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en-US')
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US')
    expect(await page.title()).toBe('Login - CloudHub Proxy')
    await page.reload()
    await page
      .getByTestId('auth-title')
      .filter({ hasText: /^Login$/ })
      .waitFor()
    await context.close()
  })

  it('translates the console and keeps requests in zh-CN', async () => {
    const { context, page } = await openContext(browser, baseURL, {
      token: customer.token,
      language: 'en-US',
    })
    const languages: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/')) languages.push(request.headers()['accept-language'] ?? '')
    })
    await page.goto('/console/overview')
    await menuItem(page, 'Buy static IP').click()
    await page.waitForURL('**/console/buyStaticIP')
    await page
      .getByTestId('page-title')
      .filter({ hasText: /^Buy static IP$/ })
      .waitFor()
    expect(languages.length).toBeGreaterThan(0)
    expect(new Set(languages)).toEqual(new Set(['zh-CN']))
    await context.close()
  })
})

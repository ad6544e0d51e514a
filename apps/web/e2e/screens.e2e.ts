// Full-page screenshots of every screen in both languages, plus the portal, overview and wallet pages at 375 px;
// every screen is also checked for sideways scroll, overlapping controls and its language (support/layout.ts).
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  type Customer,
  cancelTopUp,
  createTopUp,
  payInSandbox,
  registerCustomer,
  type TopUpOrder,
} from './support/api.ts'
import { launchBrowser, openContext } from './support/browser.ts'
import { expectLayout, type TitleKey } from './support/layout.ts'
import { screenshot, settleMotion } from './support/screens.ts'
import { testServer } from './support/server.ts'

const { baseURL } = testServer()
let browser: Browser
let customer: Customer
// A customer with money movements: one paid top-up, one cancelled, one still pending.
let payer: Customer
let paid: TopUpOrder
let pending: TopUpOrder

beforeAll(async () => {
  browser = await launchBrowser()
  customer = await registerCustomer(baseURL, 'screens')
  payer = await registerCustomer(baseURL, 'screens-payer')
  paid = await createTopUp(baseURL, payer.token, 100)
  await payInSandbox(baseURL, paid)
  const cancelled = await createTopUp(baseURL, payer.token, 50, 'wxpay')
  await cancelTopUp(baseURL, payer.token, cancelled.orderNo)
  pending = await createTopUp(baseURL, payer.token, 200, 'wxpay')
})
afterAll(async () => {
  await browser?.close()
  console.log(`[e2e] screenshots in ${inject('screenshotDir')}`)
})

type Language = 'zh-CN' | 'en-US'

/** The screenshot, then the layout and language checks of the same screen. */
const capture = async (page: Page, name: string, language: Language, title: TitleKey | null) => {
  await screenshot(page, name)
  await expectLayout(page, name, language, title)
}

const CONSOLE_PAGES: TitleKey[] = [
  'overview',
  'buyStaticIP',
  'ipList',
  'ipOrderList',
  'buyTrafficFlow',
  'trafficFlowHistory',
  'trafficFlowPackList',
  'subUsers',
  'tunnelStats',
  'recharge',
  'businessFlow',
]

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle')
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {})
}

const openUserDialog = async (page: Page, index: 0 | 1) => {
  await page.getByTestId('user-menu').click()
  await page.locator('.ant-dropdown-menu-item').nth(index).click()
  await page.locator('.ant-modal').first().waitFor()
  await settle(page)
}

describe.each(['zh-CN', 'en-US'] as const)('screenshots in %s', (language) => {
  it('captures the portal, paySuccess, every console page, not-found, dialogs and the error page', async () => {
    const anonymous = await openContext(browser, baseURL, { language })
    await anonymous.page.goto('/portal/home')
    await anonymous.page.getByTestId('auth-title').waitFor()
    await capture(anonymous.page, `${language}-portal`, language, 'login')
    await anonymous.page.goto('/portal/forgot-password')
    await anonymous.page.getByTestId('account-page-title').waitFor()
    await capture(anonymous.page, `${language}-forgot-password`, language, 'forgotPassword')
    await anonymous.context.close()

    const { context, page, errors } = await openContext(browser, baseURL, { token: customer.token, language })
    await page.goto('/paySuccess')
    await settle(page)
    await capture(page, `${language}-pay-success`, language, 'paySuccess')

    for (const key of CONSOLE_PAGES) {
      await page.goto(`/console/${key}`)
      await page.getByTestId('page-title').waitFor()
      await settle(page)
      await capture(page, `${language}-console-${key}`, language, key)
    }

    // Pages outside the menu: account security and the portal's ready checkouts.
    const outside: [string, TitleKey][] = [
      ['security', 'security'],
      ['line-buy', 'buyStaticIP'],
      ['router-buy', 'buyTrafficFlow'],
    ]
    for (const [path, title] of outside) {
      await page.goto(`/console/${path}`)
      await page.getByTestId('page-title').waitFor()
      await settle(page)
      await capture(page, `${language}-console-${path}`, language, title)
    }

    await page.goto('/console/does-not-exist')
    await page.locator('.ant-result-404').waitFor()
    await capture(page, `${language}-console-not-found`, language, 'notFound')

    await page.goto('/console/overview')
    await settle(page)
    // Tall enough for the whole dialog: a full-page shot does not scroll the modal's own container.
    await page.setViewportSize({ width: 1280, height: 1500 })
    await openUserDialog(page, 0)
    await capture(page, `${language}-personal-info`, language, 'overview')
    await page.keyboard.press('Escape')
    await page.locator('.ant-modal').first().waitFor({ state: 'hidden' })
    await page.setViewportSize({ width: 1280, height: 800 })

    await openUserDialog(page, 1)
    await capture(page, `${language}-change-password`, language, 'overview')
    await page.keyboard.press('Escape')

    await page.getByTestId('user-menu').click()
    await page.locator('.ant-dropdown-menu-item-danger').click()
    await page.locator('.ant-modal-confirm').waitFor()
    await capture(page, `${language}-logout-confirm`, language, 'overview')
    await page.keyboard.press('Escape')
    expect(errors).toEqual([])
    await context.close()

    const broken = await openContext(browser, baseURL, { token: customer.token, language })
    await broken.page.route('**/api/user/me', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"code":0,"message":"ok","data":null}',
      }),
    )
    await broken.page.goto('/console/overview')
    await broken.page
      .getByRole('button', { name: language === 'zh-CN' ? '重试一次试试？' : 'Try again?' })
      .waitFor()
    await capture(broken.page, `${language}-error-boundary`, language, null)
    await broken.context.close()
  })
})

const captureWallet = async (page: Page, prefix: string, language: Language) => {
  await page.goto('/console/recharge')
  await page.getByTestId('recharge-submit').waitFor()
  await settle(page)
  await capture(page, `${prefix}-recharge`, language, 'recharge')
  await page.getByTestId('custom-amount').fill('0.5')
  await page.getByTestId('recharge-submit').click()
  // The click scrolls to the field; a full-page shot from the top keeps the sticky header in its place.
  await settleMotion(page)
  await page.evaluate(() => window.scrollTo(0, 0))
  await capture(page, `${prefix}-recharge-invalid`, language, 'recharge')

  await page.goto(`/console/checkout-counter?orderNo=${pending.orderNo}`)
  await page.getByTestId('checkout-countdown').waitFor()
  await capture(page, `${prefix}-checkout-counter`, language, 'checkoutCounter')

  await page.goto(`/paySuccess?orderNo=${paid.orderNo}`)
  await page.getByTestId('pay-balance').waitFor()
  await capture(page, `${prefix}-pay-success-paid`, language, 'paySuccess')
  await page.goto(`/paySuccess?orderNo=${pending.orderNo}`)
  await page.getByTestId('pay-pending').waitFor()
  await capture(page, `${prefix}-pay-success-processing`, language, 'paySuccess')

  await page.goto('/console/businessFlow')
  await page.getByText(paid.orderNo).first().waitFor()
  await settle(page)
  await capture(page, `${prefix}-business-flow-entries`, language, 'businessFlow')
  await page.goto('/console/businessFlow?tab=topups')
  await page.getByText(pending.orderNo).first().waitFor()
  await settle(page)
  await capture(page, `${prefix}-business-flow-topups`, language, 'businessFlow')
}

describe.each(['zh-CN', 'en-US'] as const)('wallet screenshots in %s', (language) => {
  it('captures top-up, checkout counter, payment results and billing records with data', async () => {
    const { context, page, errors } = await openContext(browser, baseURL, { token: payer.token, language })
    await captureWallet(page, `${language}-wallet`, language)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('small screens', () => {
  it('captures the wallet pages at 375 px', async () => {
    const viewport = { width: 375, height: 812 }
    const { context, page, errors } = await openContext(browser, baseURL, {
      token: payer.token,
      viewport,
      language: 'zh-CN',
    })
    await captureWallet(page, 'mobile-wallet', 'zh-CN')
    // No sideways scrolling anywhere, measured against the phone's width too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(errors).toEqual([])
    await context.close()
  })

  it('captures the portal and the overview at 375 px, with the menu in a drawer', async () => {
    const viewport = { width: 375, height: 812 }
    const anonymous = await openContext(browser, baseURL, { viewport })
    await anonymous.page.goto('/portal/home')
    await anonymous.page.getByTestId('auth-title').waitFor()
    await capture(anonymous.page, 'mobile-portal', 'zh-CN', 'login')
    await anonymous.context.close()

    const { context, page } = await openContext(browser, baseURL, {
      token: customer.token,
      viewport,
      language: 'zh-CN',
    })
    await page.goto('/console/overview')
    await settle(page)
    expect(await page.getByTestId('side-menu').count()).toBe(0)
    await capture(page, 'mobile-overview', 'zh-CN', 'overview')
    await page.getByTestId('menu-button').click()
    await page.getByTestId('side-menu').waitFor()
    await capture(page, 'mobile-menu-drawer', 'zh-CN', 'overview')
    await page.getByTestId('side-menu').locator('.ant-menu-item').filter({ hasText: 'IP列表' }).click()
    await page.waitForURL('**/console/ipList')
    await context.close()
  })
})

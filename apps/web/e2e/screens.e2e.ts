// Full-page screenshots of every screen in both languages, plus the portal and overview at 375 px.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type Customer, registerCustomer } from './support/api.ts'
import { launchBrowser, openContext } from './support/browser.ts'
import { screenshot } from './support/screens.ts'

const baseURL = inject('baseURL')
let browser: Browser
let customer: Customer

beforeAll(async () => {
  browser = await launchBrowser()
  customer = await registerCustomer(baseURL, 'screens')
})
afterAll(async () => {
  await browser?.close()
  console.log(`[e2e] screenshots in ${inject('screenshotDir')}`)
})

const CONSOLE_PAGES = [
  'overview',
  'buyStaticIP',
  'ipList',
  'ipOrderList',
  'buyTrafficFlow',
  'trafficFlowHistory',
  'trafficFlowPackList',
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
    await screenshot(anonymous.page, `${language}-portal`)
    await anonymous.context.close()

    const { context, page, errors } = await openContext(browser, baseURL, { token: customer.token, language })
    await page.goto('/paySuccess')
    await settle(page)
    await screenshot(page, `${language}-pay-success`)

    for (const key of CONSOLE_PAGES) {
      await page.goto(`/console/${key}`)
      await page.getByTestId('page-title').waitFor()
      await settle(page)
      await screenshot(page, `${language}-console-${key}`)
    }

    await page.goto('/console/does-not-exist')
    await page.locator('.ant-result-404').waitFor()
    await screenshot(page, `${language}-console-not-found`)

    await page.goto('/console/overview')
    await settle(page)
    // Tall enough for the whole dialog: a full-page shot does not scroll the modal's own container.
    await page.setViewportSize({ width: 1280, height: 1500 })
    await openUserDialog(page, 0)
    await screenshot(page, `${language}-personal-info`)
    await page.keyboard.press('Escape')
    await page.locator('.ant-modal').first().waitFor({ state: 'hidden' })
    await page.setViewportSize({ width: 1280, height: 800 })

    await openUserDialog(page, 1)
    await screenshot(page, `${language}-change-password`)
    await page.keyboard.press('Escape')

    await page.getByTestId('user-menu').click()
    await page.locator('.ant-dropdown-menu-item').nth(2).click()
    await page.locator('.ant-modal-confirm').waitFor()
    await screenshot(page, `${language}-logout-confirm`)
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
    await screenshot(broken.page, `${language}-error-boundary`)
    await broken.context.close()
  })
})

describe('small screens', () => {
  it('captures the portal and the overview at 375 px, with the menu in a drawer', async () => {
    const viewport = { width: 375, height: 812 }
    const anonymous = await openContext(browser, baseURL, { viewport })
    await anonymous.page.goto('/portal/home')
    await anonymous.page.getByTestId('auth-title').waitFor()
    await screenshot(anonymous.page, 'mobile-portal')
    await anonymous.context.close()

    const { context, page } = await openContext(browser, baseURL, { token: customer.token, viewport })
    await page.goto('/console/overview')
    await settle(page)
    expect(await page.getByTestId('side-menu').count()).toBe(0)
    await screenshot(page, 'mobile-overview')
    await page.getByTestId('menu-button').click()
    await page.getByTestId('side-menu').waitFor()
    await screenshot(page, 'mobile-menu-drawer')
    await page.getByTestId('side-menu').locator('.ant-menu-item').filter({ hasText: 'IP列表' }).click()
    await page.waitForURL('**/console/ipList')
    await context.close()
  })
})

// Receipts in Chromium: an operator sets the company details (/admin/settings); a customer who topped up
// and bought an IP finds both receipts at /console/receipts, opens the printable sheet and downloads the
// PDF, and sets their billing details in 个人信息; the operator finds the receipt at /admin/receipts.
// Each screen at 1280 and 390 px in both languages: no sideways scroll, no controls on top of each other.
import type { Browser, Cookie, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpNow } from './support/admin-operator.ts'
import {
  buyStaticIps,
  type Customer,
  createTopUp,
  getJson,
  payInSandbox,
  registerCustomer,
} from './support/api.ts'
import { launchBrowser, openContext } from './support/browser.ts'
import { expectLayout } from './support/layout.ts'
import { screenshot, settleMotion } from './support/screens.ts'
import { testServer } from './support/server.ts'

const { baseURL, receiptsOperator: operator } = testServer()
const COMPANY = '云枢网络科技有限公司'
const SCREENS = [
  { language: 'zh-CN', viewport: { width: 1280, height: 800 }, tag: 'desktop' },
  { language: 'en-US', viewport: { width: 1280, height: 800 }, tag: 'desktop' },
  { language: 'zh-CN', viewport: { width: 390, height: 844 }, tag: 'phone' },
  { language: 'en-US', viewport: { width: 390, height: 844 }, tag: 'phone' },
] as const

let browser: Browser
let customer: Customer
let operatorCookies: Cookie[] = []
let receiptNumbers: string[] = []

beforeAll(async () => {
  browser = await launchBrowser()
  customer = await registerCustomer(baseURL, 'receipts')
  const order = await createTopUp(baseURL, customer.token, 100)
  await payInSandbox(baseURL, order)
  await buyStaticIps(baseURL, customer.token, {
    regionId: 'jp-tyo',
    quantity: 1,
    durationDays: 30,
    protocol: 'socks5',
  })
})
afterAll(async () => {
  await browser?.close()
})

/** Scrolls sideways or overlaps on an operator screen (its titles are the console's own). */
const expectAdminLayout = async (page: Page, screen: string, language: string) => {
  const layout = await page.evaluate(() => ({
    lang: document.documentElement.lang,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
  expect(layout.scrollWidth, `${screen} scrolls sideways`).toBeLessThanOrEqual(layout.clientWidth)
  expect(layout.lang, `${screen} html lang`).toBe(language)
}

const openAdmin = async (language: string, viewport: { width: number; height: number }) => {
  const opened = await openContext(browser, baseURL, { viewport })
  await opened.context.addInitScript(
    (value) => window.localStorage.setItem('admin_language', value),
    language,
  )
  if (operatorCookies.length > 0) await opened.context.addCookies(operatorCookies)
  return opened
}

describe('receipts', () => {
  it('an operator signs in and sets the company details that receipts print', async () => {
    const { context, page, errors } = await openAdmin('zh-CN', SCREENS[0].viewport)
    await page.goto('/admin/login')
    await page.getByTestId('login-email').fill(operator.email)
    await page.getByTestId('login-password').fill(operator.password)
    await page.getByTestId('login-totp').fill(totpNow(operator.totpUri))
    await page.getByTestId('login-submit').click()
    await page.waitForURL((url) => url.pathname === '/admin/password')
    const password = 'Receipts-e2e-operator-2026!'
    await page.getByTestId('password-old').fill(operator.password)
    await page.getByTestId('password-new').fill(password)
    await page.getByTestId('password-confirm').fill(password)
    await page.getByTestId('password-submit').click()
    await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/')

    await page.goto('/admin/settings')
    await page.getByTestId('company-not-configured').waitFor()
    await page.getByTestId('company-name').fill(COMPANY)
    await page.getByTestId('company-address').fill('上海市浦东新区世纪大道 100 号')
    await page.getByTestId('company-tax-id').fill('91310000MA1FL0000X')
    await page.getByTestId('company-contact').fill('billing@proxy.example')
    await page.getByTestId('company-save').click()
    await page.locator('.ant-modal-confirm .ant-btn-primary').click()
    await page.getByTestId('company-not-configured').waitFor({ state: 'detached' })
    operatorCookies = await context.cookies()
    await settleMotion(page)
    await screenshot(page, 'receipts-admin-settings-zh-CN-desktop')
    await expectAdminLayout(page, 'admin settings', 'zh-CN')
    expect(errors).toEqual([])
    await context.close()
  })

  it.each(SCREENS)(
    'lists the receipts, prints one and downloads its PDF ($language, $tag)',
    async (screen) => {
      const { language, viewport, tag } = screen
      const { context, page, errors } = await openContext(browser, baseURL, {
        token: customer.token,
        language,
        viewport,
      })
      await page.goto('/console/receipts')
      const rows = page.getByTestId(tag === 'phone' ? 'receipt-cards' : 'receipts-table')
      await rows
        .getByText(/^R-\d{4}-\d{6}$/)
        .first()
        .waitFor()
      const numbers = (await page.getByTestId('receipt-number-cell').allTextContents()).sort()
      expect(numbers).toHaveLength(2)
      if (receiptNumbers.length === 0) receiptNumbers = numbers
      // Issued once: every later visit shows the same numbers.
      expect(numbers).toEqual(receiptNumbers)
      await settleMotion(page)
      await screenshot(page, `receipts-list-${language}-${tag}`)
      await expectLayout(page, `receipts list ${language} ${tag}`, language, 'receipts')

      await page.getByTestId('receipt-open').first().click()
      await page.waitForURL(/\/receipt\/[0-9a-f-]{36}$/)
      const sheet = page.getByTestId('receipt-sheet')
      await sheet.waitFor()
      expect(await sheet.textContent()).toContain(COMPANY)
      expect(await sheet.textContent()).toContain(language === 'zh-CN' ? '收据' : 'Receipt')
      const number = await page.getByTestId('receipt-number').textContent()
      expect(receiptNumbers).toContain(number)
      await settleMotion(page)
      await screenshot(page, `receipts-sheet-${language}-${tag}`)
      await expectLayout(page, `receipt sheet ${language} ${tag}`, language, 'receipt')

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('receipt-print-pdf').click(),
      ])
      expect(download.suggestedFilename()).toBe(`${number}.pdf`)
      expect(errors).toEqual([])
      await context.close()
    },
  )

  it('keeps the billing details from 个人信息 for later receipts', async () => {
    const { context, page, errors } = await openContext(browser, baseURL, {
      token: customer.token,
      language: 'zh-CN',
      viewport: SCREENS[2].viewport,
    })
    await page.goto('/console/receipts')
    await page.getByTestId('user-menu').click()
    await page.locator('.ant-dropdown-menu-item').first().click()
    await page.getByTestId('billing-name').fill('张三科技')
    await page.getByTestId('billing-address').fill('北京市海淀区中关村大街 1 号')
    await page.getByTestId('billing-save').click()
    await page.getByText('收据抬头已保存').waitFor()
    await expectLayout(page, 'billing details phone', 'zh-CN', 'receipts')
    const saved = await getJson<{ name: string }>(baseURL, '/user/billing-details', customer.token)
    expect(saved.name).toBe('张三科技')
    expect(errors).toEqual([])
    await context.close()
  })

  it.each(SCREENS)(
    'an operator finds a receipt at /admin/receipts and opens it ($language, $tag)',
    async (screen) => {
      const { language, viewport, tag } = screen
      const { context, page, errors } = await openAdmin(language, viewport)
      const [number = ''] = receiptNumbers
      await page.goto(`/admin/receipts?q=${number}`)
      const list = page.getByTestId('admin-receipts-table')
      await list.getByText(number).first().waitFor()
      await settleMotion(page)
      await screenshot(page, `receipts-admin-list-${language}-${tag}`)
      await expectAdminLayout(page, `admin receipts ${language} ${tag}`, language)
      if (tag === 'phone') await list.getByText(number).first().click()
      else await page.getByTestId('receipt-open').first().click()
      const sheet = page.getByTestId('admin-receipt-sheet')
      await sheet.waitFor()
      expect(await sheet.textContent()).toContain(number)
      expect(await sheet.textContent()).toContain(COMPANY)
      await settleMotion(page)
      await screenshot(page, `receipts-admin-sheet-${language}-${tag}`)
      await expectAdminLayout(page, `admin receipt ${language} ${tag}`, language)
      expect(errors).toEqual([])
      await context.close()
    },
  )
})

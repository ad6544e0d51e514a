// Scoped API keys and secret download links in Chromium: a token made with chosen scopes reads but cannot
// buy; a download link made on the IP list is copied, fetched without a session (the export's text), reset
// (the old URL answers 404 at once) and deleted; and both screens at 1280 and 390 px in both languages.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buyStaticIps, type Customer, createTopUp, payInSandbox, registerCustomer } from './support/api.ts'
import { launchBrowser, openContext } from './support/browser.ts'
import { expectLayout } from './support/layout.ts'
import { screenshot } from './support/screens.ts'
import { testServer } from './support/server.ts'

const { baseURL } = testServer()
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type Language = 'zh-CN' | 'en-US'
const TEXTS = {
  'zh-CN': {
    personalInfo: '个人信息',
    tokenName: '令牌名称',
    createToken: '创建令牌',
    read: '只读',
    buy: '购买',
    fullAccess: '完全访问',
    createLink: '新建链接',
    reset: '重置',
    delete: '删除',
    copied: '已复制',
  },
  'en-US': {
    personalInfo: 'Personal info',
    tokenName: 'Token name',
    createToken: 'Create token',
    read: 'Read',
    buy: 'Buy',
    fullAccess: 'Full access',
    createLink: 'New link',
    reset: 'Reset',
    delete: 'Delete',
    copied: 'Copied',
  },
} as const

/** A customer with two SOCKS5 lines in Tokyo, paid for on the sandbox gateway. */
const customerWithLines = async (tag: string): Promise<Customer> => {
  const customer = await registerCustomer(baseURL, tag)
  await payInSandbox(baseURL, await createTopUp(baseURL, customer.token, 100))
  await buyStaticIps(baseURL, customer.token, {
    regionId: 'jp-tyo',
    quantity: 2,
    durationDays: 30,
    protocol: 'socks5',
  })
  return customer
}

const call = async (path: string, token: string, init: RequestInit = {}) => {
  const answer = await fetch(`${baseURL}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  })
  return { status: answer.status, body: (await answer.json()) as { code: number; message: string } }
}

const fetchLink = async (url: string) => {
  const answer = await fetch(url)
  return { status: answer.status, text: await answer.text() }
}

// antd spaces out a two-character Chinese label on a button (重 置).
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`)
const confirmPopup = (page: Page, label: string) =>
  page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: spaced(label) })
    .click()

/** Makes a token with read and buy ticked off and on as asked, in the personal-info dialog; answers its secret. */
const createScopedToken = async (page: Page, language: Language, name: string) => {
  const texts = TEXTS[language]
  await page.waitForLoadState('networkidle')
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: texts.personalInfo }).click()
  const modal = page.locator('.ant-modal').filter({ hasText: texts.personalInfo })
  // Read is ticked for a new token; this one may read only.
  await expect(modal.getByRole('checkbox', { name: new RegExp(`^${texts.read}`) }).isChecked()).resolves.toBe(
    true,
  )
  await expect(modal.getByRole('checkbox', { name: new RegExp(`^${texts.buy}`) }).isChecked()).resolves.toBe(
    false,
  )
  await modal.getByRole('textbox', { name: texts.tokenName }).fill(name)
  await modal.getByRole('button', { name: texts.createToken }).click()
  const secret = (await modal.getByTestId('token-secret').textContent()) ?? ''
  expect(secret).toMatch(/^pat_/)
  const row = modal.getByTestId('api-token-table').locator('tbody tr').filter({ hasText: name })
  await expect(row.getByTestId('api-token-scope-tags').textContent()).resolves.toBe(texts.read)
  return { modal, secret }
}

/** Opens the IP list, makes a link for SOCKS5 lines as IP:port:user:pass, copies its URL and answers it. */
const createLink = async (page: Page, language: Language, name: string) => {
  const texts = TEXTS[language]
  await page.goto('/console/ipList')
  const card = page.getByTestId('download-links')
  await card.scrollIntoViewIfNeeded()
  await card.getByTestId('download-link-new').click()
  const modal = page.getByTestId('download-link-modal')
  await modal.getByTestId('download-link-name').fill(name)
  await modal.getByTestId('download-link-protocol').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click()
  await modal.getByTestId('download-link-template').click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click()
  await page.locator('.ant-modal-footer:visible').getByRole('button', { name: texts.createLink }).click()
  const url = (await card.getByTestId('download-link-url').textContent()) ?? ''
  expect(url).toMatch(new RegExp(`^${baseURL}/api/dl/dl_`))
  await card.getByTestId('download-link-secret').getByRole('button').first().click()
  await card.getByTestId('download-link-secret').getByRole('button', { name: texts.copied }).first().waitFor()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
  await card.getByTestId('download-link-row').filter({ hasText: name }).waitFor()
  return { card, url }
}

describe('scoped API keys and download links', () => {
  it('makes a read-only token that cannot buy, and a link that serves the export, dies on reset and on delete', async () => {
    const customer = await customerWithLines('api-keys')
    const { context, page, errors } = await openContext(browser, baseURL, { token: customer.token })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    await page.goto('/console/overview')
    const { modal, secret } = await createScopedToken(page, 'zh-CN', 'reader')
    expect((await call('/proxy/instances', secret)).status).toBe(200)
    const refused = await call('/orders/static-ip', secret, {
      method: 'POST',
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ regionId: 'jp-tyo', quantity: 1, durationDays: 30, protocol: 'socks5' }),
    })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toContain('"buy"')
    // A token made before scopes (or through the API without them) shows as full access.
    await call('/user/api-tokens', customer.token, {
      method: 'POST',
      body: JSON.stringify({ name: 'legacy' }),
    })
    await modal.locator('.ant-modal-close').click()
    await page.reload()
    await page.waitForLoadState('networkidle')
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: '个人信息' }).click()
    await page.getByTestId('api-token-full-access').waitFor()
    await page.keyboard.press('Escape')

    const { card, url } = await createLink(page, 'zh-CN', 'fleet')
    const fetched = await fetchLink(url)
    expect(fetched.status).toBe(200)
    const exported = await fetch(`${baseURL}/api/proxy/instances/export/socks5?template=ip:port:user:pass`, {
      headers: { authorization: `Bearer ${customer.token}` },
    })
    expect(fetched.text).toBe(await exported.text())
    expect(fetched.text.trim().split('\n')).toHaveLength(2)

    // Reset asks first; the old URL is dead at once and the new one is shown once.
    const row = card.getByTestId('download-link-row').filter({ hasText: 'fleet' })
    await card.getByTestId('download-link-secret').getByRole('button', { name: '我已保存' }).click()
    await row.getByTestId('download-link-reset').click()
    await confirmPopup(page, TEXTS['zh-CN'].reset)
    const newUrl = (await card.getByTestId('download-link-url').textContent()) ?? ''
    expect(newUrl).not.toBe(url)
    expect((await fetchLink(url)).status).toBe(404)
    expect((await fetchLink(newUrl)).text).toBe(fetched.text)
    await expect.poll(() => row.textContent()).toContain(newUrl.split('/').at(-1)?.slice(0, 9))

    // Delete asks first; then the link is gone and its URL answers 404.
    await row.getByTestId('download-link-delete').click()
    await confirmPopup(page, TEXTS['zh-CN'].delete)
    await row.waitFor({ state: 'detached' })
    expect((await fetchLink(newUrl)).status).toBe(404)
    expect(errors).toEqual([])
    await context.close()
  })

  for (const language of ['zh-CN', 'en-US'] as const)
    for (const width of [1280, 390])
      it(`picks scopes and makes and copies a link at ${width} px in ${language}`, async () => {
        const customer = await customerWithLines(`api-keys-${width}`)
        const viewport = { width, height: 844 }
        const { context, page, errors } = await openContext(browser, baseURL, {
          token: customer.token,
          language,
          viewport,
        })
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
        await page.goto('/console/overview')
        const texts = TEXTS[language]
        const { modal } = await createScopedToken(page, language, 'reader')
        // Read and buy: the list shows both scopes.
        await modal.getByRole('checkbox', { name: new RegExp(`^${texts.buy}`) }).check()
        await modal.getByRole('textbox', { name: texts.tokenName }).fill('buyer')
        await modal.getByRole('button', { name: texts.createToken }).click()
        const buyer = modal.getByTestId('api-token-table').locator('tbody tr').filter({ hasText: 'buyer' })
        await expect(buyer.getByTestId('api-token-scope-tags').textContent()).resolves.toBe(
          `${texts.read}${texts.buy}`,
        )
        await expectLayout(page, `personal info ${language} ${width}`, language, null)
        await screenshot(page, `api-keys-${language}-${width}-tokens`)
        await page.keyboard.press('Escape')

        const { url } = await createLink(page, language, 'tool')
        expect((await fetchLink(url)).status).toBe(200)
        // Measured from the top, as every screen is: scrolled, the sticky header lies over the rows.
        await page.evaluate(() => window.scrollTo(0, 0))
        await expectLayout(page, `IP list ${language} ${width}`, language, 'ipList')
        await screenshot(page, `api-keys-${language}-${width}-download-links`)
        expect(errors).toEqual([])
        await context.close()
      })
})

// Account recovery and verification through the dev outbox: a forgotten password for a known and an unknown
// address, and the e-mail verification banner after sign-up. Links are read from the mail files, as a
// developer reads them.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getWithToken, lastMailTo, login, mailCountTo, registerCustomer, uniqueEmail } from './support/api.ts'
import { launchBrowser, openContext } from './support/browser.ts'
import { screenshot } from './support/screens.ts'
import { testServer } from './support/server.ts'

const { baseURL, dataDir } = testServer()
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The account link in a mail, as a path on this server (the mail names the configured public origin). */
const linkIn = (mail: string, page: string) => {
  const link = new RegExp(`https?://\\S+(${page}#token=[\\w-]+)`).exec(mail)?.[1]
  if (!link) throw new Error(`no ${page} link in the mail:\n${mail}`)
  return link
}

const LABELS = {
  'zh-CN': { send: '发送重置链接', set: '设置新密码', invalid: '链接无效、已使用或已过期，请重新获取' },
  'en-US': {
    send: 'Send reset link',
    set: 'Set new password',
    invalid: 'This link is invalid, already used or expired; ask for a new one',
  },
} as const

const requestReset = async (page: Page, email: string, language: keyof typeof LABELS) => {
  await page.goto('/portal/home')
  await page.getByTestId('forgot-password-link').click()
  await page.waitForURL('**/portal/forgot-password')
  await page.locator('#forgot-password_email').fill(email)
  await page.getByRole('button', { name: LABELS[language].send }).click()
  await page.getByTestId('forgot-password-sent').waitFor()
  return page.getByTestId('forgot-password-sent').textContent()
}

describe.each(['zh-CN', 'en-US'] as const)('forgotten password in %s', (language) => {
  it('mails a known address a single-use link that sets a new password and ends every session', async () => {
    const customer = await registerCustomer(baseURL, `forgot-${language.toLowerCase()}`)
    const unknown = uniqueEmail('nobody')
    const { context, page, errors } = await openContext(browser, baseURL, { language })

    // The same answer whether or not the address has an account.
    const unknownAnswer = await requestReset(page, unknown, language)
    const knownAnswer = await requestReset(page, customer.email, language)
    expect(knownAnswer?.replace(customer.email, 'EMAIL')).toBe(unknownAnswer?.replace(unknown, 'EMAIL'))
    await screenshot(page, `${language}-forgot-password-sent`)

    // Only the known address gets a mail (by the time its mail exists, the unknown one's would too).
    const mail = await lastMailTo(dataDir, customer.email, /Reset your password/)
    await expect(mailCountTo(dataDir, unknown)).resolves.toBe(0)
    const link = linkIn(mail, '/portal/reset-password')

    // The link opens the form, the token leaves the address bar and never reaches a server log.
    await page.goto(link)
    await page.locator('#reset-password_password').waitFor()
    expect(new URL(page.url()).hash).toBe('')
    await page.locator('#reset-password_password').fill('Brand-new-pass-77')
    await page.locator('#reset-password_confirm').fill('Brand-new-pass-77')
    await screenshot(page, `${language}-reset-password`)
    await page.getByRole('button', { name: LABELS[language].set }).click()
    await page.getByTestId('reset-password-done').waitFor()

    // Every session ended; the new password signs in and the old one does not.
    expect(await getWithToken(baseURL, '/user/me', customer.token)).toBe(401)
    expect((await login(baseURL, customer.email, customer.password)).status).not.toBe(200)
    expect((await login(baseURL, customer.email, 'Brand-new-pass-77')).status).toBe(200)

    // The link works once (opened afresh, as from the mail again).
    await page.goto('about:blank')
    await page.goto(link)
    await page.locator('#reset-password_password').fill('Another-pass-88')
    await page.locator('#reset-password_confirm').fill('Another-pass-88')
    await page.getByRole('button', { name: LABELS[language].set }).click()
    await page.getByText(LABELS[language].invalid).first().waitFor()
    expect((await login(baseURL, customer.email, 'Another-pass-88')).status).not.toBe(200)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('e-mail verification', () => {
  it('shows a banner after sign-up until the mailed link is opened', async () => {
    const { context, page } = await openContext(browser, baseURL)
    const email = uniqueEmail('verify')
    await page.goto('/portal/home')
    await page.getByRole('tab', { name: '注册' }).click()
    await page.locator('#register_email').fill(email)
    await page.locator('#register_password').fill('Correct-horse-42')
    await page.locator('#register_confirm').fill('Correct-horse-42')
    await page.getByRole('button', { name: '注册并登录' }).click()
    await page.waitForURL('**/console/overview')
    await page.getByTestId('verify-email-banner').waitFor()
    await screenshot(page, 'zh-CN-verify-banner')

    const mail = await lastMailTo(dataDir, email, /Verify your email address/)
    await page.goto(linkIn(mail, '/portal/verify-email'))
    await page.getByTestId('verify-email-done').waitFor()
    await page.goto('/console/overview')
    await page.getByTestId('greeting').waitFor()
    await page.getByTestId('verify-email-banner').waitFor({ state: 'detached' })
    await context.close()
  })
})

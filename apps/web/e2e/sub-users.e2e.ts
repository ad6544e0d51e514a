// Sub-users in the console, at 1280 and 390 px in both languages: create one (its password shown once, with
// a copy button), see its limit bar and the usage a node reported for it, edit it, open its usage, disable and
// enable it, reset its password and delete it, each change asked first; and set the login's auto-stop.
import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import enTraffic from '../src/locales/en-US/traffic.json'
import zhTraffic from '../src/locales/zh-CN/traffic.json'
import { createTopUp, payInSandbox, registerCustomer } from './support/api.ts'
import { launchBrowser, openContext } from './support/browser.ts'
import { expectLayout } from './support/layout.ts'
import { screenshot } from './support/screens.ts'
import { testServer } from './support/server.ts'
import { simulateUsage } from './support/simulate.ts'

const { baseURL, dataDir } = testServer()
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const TEXTS = { 'zh-CN': zhTraffic.subUsers, 'en-US': enTraffic.subUsers } as const
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 })

/** A customer with a 10 GB package (paid through the sandbox gateway). */
async function trafficCustomer(tag: string) {
  const customer = await registerCustomer(baseURL, tag)
  await payInSandbox(baseURL, await createTopUp(baseURL, customer.token, 100))
  const answer = await fetch(`${baseURL}/api/orders/traffic`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${customer.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ planId: 'gb-10', quantity: 1 }),
  })
  expect(((await answer.json()) as { code: number }).code).toBe(0)
  return customer
}

/** Confirms the open confirmation dialog. */
const confirm = async (page: Page) => {
  await page.getByTestId('sub-user-confirm').click()
  await page.getByTestId('sub-user-confirm').waitFor({ state: 'detached' })
}

const menu = async (page: Page, label: string) => {
  await page.getByTestId('sub-user-more').first().click()
  await page.getByRole('menuitem', { name: label }).click()
}

const CASES = [
  { language: 'zh-CN', width: 1280, withUsage: true },
  { language: 'en-US', width: 1280, withUsage: false },
  { language: 'zh-CN', width: 390, withUsage: false },
  { language: 'en-US', width: 390, withUsage: true },
] as const

describe.each(CASES)('sub-users in $language at $width px', ({ language, width, withUsage }) => {
  it('creates, shows, edits, disables, resets and deletes a sub-user, and sets the auto-stop', async () => {
    const texts = TEXTS[language]
    const customer = await trafficCustomer(`sub-users-${width}`)
    const isPhone = width < 576
    const { context, page, errors } = await openContext(browser, baseURL, {
      token: customer.token,
      language,
      viewport: { width, height: isPhone ? 844 : 800 },
    })
    await page.goto('/console/subUsers')
    await page.getByTestId('sub-users-empty').waitFor()
    await expectLayout(page, `${language}-${width}-sub-users`, language, 'subUsers')

    // Create: a daily limit of 1 GB and an auto-stop of 0.5 GB; the password is shown once.
    const username = `e2e-${randomUUID().slice(0, 8)}`
    await page.getByTestId('sub-user-create').click()
    await page.getByTestId('sub-user-username-input').fill('Bad-Name')
    await page.getByTestId('sub-user-save').click()
    await page.getByText(texts.form.usernameInvalid).waitFor()
    await page.getByTestId('sub-user-username-input').fill(username)
    await page.getByTestId('sub-user-period').click()
    await page.locator('.ant-select-item-option').getByText(texts.form.period.day, { exact: true }).click()
    await page.getByTestId('sub-user-limit-input').fill('1')
    await page.getByTestId('sub-user-auto-stop-input').fill('0.5')
    await page.getByTestId('sub-user-save').click()
    await page.getByTestId('sub-user-password').waitFor()
    expect(await page.getByTestId('sub-user-new-username').textContent()).toBe(username)
    const password = (await page.getByTestId('sub-user-new-password').textContent()) ?? ''
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(await page.getByTestId('sub-user-password').getByRole('button').count()).toBeGreaterThanOrEqual(2)
    await screenshot(page, `${language}-${width}-sub-user-password`)
    await expectLayout(page, `${language}-${width}-sub-users`, language, 'subUsers')
    await page.getByTestId('sub-user-password-done').click()
    await page.getByTestId('sub-user-password').waitFor({ state: 'detached' })
    // Shown once: nowhere on the page now.
    expect(await page.content()).not.toContain(password)

    const row = page.getByTestId(isPhone ? 'sub-user-card' : 'sub-user-row').first()
    await row.getByTestId('sub-user-limit').waitFor()
    expect(await row.getByTestId('sub-user-status').textContent()).toBe(texts.status.active)
    if (isPhone) expect(await page.locator('.ant-table').count()).toBe(0)

    if (withUsage) {
      // A node reports usage for the sub-user; the row and its usage drawer show it.
      const used = await simulateUsage(baseURL, dataDir, { minutes: 1, mb: 5, only: username })
      expect(used.reports).toBe(1)
      await page.reload()
      await poll(() => row.getByTestId('sub-user-usage').textContent()).not.toMatch(/^\D*0 B/)
      await row.getByTestId('sub-user-usage-open').click()
      await page.locator('[data-testid="sub-user-usage-drawer"] canvas').first().waitFor()
      await screenshot(page, `${language}-${width}-sub-user-usage`)
      await expectLayout(page, `${language}-${width}-sub-users`, language, 'subUsers')
      await page.keyboard.press('Escape')
      await page.getByTestId('sub-user-usage-drawer').waitFor({ state: 'detached' })
    }

    // Edit the note.
    await row.getByTestId('sub-user-edit').click()
    await page.getByPlaceholder(texts.form.notePlaceholder).fill('team laptop')
    await page.getByTestId('sub-user-save').click()
    await page.getByTestId('sub-user-form').waitFor({ state: 'detached' })
    await poll(() => row.textContent()).toContain('team laptop')
    await screenshot(page, `${language}-${width}-sub-users`)
    await expectLayout(page, `${language}-${width}-sub-users`, language, 'subUsers')

    // Disable (asked first), then enable.
    await menu(page, texts.actions.disable)
    await confirm(page)
    await poll(() => row.getByTestId('sub-user-status').textContent()).toBe(texts.status.disabled)
    await menu(page, texts.actions.enable)
    await poll(() => row.getByTestId('sub-user-status').textContent()).toBe(texts.status.active)

    // A new password, shown once again.
    await menu(page, texts.actions.resetPassword)
    await confirm(page)
    await page.getByTestId('sub-user-password').waitFor()
    expect(await page.getByTestId('sub-user-new-password').textContent()).not.toBe(password)
    await page.getByTestId('sub-user-password-done').click()

    // The login's own auto-stop.
    await page.getByTestId('auto-stop-input').fill('2')
    await page.getByTestId('auto-stop-save').click()
    await page.getByTestId('auto-stop-clear').waitFor()

    // Delete, asked first: the list is empty again.
    await menu(page, texts.actions.delete)
    await confirm(page)
    await page.getByTestId('sub-users-empty').waitFor()
    await expectLayout(page, `${language}-${width}-sub-users`, language, 'subUsers')
    expect(errors).toEqual([])
    await context.close()
  }, 150_000)
})

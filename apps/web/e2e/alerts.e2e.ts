// The alerts page end to end, at 1280 and 390 px in both languages: create an alert rule through its
// dialog, turn it off and on, edit it and delete it after the confirmation; watch one sub-user's share
// of its limit, picked by name; add a webhook endpoint and
// copy its secret (shown once), queue a test event and see it in the delivery log, reset the secret
// and delete the endpoint. Every screen fits its width with no control on top of another. (The
// browser servers run without jobs, so the test event stays queued; the API tests deliver it.)
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import en from '../src/locales/en-US/alerts.json'
import zh from '../src/locales/zh-CN/alerts.json'
import { getJson, registerCustomer } from './support/api.ts'
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

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 })

/** A sub-user with a monthly limit, made through the API as the sub-users page makes one. */
async function createSubUser(token: string) {
  const username = `alerts-${crypto.randomUUID().slice(0, 8)}`
  const answer = await fetch(`${baseURL}/api/user/sub-users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username, limit: { bytes: 1024 ** 3, period: 'month' } }),
  })
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { data: { id: string; username: string } }).data
}
const TEXTS = { 'zh-CN': zh, 'en-US': en } as const

/** The threshold's number field (antd may put the test id on the input or around it). */
const threshold = (page: Page) =>
  page.locator('input[data-testid="rule-threshold"], [data-testid="rule-threshold"] input').first()

/** The open Popconfirm's confirming button (the one that is not Cancel). */
const confirmPopup = (page: Page) =>
  page.locator('.ant-popconfirm:visible').getByRole('button').last().click()

describe.each([
  ['zh-CN', 1280],
  ['en-US', 1280],
  ['zh-CN', 390],
  ['en-US', 390],
] as const)('alerts in %s at %i px', (language, width) => {
  it('manages alert rules and webhooks', async () => {
    const texts = TEXTS[language]
    const tag = `${language}-${width}`
    const customer = await registerCustomer(baseURL, 'alerts')
    const { context, page, errors } = await openContext(browser, baseURL, {
      token: customer.token,
      language,
      viewport: { width, height: 844 },
    })
    await page.goto('/console/alerts')
    const rules = page.getByTestId('alert-rules')
    await rules.getByText(texts.rules.empty).waitFor()
    await expectLayout(page, `alerts-empty-${tag}`, language, 'alerts')

    // A wallet alert through the dialog.
    await page.getByTestId('rule-add').click()
    const dialog = page.getByTestId('rule-dialog')
    await dialog.getByTestId('rule-name').fill('Low wallet')
    await dialog.getByTestId('rule-kind').click()
    await page.locator('.ant-select-item-option').filter({ hasText: texts.kinds['wallet-below'] }).click()
    await threshold(page).fill('50')
    await expectLayout(page, `alerts-dialog-${tag}`, language, 'alerts')
    await screenshot(page, `alerts-${tag}-rule-dialog`)
    await page.locator('.ant-modal-footer').getByRole('button').last().click()
    const row = rules.getByTestId('alert-rule')
    await poll(() => row.getByTestId('rule-condition').textContent()).toBe(
      texts.describe['wallet-below'].replace('{{value}}', '$50.00'),
    )
    await poll(() => row.getByTestId('rule-state').textContent()).toBe(texts.rules.armed)
    const [saved] = (
      await getJson<{ items: { condition: unknown; channels: unknown }[] }>(
        baseURL,
        '/user/alerts',
        customer.token,
      )
    ).items
    expect(saved).toMatchObject({
      condition: { kind: 'wallet-below', amount: 50 },
      channels: { email: true, webhook: false },
    })

    // Off and on again.
    await row.getByTestId('rule-toggle').click()
    await poll(() => row.getByTestId('rule-state').textContent()).toBe(texts.rules.disabled)
    await row.getByTestId('rule-toggle').click()
    await poll(() => row.getByTestId('rule-state').textContent()).toBe(texts.rules.armed)

    // Edited into a traffic alert of 2 GB.
    await row.getByTestId('rule-edit').click()
    await dialog.getByTestId('rule-kind').click()
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: texts.kinds['traffic-left-bytes'] })
      .click()
    await threshold(page).fill('2')
    await page.locator('.ant-modal-footer').getByRole('button').last().click()
    await poll(() => row.getByTestId('rule-condition').textContent()).toBe(
      texts.describe['traffic-left-bytes'].replace('{{value}}', '2 GB'),
    )
    await expectLayout(page, `alerts-rules-${tag}`, language, 'alerts')
    await screenshot(page, `alerts-${tag}-rules`)

    // Deleted only after the confirmation.
    await row.getByTestId('rule-delete').click()
    await confirmPopup(page)
    await rules.getByText(texts.rules.empty).waitFor()

    // One sub-user's share of its limit, the sub-user picked by typing part of its name.
    const sub = await createSubUser(customer.token)
    await page.getByTestId('rule-add').click()
    await dialog.getByTestId('rule-name').fill('Team budget')
    await dialog.getByTestId('rule-kind').click()
    await page.locator('.ant-select-item-option').filter({ hasText: texts.kinds['sub-user-share'] }).click()
    await poll(() => threshold(page).inputValue()).toBe('80')
    await dialog.getByTestId('rule-sub-user').click()
    await page.keyboard.type(sub.username.slice(0, 12))
    await page.locator('.ant-select-item-option').filter({ hasText: sub.username }).click()
    await expectLayout(page, `alerts-sub-user-dialog-${tag}`, language, 'alerts')
    await screenshot(page, `alerts-${tag}-sub-user-rule`)
    await page.locator('.ant-modal-footer').getByRole('button').last().click()
    await poll(() => row.getByTestId('rule-condition').textContent()).toBe(
      texts.describe['sub-user-share'].replace('{{name}}', sub.username).replace('{{value}}', '80'),
    )
    const [watching] = (
      await getJson<{ items: { condition: unknown }[] }>(baseURL, '/user/alerts', customer.token)
    ).items
    expect(watching?.condition).toEqual({ kind: 'sub-user-share', subUserId: sub.id, percent: 80 })
    await row.getByTestId('rule-delete').click()
    await confirmPopup(page)
    await rules.getByText(texts.rules.empty).waitFor()

    // A webhook endpoint: the secret is shown once, with a copy button.
    await page.getByTestId('tab-webhooks').click()
    const webhooks = page.getByTestId('webhooks')
    await webhooks.getByText(texts.webhooks.empty).waitFor()
    await page.getByTestId('webhook-add').click()
    await page.getByTestId('webhook-url').fill('http://127.0.0.1:9/hook')
    await page.getByTestId('webhook-description').fill('ops bot')
    await page.locator('.ant-modal-footer').getByRole('button').last().click()
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? ''
    expect(secret).toMatch(/^whsec_[\w-]{43}$/)
    await expectLayout(page, `alerts-secret-${tag}`, language, 'alerts')
    await screenshot(page, `alerts-${tag}-webhook-secret`)
    await page.getByTestId('secret-done').click()
    const endpoint = webhooks.getByTestId('webhook-row')
    await poll(() => endpoint.getByTestId('webhook-secret-prefix').textContent()).toContain(
      secret.slice(0, 10),
    )
    expect(await page.getByText(secret).count()).toBe(0)

    // A test event is queued and shows in the delivery log.
    await endpoint.getByTestId('webhook-test').click()
    const log = page.getByTestId('delivery-log')
    await poll(() => log.getByTestId('delivery-status').first().textContent()).toBe(
      texts.deliveries.statuses.pending,
    )
    await expectLayout(page, `alerts-log-${tag}`, language, 'alerts')
    await screenshot(page, `alerts-${tag}-delivery-log`)
    await page.locator('.ant-drawer-close').click()

    // A new secret after the confirmation; then the endpoint is deleted after its own.
    await endpoint.getByTestId('webhook-reset').click()
    await confirmPopup(page)
    const fresh = (await page.getByTestId('webhook-secret').textContent()) ?? ''
    expect(fresh).toMatch(/^whsec_/)
    expect(fresh).not.toBe(secret)
    await page.getByTestId('secret-done').click()
    await expectLayout(page, `alerts-webhooks-${tag}`, language, 'alerts')
    await endpoint.getByTestId('webhook-delete').click()
    await confirmPopup(page)
    await webhooks.getByText(texts.webhooks.empty).waitFor()

    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})

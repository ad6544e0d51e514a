// Request statistics end to end: a customer's static IP gets tunnel counts through the node API (as a node pushes
// them), then the statistics page shows the totals, the chart, the reasons by hour and the peak, lets the customer
// pick the static IP, keeps top destinations only once turned on (and asks before deleting them), at 1280 and
// 390 px in both languages, with no sideways scroll.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import en from '../src/locales/en-US/stats.json'
import zh from '../src/locales/zh-CN/stats.json'
import { buyStaticIps, type Customer, createTopUp, payInSandbox, registerCustomer } from './support/api.ts'
import { launchBrowser, openContext } from './support/browser.ts'
import { expectLayout } from './support/layout.ts'
import { screenshot } from './support/screens.ts'
import { testServer } from './support/server.ts'

const { baseURL, dataDir } = testServer()
let browser: Browser
let customer: Customer
let instanceId: string

const HOUR = 3_600_000
const thisHour = () => new Date(Math.floor(Date.now() / HOUR) * HOUR).toISOString()
const TEXTS = { 'zh-CN': zh, 'en-US': en } as const

/** Pushes tunnel statistics as the demo node (its token is in the server's data directory). */
const pushStats = async (subjects: unknown[], destinations: unknown[]) => {
  const token = readFileSync(join(dataDir, 'demo-node.token'), 'utf8').trim()
  const answer = await fetch(`${baseURL}/api/node/v1/traffic`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      reportId: crypto.randomUUID(),
      records: [],
      tunnels: { subjects, node: [], destinations },
    }),
  })
  expect(answer.status).toBe(200)
}

beforeAll(async () => {
  browser = await launchBrowser()
  customer = await registerCustomer(baseURL, 'stats')
  await payInSandbox(baseURL, await createTopUp(baseURL, customer.token, 100))
  const bought = await buyStaticIps(baseURL, customer.token, {
    regionId: 'us-lax',
    quantity: 1,
    durationDays: 30,
    protocol: 'socks5',
  })
  instanceId = bought.instances[0]?.id ?? ''
  await pushStats(
    [
      {
        hour: thisHour(),
        kind: 'instance',
        id: instanceId,
        succeeded: 40,
        failures: { authentication: 3, dns: 5, timeout: 2 },
        peakOpen: 7,
      },
    ],
    [
      {
        hour: thisHour(),
        kind: 'instance',
        id: instanceId,
        host: 'shop.example.com',
        tunnels: 12,
        failed: 1,
      },
    ],
  )
})
afterAll(async () => {
  await browser?.close()
})

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 })
const total = (page: Page, key: string) =>
  page.getByTestId(`stats-total-${key}`).locator('.ant-statistic-content').textContent()

describe.each(['zh-CN', 'en-US'] as const)('the statistics page in %s', (language) => {
  const texts = TEXTS[language]
  it.each([1280, 390])(
    'shows counts, reasons and the peak at %i px, and keeps destinations only when asked',
    async (width) => {
      const viewport = { width, height: width > 500 ? 800 : 844 }
      const { context, page, errors } = await openContext(browser, baseURL, {
        token: customer.token,
        language,
        viewport,
      })
      await page.goto('/console/tunnelStats')
      await poll(() => total(page, 'opened')).toBe('50')
      await poll(() => total(page, 'succeeded')).toBe('40')
      expect(await total(page, 'failed')).toBe('10')
      expect(await total(page, 'peak')).toBe('7')
      await page.locator('[data-testid="stats-chart"] canvas').first().waitFor()
      const table = page.getByTestId('stats-table')
      if (width > 500) {
        await poll(() => table.locator('thead').first().textContent()).toContain(texts.reasons.dns)
        await poll(() => table.locator('tbody tr.ant-table-row').first().textContent()).toContain('5')
      } else {
        // On a phone the reasons fold into the row.
        await table.locator('.ant-table-row-expand-icon').first().click()
        await poll(() => table.getByText(`${texts.reasons.dns} 5`).count()).toBe(1)
      }
      // Off by default: nothing is listed.
      expect(await page.getByTestId('stats-destination-list').count()).toBe(0)
      await expectLayout(page, `stats-${width}`, language, 'tunnelStats')
      await screenshot(page, `${language}-stats-${width}`)

      // One static IP picked: the same counts (it is the only one).
      await page.getByTestId('stats-subject').click()
      await page.locator('.ant-select-item-option').nth(1).click()
      await poll(() => new URL(page.url()).searchParams.get('subject')).toBe(`instance:${instanceId}`)
      await poll(() => total(page, 'opened')).toBe('50')

      // Keep destinations: on, then a new push names a host; off asks first and deletes.
      await page.getByTestId('stats-keep-destinations').click()
      await poll(() => page.getByTestId('stats-keep-destinations').getAttribute('aria-checked')).toBe('true')
      await pushStats(
        [
          {
            hour: thisHour(),
            kind: 'instance',
            id: instanceId,
            succeeded: 0,
            failures: {},
            peakOpen: 0,
          },
        ],
        [
          {
            hour: thisHour(),
            kind: 'instance',
            id: instanceId,
            host: 'shop.example.com',
            tunnels: 4,
            failed: 0,
          },
        ],
      )
      await page.reload()
      await poll(() => page.getByTestId('stats-destination-list').textContent()).toContain('shop.example.com')
      await expectLayout(page, `stats-destinations-${width}`, language, 'tunnelStats')
      await page.getByTestId('stats-keep-destinations').click()
      await page.getByRole('button', { name: texts.destinations.offConfirm }).click()
      await poll(() => page.getByTestId('stats-keep-destinations').getAttribute('aria-checked')).toBe('false')
      expect(await page.getByTestId('stats-destination-list').count()).toBe(0)

      expect(errors).toEqual([])
      await context.close()
    },
    120_000,
  )
})

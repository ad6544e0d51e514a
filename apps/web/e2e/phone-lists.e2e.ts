// Every list a customer pages through becomes cards on a phone (under 576 px): IPs, orders, billing
// records, top-ups and traffic packages, in both languages, with no sideways scrolling.
import { randomUUID } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buyStaticIps, type Customer, createTopUp, payInSandbox, registerCustomer } from './support/api.ts'
import { launchBrowser, openContext } from './support/browser.ts'
import { screenshot } from './support/screens.ts'
import { testServer } from './support/server.ts'

const { baseURL } = testServer()
let browser: Browser
let customer: Customer

const buyTraffic = async (token: string) => {
  const answer = await fetch(`${baseURL}/api/orders/traffic`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ planId: 'gb-10', quantity: 1 }),
  })
  const body = (await answer.json()) as { code: number; message: string }
  if (body.code !== 0) throw new Error(`traffic purchase refused: ${body.message}`)
}

beforeAll(async () => {
  browser = await launchBrowser()
  customer = await registerCustomer(baseURL, 'phone-lists')
  await payInSandbox(baseURL, await createTopUp(baseURL, customer.token, 200))
  await buyStaticIps(baseURL, customer.token, {
    regionId: 'us-lax',
    quantity: 2,
    durationDays: 30,
    protocol: 'socks5',
  })
  await buyTraffic(customer.token)
})
afterAll(async () => {
  await browser?.close()
})

const LISTS = [
  { path: '/console/ipList', name: 'ip-list' },
  { path: '/console/ipOrderList', name: 'orders' },
  { path: '/console/businessFlow', name: 'billing' },
  { path: '/console/businessFlow?tab=topups', name: 'top-ups' },
  { path: '/console/trafficFlowPackList', name: 'traffic-packages' },
]

describe.each(['zh-CN', 'en-US'] as const)('lists on a 390 px phone in %s', (language) => {
  it('shows each list as cards, never a table, and fits the width', async () => {
    const viewport = { width: 390, height: 844 }
    const { context, page, errors } = await openContext(browser, baseURL, {
      token: customer.token,
      language,
      viewport,
    })
    for (const { path, name } of LISTS) {
      await page.goto(path)
      // Rows are there (the customer has some of each), and they are cards: no table on the page.
      await page.getByTestId('list-card').first().waitFor()
      await page.waitForLoadState('networkidle')
      expect(await page.locator('.ant-table').count(), name).toBe(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390)
      await screenshot(page, `mobile-${language}-${name}`)
    }
    expect(errors).toEqual([])
    await context.close()
  })
})

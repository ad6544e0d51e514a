// Traffic end to end: buy a package through the confirmation, let a simulated node use part of it over the node
// API, then the package bar, the usage history and the overview must all show the same numbers.
import { formatBytes } from '@proxy/contract/bytes'
import { GB } from '@proxy/contract/traffic/endpoints'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTopUp, getJson, payInSandbox, registerCustomer } from './support/api.ts'
import { launchBrowser, openContext } from './support/browser.ts'
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

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 })

describe('traffic journey', () => {
  it('buys a package, meters simulated usage, and shows the same bytes on every page', async () => {
    const customer = await registerCustomer(baseURL, 'traffic')
    await payInSandbox(baseURL, await createTopUp(baseURL, customer.token, 100))
    const { context, page, errors } = await openContext(browser, baseURL, { token: customer.token })

    // 10 GB for $30: the quote shows what is left, and money moves only after 确认支付.
    await page.goto('/console/buyTrafficFlow')
    await page.getByTestId('plan-gb-10').click()
    await poll(() => page.getByTestId('quote-total').textContent()).toBe('$30.00')
    await poll(() => page.getByTestId('quote-after').textContent()).toBe('$70.00')
    await page.getByTestId('buy-submit').click()
    await page.getByTestId('purchase-confirm').waitFor()
    await screenshot(page, 'zh-CN-traffic-buy-confirm')
    await page.getByRole('button', { name: '确认支付' }).click()
    await page.getByTestId('purchase-result').waitFor()
    await poll(() => page.getByTestId('account-status').textContent()).toMatch(/启用|正常/)

    // A node uses 5 simulated minutes of the account, through the same HTTP API real nodes call.
    const account = await getJson<{ id?: string; username: string }>(
      baseURL,
      '/user/traffic-account',
      customer.token,
    )
    const used = await simulateUsage(baseURL, dataDir, { minutes: 5, mb: 100, only: account.username })
    expect(used.reports).toBe(5)
    const pushed = used.upBytes + used.downBytes
    const remaining = formatBytes(10 * GB - pushed, 'zh-CN')

    await page.goto('/console/trafficFlowPackList')
    await poll(() => page.getByTestId('package-used').first().textContent()).toBe(
      formatBytes(pushed, 'zh-CN'),
    )
    await poll(() => page.getByTestId('traffic-remaining').textContent()).toContain(remaining)
    expect(await page.locator('.ant-progress').count()).toBeGreaterThan(0)
    await screenshot(page, 'zh-CN-traffic-packages-used')

    await page.goto('/console/trafficFlowHistory?range=today&granularity=hour&scope=traffic-account')
    await poll(() => page.getByTestId('usage-total').textContent()).toBe(formatBytes(pushed, 'zh-CN'))
    await poll(() => page.getByTestId('usage-total-up').textContent()).toBe(
      formatBytes(used.upBytes, 'zh-CN'),
    )
    await poll(() => page.getByTestId('usage-total-down').textContent()).toBe(
      formatBytes(used.downBytes, 'zh-CN'),
    )
    await page.locator('[data-testid="usage-chart"] canvas').first().waitFor()
    await screenshot(page, 'zh-CN-traffic-history')

    await page.goto('/console/overview')
    await poll(() => page.getByTestId('overview-traffic-remaining').textContent()).toContain(remaining)
    await poll(() => page.getByTestId('overview-balance').textContent()).toContain('$70.00')
    await screenshot(page, 'zh-CN-overview')

    expect(errors).toEqual([])
    await context.close()
  }, 120_000)
})

// Static IPs end to end: buy two through the confirmation, see and export them, renew one, and find both orders
// and both wallet entries; keep an IP whitelist; plus screenshots of the three pages in both languages and the
// purchase and the whitelist on a phone.
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BoughtInstance,
  buyStaticIps,
  type Customer,
  createTopUp,
  getJson,
  payInSandbox,
  registerCustomer,
} from './support/api.ts'
import { launchBrowser, openContext } from './support/browser.ts'
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

// expect.poll gives up after 1 s by default; a busy two-core machine needs longer.
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** A customer with `amount` paid in on the sandbox gateway. */
const fundedCustomer = async (tag: string, amount: number): Promise<Customer> => {
  const customer = await registerCustomer(baseURL, tag)
  await payInSandbox(baseURL, await createTopUp(baseURL, customer.token, amount))
  return customer
}

/** Idempotency-Key of every POST to `path` the page sends. */
const recordKeys = (page: Page, path: string) => {
  const keys: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api${path}`)
      keys.push(request.headers()['idempotency-key'] ?? '')
  })
  return keys
}

const settle = async (page: Page) => {
  await page.waitForLoadState('networkidle')
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {})
}

const chooseTwoInTokyo = async (page: Page, protocol: 'socks5' | 'vmess' = 'socks5') => {
  await page.getByTestId('region-jp-tyo').click()
  await page.locator('input[data-testid="quantity"], [data-testid="quantity"] input').first().fill('2')
  await page.getByTestId(`protocol-${protocol}`).click()
}

describe('static-IP journey', () => {
  it('buys two IPs, lists and exports them, renews one and finds the orders and wallet entries', async () => {
    const customer = await fundedCustomer('static-ip', 200)
    const { context, page, errors } = await openContext(browser, baseURL, { token: customer.token })
    const buyKeys = recordKeys(page, '/orders/static-ip')
    const renewKeys = recordKeys(page, '/proxy/instances/renew')

    // Choose Tokyo (30 per 30 days), two IPs, SOCKS5: the live quote shows the total and the balance after.
    await page.goto('/console/buyStaticIP')
    await chooseTwoInTokyo(page)
    await poll(() => page.getByTestId('quote-total').textContent()).toBe('$60.00')
    await poll(() => page.getByTestId('quote-after').textContent()).toBe('$140.00')

    // The confirmation sums it up; only then does money move.
    await page.getByTestId('buy-submit').click()
    const confirm = page.getByTestId('purchase-confirm')
    await confirm.waitFor()
    const summary = await confirm.textContent()
    for (const part of ['日本 · 东京', '2', '30天', 'SOCKS5', '$60.00']) expect(summary).toContain(part)
    expect(buyKeys).toEqual([])
    await page.getByRole('button', { name: '确认支付' }).click()

    // The result lists the two new proxies.
    const result = page.getByTestId('purchase-result')
    await result.waitFor()
    await poll(() => result.locator('tbody tr.ant-table-row').count()).toBe(2)
    expect(buyKeys).toHaveLength(1)
    expect(buyKeys[0]).toMatch(UUID)
    await page.getByTestId('wallet-tag').getByText('$140.00').waitFor()

    // The IP list shows them.
    await page.getByTestId('to-ip-list').click()
    await page.waitForURL('**/console/ipList')
    const table = page.getByTestId('instance-table')
    const rows = table.locator('tbody tr.ant-table-row')
    await poll(() => rows.count()).toBe(2)
    const addresses = await table.getByTestId('address').allTextContents()

    // Select both and export SOCKS5: one socks5:// URL per line, for these two addresses.
    await table.locator('thead .ant-checkbox-input').check()
    await page.getByTestId('bulk-export').click()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-socks5').click(),
    ])
    const lines = (await readFile((await download.path()) ?? '', 'utf8')).trim().split(/\r?\n/)
    expect(lines).toHaveLength(2)
    for (const line of lines) {
      const url = new URL(line)
      expect(url.protocol).toBe('socks5:')
      expect(url.username).not.toBe('')
      expect(url.password).not.toBe('')
      expect(addresses).toContain(`${url.hostname}:${url.port}`)
    }

    // Renew just the first for 30 days: the confirmation prices it from the catalogue.
    await table.locator('thead .ant-checkbox-input').uncheck()
    await rows.first().locator('.ant-checkbox-input').check()
    await page.getByTestId('bulk-renew').click()
    const renew = page.getByTestId('renew-modal')
    await renew.waitFor()
    await poll(() => renew.getByTestId('renew-total').textContent()).toBe('$30.00')
    await page.getByRole('button', { name: '确认续费' }).click()
    await page.getByText('续费成功').first().waitFor()
    expect(renewKeys).toHaveLength(1)
    expect(renewKeys[0]).toMatch(UUID)
    await page.getByTestId('wallet-tag').getByText('$110.00').waitFor()

    // Both orders, newest first.
    await page.getByTestId('side-menu').getByText('购买订单', { exact: true }).click()
    await page.waitForURL('**/console/ipOrderList')
    const orders = page.getByTestId('order-table').locator('tbody tr.ant-table-row')
    await poll(() => orders.count()).toBe(2)
    await expect(
      page.getByTestId('order-table').getByTestId('order-kind').allTextContents(),
    ).resolves.toEqual(['续费', '新购'])
    // The purchase order's drawer lists its two proxies.
    await orders.nth(1).getByTestId('open-order').click()
    const drawer = page.getByTestId('order-drawer')
    await drawer.waitFor()
    await poll(() => drawer.locator('tbody tr.ant-table-row').count()).toBe(2)
    await page.keyboard.press('Escape')

    // The header shows what is left; the billing records list the purchase and the renewal.
    await page.getByTestId('wallet-tag').getByText('$110.00').waitFor()
    await page.getByTestId('side-menu').getByText('账单记录', { exact: true }).click()
    await page.waitForURL('**/console/businessFlow')
    const entries = page.getByTestId('transaction-table').locator('tbody tr.ant-table-row')
    await poll(() => entries.count()).toBe(3)
    const cells = await entries.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    )
    expect(cells.map((row) => [row[1], row[3], row[4]])).toEqual([
      ['续费', '\u2212$30.00', '$110.00'],
      ['购买', '\u2212$60.00', '$140.00'],
      ['充值', '+$200.00', '$200.00'],
    ])
    expect(errors).toEqual([])
    await context.close()
  })
})

describe.each(['zh-CN', 'en-US'] as const)('static-IP screenshots in %s', (language) => {
  it('captures the purchase, its confirmation, the IP list, its drawer and the orders', async () => {
    const customer = await fundedCustomer(`screens-${language}`, 100)
    const { context, page, errors } = await openContext(browser, baseURL, { token: customer.token, language })
    await page.goto('/console/buyStaticIP')
    // English buys VMess lines, so its drawer shows the vmess link and its QR code.
    await chooseTwoInTokyo(page, language === 'en-US' ? 'vmess' : 'socks5')
    await poll(() => page.getByTestId('quote-total').textContent()).toBe('$60.00')
    await settle(page)
    await screenshot(page, `${language}-static-ip-buy`)
    await page.getByTestId('buy-submit').click()
    await page.getByTestId('purchase-confirm').waitFor()
    await screenshot(page, `${language}-static-ip-buy-confirm`)
    await page.locator('.ant-modal-footer .ant-btn-primary').click()
    await page.getByTestId('purchase-result').waitFor()
    await screenshot(page, `${language}-static-ip-buy-result`)

    await page.goto('/console/ipList')
    await poll(() => page.getByTestId('instance-table').locator('tbody tr.ant-table-row').count()).toBe(2)
    await settle(page)
    await screenshot(page, `${language}-static-ip-list`)
    await page
      .getByTestId('instance-table')
      .locator('tbody tr.ant-table-row')
      .first()
      .locator('.ant-checkbox-input')
      .check()
    await page.getByTestId('bulk-renew').click()
    await poll(() => page.getByTestId('renew-total').textContent()).toBe('$30.00')
    await screenshot(page, `${language}-static-ip-renew`)
    await page.locator('.ant-modal-footer .ant-btn-default').click()
    await page.getByTestId('renew-modal').waitFor({ state: 'detached' })
    await page.getByTestId('open-detail').first().click()
    await page.getByTestId('instance-drawer').waitFor()
    await screenshot(page, `${language}-static-ip-drawer`)

    await page.goto('/console/ipOrderList')
    await page.getByTestId('order-table').locator('tbody tr.ant-table-row').first().waitFor()
    await settle(page)
    await screenshot(page, `${language}-static-ip-orders`)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('static-IP replacement', () => {
  it('moves a line to a new address from its drawer, keeps its credentials, records it on the order, and refuses a second try', async () => {
    const customer = await fundedCustomer('replace', 100)
    const { order, instances } = await buyStaticIps(baseURL, customer.token, {
      regionId: 'jp-tyo',
      quantity: 1,
      durationDays: 30,
      protocol: 'socks5',
    })
    const before = instances[0] as BoughtInstance
    const { context, page, errors } = await openContext(browser, baseURL, { token: customer.token })
    const replaceKeys = recordKeys(page, `/proxy/instances/${before.id}/replace`)

    await page.goto('/console/ipList')
    await page.getByTestId('open-detail').first().click()
    const drawer = page.getByTestId('instance-drawer')
    await drawer.waitFor()
    await page.getByTestId('replace-ip').click()
    const modal = page.getByTestId('replace-ip-modal')
    await modal.waitFor()
    await poll(() => modal.getByTestId('replace-current').textContent()).toContain(before.ip)
    await poll(() => modal.getByTestId('replace-cooldown').textContent()).toBe(
      '更换免费，每个IP每 7 天可更换一次。',
    )
    await modal.getByText('速度慢或不稳定').click()
    await settle(page)
    await screenshot(page, 'zh-CN-static-ip-replace')
    await page.getByRole('button', { name: '确认更换' }).click()
    await modal.waitFor({ state: 'detached' })
    expect(replaceKeys).toHaveLength(1)
    expect(replaceKeys[0]).toMatch(UUID)

    // A new address in the same region; the credentials and expiry are what the customer's scripts hold.
    const after = await getJson<BoughtInstance & { regionId: string }>(
      baseURL,
      `/proxy/instances/${before.id}`,
      customer.token,
    )
    expect(after.ip).not.toBe(before.ip)
    expect(after).toMatchObject({
      regionId: 'jp-tyo',
      username: before.username,
      password: before.password,
      expiresAt: before.expiresAt,
    })
    await poll(() => drawer.textContent()).toContain(after.ip)

    // Once per 7 days: the modal says when the next replacement is allowed and will not send one.
    await page.getByTestId('replace-ip').click()
    await modal.waitFor()
    await modal.getByTestId('replace-next-allowed').waitFor()
    await expect(page.getByRole('button', { name: '确认更换' }).isDisabled()).resolves.toBe(true)
    await page.locator('.ant-modal-footer .ant-btn-default').click()
    await modal.waitFor({ state: 'detached' })
    expect(replaceKeys).toHaveLength(1)

    // The order that bought the line shows the change.
    await page.goto('/console/ipOrderList')
    await page.getByTestId('open-order').first().click()
    const orderDrawer = page.getByTestId('order-drawer')
    await orderDrawer.waitFor()
    await poll(() => page.locator('.ant-drawer-title').textContent()).toContain(order.orderNo)
    await poll(() => orderDrawer.getByTestId('replacement-change').textContent()).toContain(after.ip)
    expect(await orderDrawer.getByTestId('replacement-change').textContent()).toContain(before.ip)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe.each([
  ['zh-CN', '自动续费'],
  ['en-US', 'Auto-renew'],
] as const)('static-IP list at 1280 px in %s', (language, autoRenewHeader) => {
  it('fits a 64-character line name and an unclipped auto-renew header', async () => {
    const customer = await fundedCustomer(`longname-${language}`, 100)
    const { instances } = await buyStaticIps(baseURL, customer.token, {
      regionId: 'sg-sin',
      quantity: 1,
      durationDays: 30,
      protocol: 'vmess',
    })
    const name = 'L'.repeat(32) + '-very-long-line-name-for-the-table-'.slice(0, 32)
    expect(name).toHaveLength(64)
    const renamed = await fetch(`${baseURL}/api/proxy/instances/${instances[0]?.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ lineInstanceName: name }),
    })
    expect(renamed.status).toBe(200)
    const { context, page, errors } = await openContext(browser, baseURL, { token: customer.token, language })
    await page.goto('/console/ipList')
    await page.getByTestId('line-name').first().waitFor()
    await settle(page)
    const widths = await page.evaluate((label) => {
      const table = document.querySelector('.ant-table-content') as HTMLElement
      const header = [...document.querySelectorAll('th')].find((cell) => cell.textContent === label)
      return {
        page: document.documentElement.scrollWidth,
        table: table.scrollWidth - table.clientWidth,
        header: header ? header.scrollWidth - header.clientWidth : -1,
      }
    }, autoRenewHeader)
    await screenshot(page, `${language}-static-ip-long-name`)
    expect(widths).toEqual({ page: 1280, table: 0, header: 0 })
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('static-IP purchase on a phone', () => {
  it('fits the purchase page and its quote into 375 px', async () => {
    const customer = await fundedCustomer('screens-mobile', 10)
    const viewport = { width: 375, height: 812 }
    const { context, page, errors } = await openContext(browser, baseURL, { token: customer.token, viewport })
    await page.goto('/console/buyStaticIP')
    await page.getByTestId('region-us-lax').click()
    // $10 does not cover $25: the summary shows the shortfall and the way to top up.
    await page.getByTestId('quote-shortfall').waitFor()
    await settle(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await screenshot(page, 'mobile-static-ip-buy')
    expect(errors).toEqual([])
    await context.close()
  })
})

type Whitelist = { items: { id: string; source: string }[]; max: number }

describe('IP whitelist journey', () => {
  it('refuses a too-wide range in the browser, adds a range, refuses its duplicate and removes it', async () => {
    const customer = await registerCustomer(baseURL, 'whitelist')
    const { context, page, errors } = await openContext(browser, baseURL, { token: customer.token })
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/user/ip-whitelist')
        posts.push(request.postData() ?? '')
    })
    const sources = async () =>
      (await getJson<Whitelist>(baseURL, '/user/ip-whitelist', customer.token)).items.map(
        (item) => item.source,
      )

    await page.goto('/console/ipList')
    const card = page.getByTestId('ip-whitelist')
    await card.getByText('还没有白名单地址').waitFor()
    await poll(() => card.getByTestId('whitelist-count').textContent()).toBe('0 / 20')
    const input = card.getByTestId('whitelist-input')
    const add = card.getByTestId('whitelist-add')

    // A /8 is refused before anything is sent.
    await input.fill('10.0.0.0/8')
    await add.click()
    await poll(() => card.getByTestId('whitelist-error').textContent()).toBe(
      '网段过大：IPv4 最大 /16，IPv6 最大 /48',
    )
    expect(posts).toEqual([])

    // A range is stored with its host bits cleared, and stays after a reload.
    await input.fill('203.0.113.7/24')
    await input.press('Enter')
    await card.getByTestId('whitelist-source').getByText('203.0.113.0/24', { exact: true }).waitFor()
    await poll(() => card.getByTestId('whitelist-count').textContent()).toBe('1 / 20')
    expect(posts).toEqual([JSON.stringify({ source: '203.0.113.7/24' })])
    expect(await input.inputValue()).toBe('')
    await expect(sources()).resolves.toEqual(['203.0.113.0/24'])
    await page.reload()
    await card.getByTestId('whitelist-source').getByText('203.0.113.0/24', { exact: true }).waitFor()

    // The same range spelt differently is the server's duplicate, shown in the catalogue's words.
    await input.fill('203.0.113.200/24')
    await add.click()
    await poll(() => card.getByTestId('whitelist-error').textContent()).toBe('该地址或网段已在 IP 白名单中')
    await expect(sources()).resolves.toEqual(['203.0.113.0/24'])

    // Removing asks first.
    await card.getByTestId('whitelist-remove').click()
    const confirm = page.locator('.ant-popconfirm')
    await confirm.getByText('移除 203.0.113.0/24？').waitFor()
    await confirm.getByRole('button', { name: /^移\s?除$/ }).click()
    await card.getByText('还没有白名单地址').waitFor()
    await poll(() => card.getByTestId('whitelist-count').textContent()).toBe('0 / 20')
    await expect(sources()).resolves.toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })

  it.each(['zh-CN', 'en-US'] as const)('fits the whitelist into 390 px in %s', async (language) => {
    const customer = await registerCustomer(baseURL, `whitelist-mobile-${language}`)
    const viewport = { width: 390, height: 844 }
    const { context, page, errors } = await openContext(browser, baseURL, {
      token: customer.token,
      language,
      viewport,
    })
    await page.goto('/console/ipList')
    const card = page.getByTestId('ip-whitelist')
    // The longest IPv6 spelling must wrap rather than widen the page.
    for (const source of ['198.51.100.23', '2001:db8:1234:5678:9abc:def0:1234:5678']) {
      await card.getByTestId('whitelist-input').fill(source)
      await card.getByTestId('whitelist-add').click()
      await card.getByTestId('whitelist-source').getByText(source, { exact: true }).waitFor()
    }
    await card.getByTestId('whitelist-input').fill('2001:db8::/32')
    await card.getByTestId('whitelist-add').click()
    await card.getByTestId('whitelist-error').waitFor()
    await settle(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await screenshot(page, `mobile-${language}-ip-whitelist`)
    expect(errors).toEqual([])
    await context.close()
  })
})

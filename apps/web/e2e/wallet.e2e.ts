// Top-up through the sandbox gateway, the checkout counter, the payment result and the billing records.
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buyStaticIps,
  createTopUp,
  getJson,
  payInSandbox,
  registerCustomer,
  type TopUpOrder,
  uniqueEmail,
} from './support/api.ts'
import { launchBrowser, openContext } from './support/browser.ts'
import { testServer } from './support/server.ts'

const { baseURL } = testServer()
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const BOM = [0xef, 0xbb, 0xbf]

/** Idempotency-Key of every POST /api/user/wallet/topup the page sends. */
const recordTopUpKeys = (page: Page) => {
  const keys: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/user/wallet/topup'))
      keys.push(request.headers()['idempotency-key'] ?? '')
  })
  return keys
}

const walletBalance = async (token: string) =>
  (await getJson<{ wallet: { balance: number } }>(baseURL, '/user/wallet', token)).wallet.balance

const orderStatus = async (token: string, orderNo: string) =>
  (await getJson<TopUpOrder>(baseURL, `/user/wallet/topups/${orderNo}`, token)).status

describe('top-up journey', () => {
  it('registers, tops up 100 through the sandbox, sees it credited, listed and exported', async () => {
    const { context, page, errors } = await openContext(browser, baseURL)
    const keys = recordTopUpKeys(page)

    // Register through the form.
    const email = uniqueEmail('wallet')
    await page.goto('/portal/home')
    await page.getByRole('tab', { name: '注册' }).click()
    await page.locator('#register_email').fill(email)
    await page.locator('#register_password').fill('Correct-horse-42')
    await page.locator('#register_confirm').fill('Correct-horse-42')
    await page.getByRole('button', { name: '注册并登录' }).click()
    await page.waitForURL('**/console/overview')
    await page.getByTestId('wallet-tag').getByText('$0.00').waitFor()

    // Choose 100 and Alipay, see the summary, create the order.
    await page.getByTestId('side-menu').getByText('充值', { exact: true }).click()
    await page.waitForURL('**/console/recharge')
    await page.getByTestId('amount-option-50').click()
    await page.getByTestId('amount-option-100').click()
    await page.getByTestId('channel-wxpay').click()
    await page.getByTestId('channel-alipay').click()
    await expect(page.getByTestId('summary-amount').textContent()).resolves.toBe('$100.00')
    await expect(page.getByTestId('summary-balance-after').textContent()).resolves.toBe('$100.00')
    // The wallet is in dollars; the gateway charges yuan at the operator's rate (7.2 by default).
    const charge = '实付 ¥720.00（$100.00，汇率 1 美元 = 7.20 元）'
    await expect(page.getByTestId('summary-cny').textContent()).resolves.toBe(charge)
    await page.getByTestId('recharge-submit').click()

    // The checkout counter shows the order and counts down.
    await page.waitForURL('**/console/checkout-counter?orderNo=*')
    const orderNo = new URL(page.url()).searchParams.get('orderNo') ?? ''
    expect(orderNo).toMatch(/^T\d{8}[A-Z0-9]{10}$/)
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatch(UUID)
    await expect(page.getByTestId('checkout-order-no').textContent()).resolves.toBe(orderNo)
    await expect(page.getByTestId('checkout-amount').textContent()).resolves.toBe('$100.00')
    await expect(page.getByTestId('checkout-cny').textContent()).resolves.toBe(charge)
    await page.getByText('支付宝', { exact: true }).first().waitFor()
    const countdown = page.getByTestId('checkout-countdown')
    const first = await countdown.textContent()
    expect(first).toMatch(/^(29|30):\d{2}$/)
    await expect.poll(() => countdown.textContent(), { timeout: 3000 }).not.toBe(first)
    await expect(
      page.getByTestId('side-menu').locator('.ant-menu-item-selected').textContent(),
    ).resolves.toBe('充值')
    expect(await page.title()).toBe('收银台 - 云枢代理')

    // Pay on the sandbox gateway.
    await page.getByTestId('checkout-pay').click()
    await page.waitForURL('**/sandbox-pay/submit.php?**')
    await page.getByText('SANDBOX').first().waitFor()
    await expect(page.locator('.money').textContent()).resolves.toBe('¥720.00')
    await page.getByRole('button', { name: /确认支付/ }).click()

    // Back on /paySuccess: paid, with the amount and the new balance.
    await page.waitForURL((url) => url.pathname === '/paySuccess')
    expect(new URL(page.url()).searchParams.get('orderNo')).toBe(orderNo)
    await expect(page.getByTestId('pay-result-title').textContent()).resolves.toBe('支付成功')
    await expect(page.getByTestId('pay-amount').textContent()).resolves.toBe('$100.00')
    await expect(page.getByTestId('pay-balance').textContent()).resolves.toBe('$100.00')

    // The header tag shows the new balance.
    await page.getByRole('button', { name: '返回控制台' }).click()
    await page.waitForURL('**/console/overview')
    await page.getByTestId('wallet-tag').getByText('$100.00').waitFor()

    // The billing records list the top-up.
    await page.getByTestId('side-menu').getByText('账单记录', { exact: true }).click()
    await page.waitForURL('**/console/businessFlow')
    const row = page.getByTestId('transaction-table').locator('tbody tr').filter({ hasText: orderNo })
    await row.waitFor()
    const cells = await row.locator('td').allTextContents()
    expect(cells[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(cells.slice(1, 6)).toEqual(['充值', '支付宝充值', '+$100.00', '$100.00', orderNo])

    // The CSV export downloads the same entry, with a BOM for Excel and Chinese headers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^billing-\d{4}-\d{2}-\d{2}\.csv$/)
    const bytes = await readFile((await download.path()) ?? '')
    expect([...bytes.subarray(0, 3)]).toEqual(BOM)
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/)
    expect(lines[0]).toBe('时间,类型,说明,金额 (USD),余额 (USD),订单号')
    expect(lines[1]).toContain(`,充值,支付宝充值,100.00,100.00,${orderNo}`)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('the wallet in English', () => {
  it('shows the yuan charge, English billing records and an English CSV with the zone offset', async () => {
    const customer = await registerCustomer(baseURL, 'wallet-en')
    const { context, page, errors } = await openContext(browser, baseURL, {
      token: customer.token,
      language: 'en-US',
    })
    await page.goto('/console/recharge')
    await page.getByTestId('amount-option-100').click()
    await page.getByTestId('channel-alipay').click()
    await expect(page.getByTestId('summary-amount').textContent()).resolves.toBe('$100.00')
    await expect(page.getByTestId('summary-cny').textContent()).resolves.toBe(
      'You pay ¥720.00 for $100.00 at 7.20 CNY per USD',
    )

    const topUp = await createTopUp(baseURL, customer.token, 100)
    await payInSandbox(baseURL, topUp)
    const { order } = await buyStaticIps(baseURL, customer.token, {
      regionId: 'us-lax',
      quantity: 1,
      durationDays: 30,
      protocol: 'socks5',
    })

    await page.goto('/console/businessFlow')
    const rows = page.getByTestId('transaction-table').locator('tbody tr.ant-table-row')
    await rows.filter({ hasText: order.orderNo }).waitFor()
    const texts = (await rows.allTextContents()).join('\n')
    expect(texts).toContain('Top-up via Alipay')
    expect(texts).toMatch(/Static IP, Los Angeles, United States ×1, 30 days/)
    expect(texts).not.toMatch(/[\u4e00-\u9fff]/)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ])
    const bytes = await readFile((await download.path()) ?? '')
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/)
    expect(lines[0]).toBe('Time,Type,Description,Amount (USD),Balance after (USD),Order')
    const purchase = lines.find((line) => line.includes(order.orderNo)) ?? ''
    expect(purchase).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2},Purchase,/)
    expect(purchase).toContain('Static IP, Los Angeles, United States ×1, 30 days')
    expect(lines.find((line) => line.includes(topUp.orderNo))).toContain(
      ',Top-up,Top-up via Alipay,100.00,100.00,',
    )
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('checkout counter', () => {
  it('cancels an order after confirming, then offers a new top-up', async () => {
    const customer = await registerCustomer(baseURL, 'cancel')
    const order = await createTopUp(baseURL, customer.token, 20)
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto(`/console/checkout-counter?orderNo=${order.orderNo}`)
    await page.getByTestId('checkout-cancel').click()
    const confirm = page.locator('.ant-modal-confirm')
    await confirm.locator('.ant-modal-confirm-title').getByText('确定取消该订单？').waitFor()
    await confirm.getByRole('button', { name: '再想想' }).click()
    await confirm.waitFor({ state: 'hidden' })
    expect(await orderStatus(customer.token, order.orderNo)).toBe('pending')

    await page.getByTestId('checkout-cancel').click()
    await confirm.getByRole('button', { name: '取消订单' }).click()
    await expect(page.getByTestId('order-ended-title').textContent()).resolves.toBe('订单已取消')
    expect(await orderStatus(customer.token, order.orderNo)).toBe('cancelled')
    await page.getByTestId('top-up-again').click()
    await page.waitForURL('**/console/recharge')
    await context.close()
  })

  it('explains a missing or unknown order number', async () => {
    const customer = await registerCustomer(baseURL, 'missing')
    const { context, page, errors } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/console/checkout-counter')
    await page.getByTestId('checkout-missing').waitFor()
    await page.goto('/console/checkout-counter?orderNo=T20250101ABCDEFGHJK')
    await page.getByTestId('checkout-not-found').getByText('订单不存在').waitFor()
    await page.goto('/console/checkout-counter?orderNo=not-an-order')
    await page.getByTestId('checkout-not-found').waitFor()
    // No error toast: the page explains it.
    expect(await page.locator('.ant-message-error').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('payment result', () => {
  it('lands unpaid after 取消 on the gateway, keeps checking, then says it is not confirmed', async () => {
    const customer = await registerCustomer(baseURL, 'gateway-cancel')
    const order = await createTopUp(baseURL, customer.token, 30, 'wxpay')
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    // Fake timers (time still flows) so the two-minute give-up can be skipped.
    await page.clock.install()
    await page.goto(`/console/checkout-counter?orderNo=${order.orderNo}`)
    await page.getByTestId('checkout-pay').click()
    await page.waitForURL('**/sandbox-pay/submit.php?**')
    await page.getByRole('button', { name: /取消/ }).click()

    await page.waitForURL((url) => url.pathname === '/paySuccess')
    expect(new URL(page.url()).searchParams.get('orderNo')).toBe(order.orderNo)
    await page.getByTestId('pay-pending').waitFor()
    await expect(page.getByTestId('pay-result-title').textContent()).resolves.toBe('处理中…')
    await page.getByTestId('continue-pay').waitFor()
    expect(await page.getByText('支付成功').count()).toBe(0)

    await page.clock.fastForward('02:05')
    await page.getByTestId('pay-timeout').waitFor()
    await expect(page.getByTestId('pay-result-title').textContent()).resolves.toBe('暂未确认到支付结果')
    await page.getByTestId('check-again').waitFor()
    expect(await walletBalance(customer.token)).toBe(0)
    expect(await orderStatus(customer.token, order.orderNo)).toBe('pending')
    await context.close()
  })

  it('shows a neutral page without an order number', async () => {
    const customer = await registerCustomer(baseURL, 'no-order')
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/paySuccess')
    await page.getByTestId('pay-no-order').waitFor()
    expect(await page.title()).toBe('支付结果 - 云枢代理')
    await page.getByRole('button', { name: '购买静态IP' }).click()
    await page.waitForURL('**/console/buyStaticIP')
    await context.close()
  })
})

describe('billing records', () => {
  it('lists a pending order under 充值订单 with 继续支付, and filters by status', async () => {
    const customer = await registerCustomer(baseURL, 'orders')
    const order = await createTopUp(baseURL, customer.token, 66.6)
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/console/businessFlow')
    await page.getByText('暂无收支记录').waitFor()
    await page.getByTestId('tab-topups').click()
    await page.waitForURL('**/console/businessFlow?tab=topups')
    const row = page.getByTestId('topup-table').locator('tbody tr').filter({ hasText: order.orderNo })
    await row.getByText('待支付').waitFor()
    await row.getByText('$66.60').waitFor()

    await page.getByTestId('status-filter').click()
    await page.locator('.ant-select-item-option').filter({ hasText: '已支付' }).click()
    await page.waitForURL('**status=paid')
    await page.getByText('没有该状态的充值订单').waitFor()
    await page.getByTestId('status-filter').click()
    await page.locator('.ant-select-item-option').filter({ hasText: '待支付' }).click()
    await page.waitForURL('**status=pending')

    await page.getByTestId(`continue-${order.orderNo}`).click()
    await page.waitForURL(`**/console/checkout-counter?orderNo=${order.orderNo}`)
    await expect(page.getByTestId('checkout-amount').textContent()).resolves.toBe('$66.60')
    await context.close()
  })
})

describe('top-up form', () => {
  it('refuses a custom amount below 1 and retries a lost answer with the same Idempotency-Key', async () => {
    const customer = await registerCustomer(baseURL, 'amounts')
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    const keys = recordTopUpKeys(page)
    await page.goto('/console/recharge')
    const amount = page.getByTestId('custom-amount')
    const help = page.getByTestId('amount-help')

    await amount.fill('0.5')
    await expect(help.textContent()).resolves.toBe('充值金额不能低于 $1.00')
    // Amount, what the gateway charges in yuan, and the balance after: all blank.
    await expect(page.getByTestId('recharge-summary').getByText('—').count()).resolves.toBe(3)
    await page.getByTestId('recharge-submit').click()
    await page.waitForTimeout(300)
    expect(keys).toEqual([])
    expect(page.url()).toContain('/console/recharge')

    await amount.fill('50000.01')
    await expect(help.textContent()).resolves.toBe('单笔充值金额不能超过 $50,000.00')
    await amount.fill('12.345')
    await expect(help.textContent()).resolves.toBe('金额最多保留两位小数')
    await amount.fill('')
    await page.getByTestId('recharge-submit').click()
    await expect(help.textContent()).resolves.toBe('请输入充值金额')
    await amount.fill('12.5')
    await expect(page.getByTestId('summary-amount').textContent()).resolves.toBe('$12.50')

    // The server creates the order but its answer is lost: the automatic retry of the same click carries the
    // same key and gets the stored answer, so there is still one order.
    let isFirst = true
    await page.route('**/api/user/wallet/topup', async (route) => {
      if (!isFirst) return route.continue()
      isFirst = false
      await route.fetch()
      return route.abort('failed')
    })
    await page.getByTestId('recharge-submit').click()
    await page.waitForURL('**/console/checkout-counter?orderNo=*')
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    const afterRetry = await getJson<{ total: number }>(baseURL, '/user/wallet/topups', customer.token)
    expect(afterRetry.total).toBe(1)
    await page.unroute('**/api/user/wallet/topup')

    // A new click is a new key.
    await page.goBack()
    await page.getByTestId('amount-option-10').click()
    await page.getByTestId('recharge-submit').click()
    await page.waitForURL('**/console/checkout-counter?orderNo=*')
    expect(keys).toHaveLength(3)
    expect(keys[2]).not.toBe(keys[0])
    const orders = await getJson<{ total: number }>(baseURL, '/user/wallet/topups', customer.token)
    expect(orders.total).toBe(2)
    await context.close()
  })
})

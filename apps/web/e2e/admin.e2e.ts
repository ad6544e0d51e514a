// The operator console at /admin in Chromium: the CLI-made owner signs in with a TOTP computed here, changes
// the one-time password, adjusts, suspends and restores a customer, finds each step in the audit log; a
// customer's token opens nothing there; screenshots of every page in both languages, desktop and phone.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { totpNow, wrongTotp } from './support/admin-operator.ts'
import { buyStaticIps, type Customer, getJson, getWithToken, login, registerCustomer } from './support/api.ts'
import { launchBrowser, openContext } from './support/browser.ts'
import { screenshot } from './support/screens.ts'
import { testServer } from './support/server.ts'

const { baseURL, adminOperator: owner } = testServer()
const NEW_PASSWORD = 'Operator-console-e2e-2026!'
const ADJUST_REASON = 'Goodwill credit for the e2e outage'
const SUSPEND_REASON = 'Chargeback under review (e2e)'
const RESTORE_REASON = 'Chargeback withdrawn (e2e)'

type Language = 'zh-CN' | 'en-US'
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

let browser: Browser
/** The console's session cookies after the password change, handed to the screenshot contexts. */
let sessionCookies: Cookie[] = []
let customer: Customer
let customerId = ''
/** The customer's balance when the journey is over, which the screenshots must leave as it is. */
let journeyBalance = 12.5

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A context whose console speaks `language` (its own `admin_language` key) with the given cookies. */
const openAdmin = async (
  options: { language?: Language; viewport?: typeof DESKTOP; cookies?: Cookie[]; token?: string } = {},
) => {
  const opened = await openContext(browser, baseURL, { viewport: options.viewport, token: options.token })
  const language = options.language ?? 'zh-CN'
  await opened.context.addInitScript((value) => {
    if (!window.localStorage.getItem('admin_language')) window.localStorage.setItem('admin_language', value)
  }, language)
  if (options.cookies?.length) await opened.context.addCookies(options.cookies)
  return opened
}

const pathOf = (page: Page) => new URL(page.url()).pathname.replace(/\/$/, '')

const signInForm = async (page: Page, password: string, totp: string) => {
  await page.getByTestId('login-email').fill(owner.email)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-totp').fill(totp)
  await page.getByTestId('login-submit').click()
}

const modalOk = (page: Page) => page.locator('.ant-modal-footer .ant-btn-primary').last()

const drawerDetail = (page: Page) => page.getByTestId('customer-detail')

/** The operator API with the console's cookie, sent as the console's own page sends it (its Origin). */
const adminFetch = (path: string, init: { method: string; body?: unknown }) =>
  fetch(`${baseURL}/api/admin${path}`, {
    method: init.method,
    headers: {
      cookie: sessionCookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
      origin: baseURL,
      'content-type': 'application/json',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })

const walletBalance = async (token: string) =>
  (await getJson<{ wallet: { balance: number } }>(baseURL, '/user/wallet', token)).wallet.balance

describe('the operator console', () => {
  let context: BrowserContext
  let page: Page
  let errors: string[]

  afterAll(async () => {
    await context?.close()
  })

  it('opens /admin on the operator sign-in; a wrong code shows one error; the right one asks for a new password', async () => {
    ;({ context, page, errors } = await openAdmin())
    await page.goto('/admin')
    await page.waitForURL((url) => url.pathname === '/admin/login')
    await page.getByTestId('login-email').waitFor()
    // The operator's card, not the customer portal's sign-in.
    expect(await page.getByTestId('auth-title').count()).toBe(0)
    expect(await page.locator('h4').first().textContent()).toBe('运营后台登录')

    await signInForm(page, owner.password, wrongTotp(owner.totpUri))
    await page.getByTestId('login-error').waitFor()
    await expect.poll(() => page.getByTestId('login-error').count()).toBe(1)
    expect(await page.locator('.ant-alert-error').count()).toBe(1)
    expect(pathOf(page)).toBe('/admin/login')

    await page.getByTestId('login-totp').fill(totpNow(owner.totpUri))
    await page.getByTestId('login-submit').click()
    await page.waitForURL((url) => url.pathname === '/admin/password')
    expect(errors).toEqual([])
  })

  it('demands the password change, then lands in the console with an HttpOnly session and no token', async () => {
    await page.getByTestId('password-old').fill(owner.password)
    await page.getByTestId('password-new').fill(NEW_PASSWORD)
    await page.getByTestId('password-confirm').fill(NEW_PASSWORD)
    await page.getByTestId('password-submit').click()
    await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/')
    await expect.poll(() => page.getByTestId('admin-operator').textContent()).toContain(owner.email)
    await expect.poll(() => page.getByTestId('overview-operator').textContent()).toContain(owner.email)

    const cookies = await context.cookies()
    const session = cookies.find((cookie) => cookie.name === 'admin_session')
    expect(session?.httpOnly).toBe(true)
    expect(session?.sameSite).toBe('Strict')
    expect(session?.value.length).toBeGreaterThan(20)
    const visible = await page.evaluate(() => document.cookie)
    expect(visible).not.toContain('admin_session')
    expect(visible).not.toContain(session?.value ?? '<none>')
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull()
    expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull()
    sessionCookies = cookies.filter((cookie) => cookie.name === 'admin_session')

    // The one-time password is gone: the API refuses it now (the new one is what works).
    const refused = await fetch(`${baseURL}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: owner.password, totp: owner.recoveryCodes[0] }),
    })
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(errors).toEqual([])
  })

  it('finds a customer by email, credits their wallet after a confirmation, suspends and restores them', async () => {
    customer = await registerCustomer(baseURL, 'admin-subject')
    expect(await walletBalance(customer.token)).toBe(0)

    await page.getByTestId('admin-menu').getByText('客户').click()
    await page.waitForURL((url) => url.pathname === '/admin/customers')
    await page.getByTestId('customers-search').locator('input').fill(customer.email)
    await page.getByTestId('customers-search').locator('input').press('Enter')
    await page.waitForURL((url) => url.searchParams.get('q') === customer.email)
    await expect.poll(() => page.getByTestId('customer-row').count()).toBe(1)
    await expect.poll(() => page.getByTestId('customer-row').textContent()).toContain(customer.email)
    await page.getByTestId('customer-open').click()
    await page.waitForURL((url) => url.searchParams.has('customer'))
    customerId = new URL(page.url()).searchParams.get('customer') ?? ''
    await expect.poll(() => drawerDetail(page).textContent()).toContain(customer.email)
    await expect.poll(() => drawerDetail(page).textContent()).toContain('$0.00')

    // Credit $12.50: the first step only reviews; nothing moves until the confirmation.
    await page.getByTestId('customer-adjust').click()
    await page.getByTestId('adjust-amount').fill('12.5')
    await page.getByTestId('adjust-reason').fill(ADJUST_REASON)
    await modalOk(page).click()
    await page.getByTestId('adjust-summary').waitFor()
    expect(await page.getByTestId('adjust-summary').textContent()).toContain('$12.50')
    expect(await page.getByTestId('adjust-summary').textContent()).toContain(customer.email)
    expect(await walletBalance(customer.token)).toBe(0)
    await modalOk(page).click()
    await page.getByTestId('adjust-summary').waitFor({ state: 'detached' })
    await expect.poll(() => drawerDetail(page).textContent()).toContain('$12.50')
    expect(await walletBalance(customer.token)).toBe(12.5)

    // Suspend with a reason: the customer's token stops working at once.
    expect(await getWithToken(baseURL, '/user/me', customer.token)).toBe(200)
    await page.getByTestId('customer-suspension').click()
    await page.getByTestId('suspension-reason').fill(SUSPEND_REASON)
    await modalOk(page).click()
    await expect.poll(() => drawerDetail(page).textContent()).toContain('已停用')
    await expect.poll(() => drawerDetail(page).textContent()).toContain(SUSPEND_REASON)
    expect(await getWithToken(baseURL, '/user/me', customer.token)).toBe(401)
    expect(await getWithToken(baseURL, '/user/wallet', customer.token)).toBe(401)
    expect((await login(baseURL, customer.email, customer.password)).status).not.toBe(200)

    // Restore: the customer can sign in again.
    await page.getByTestId('customer-suspension').click()
    await page.getByTestId('suspension-reason').fill(RESTORE_REASON)
    await modalOk(page).click()
    await expect.poll(() => drawerDetail(page).textContent()).toContain('正常')
    expect(await drawerDetail(page).textContent()).not.toContain(SUSPEND_REASON)
    const again = await login(baseURL, customer.email, customer.password)
    expect(again.status).toBe(200)
    const token = (again.body.data as { token: string }).token
    expect(await getWithToken(baseURL, '/user/me', token)).toBe(200)
    expect(await walletBalance(token)).toBe(12.5)

    await page.locator('.ant-drawer-close').click()
    await page.waitForURL((url) => !url.searchParams.has('customer'))
    await page.getByTestId('customer-drawer').waitFor({ state: 'hidden' })
    expect(errors).toEqual([])
  })

  it('lists the sign-ins, the password change, the adjustment, the suspension and the restore in the audit log', async () => {
    await page.getByTestId('admin-menu').getByText('审计日志').click()
    await page.waitForURL((url) => url.pathname === '/admin/audit')
    const table = page.getByTestId('audit-table')
    const rowOf = (action: string) => table.locator('tr.ant-table-row').filter({ hasText: action })
    await expect.poll(() => rowOf('auth.password-change').count()).toBe(1)
    // The wrong code in the form, and the old password tried over the API after the change.
    expect(await rowOf('auth.sign-in-failed').count()).toBe(2)
    // The two owners the set-up made with the CLI (this journey's and the receipts journey's).
    expect(await rowOf('operators.create').count()).toBe(2)
    // The exact action only: `auth.sign-in-failed` also contains `auth.sign-in`.
    const signIns = table.locator('tr.ant-table-row code').getByText('auth.sign-in', { exact: true })
    expect(await signIns.count()).toBe(1)
    expect(await rowOf('auth.password-change').textContent()).toContain(owner.email)

    const adjustment = rowOf('wallet.adjust')
    expect(await adjustment.count()).toBe(1)
    expect(await adjustment.textContent()).toContain(ADJUST_REASON)
    expect(await adjustment.textContent()).toContain(customerId)
    const suspension = rowOf('customers.suspend')
    expect(await suspension.count()).toBe(1)
    expect(await suspension.textContent()).toContain(SUSPEND_REASON)
    expect(await rowOf('customers.restore').textContent()).toContain(RESTORE_REASON)

    // The filter narrows the list to one action.
    await page.getByTestId('audit-action').locator('input').fill('customers.suspend')
    await page.getByTestId('audit-action').locator('input').press('Enter')
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(1)
    expect(await table.locator('tr.ant-table-row').textContent()).toContain(SUSPEND_REASON)
    expect(errors).toEqual([])
  })
})

describe('running the business from the console', () => {
  // A region of the journey's own, so the shared catalogue other files price against never changes.
  const regionId = `e2e-${Math.random().toString(36).slice(2, 8)}`
  const planId = `e2e-plan-${Math.random().toString(36).slice(2, 8)}`
  const nodeName = `e2e-node-${Math.random().toString(36).slice(2, 8)}`
  const octet = 1 + Math.floor(Math.random() * 200)
  const addresses = [1, 2, 3].map((last) => `127.77.${octet}.${last}`)
  const REFUND_REASON = 'Customer could not reach the exit (e2e)'
  let context: BrowserContext
  let page: Page
  let errors: string[]
  let orderNo = ''

  beforeAll(async () => {
    ;({ context, page, errors } = await openAdmin({ cookies: sessionCookies }))
  })
  afterAll(async () => {
    // Off sale again: the portal's region list stays what the other files expect.
    await adminFetch(`/catalogue/regions/${regionId}`, { method: 'PATCH', body: { isActive: false } })
    await context?.close()
  })

  it('adds the journey’s region and an off-sale traffic plan from the catalogue page', async () => {
    await page.goto('/admin/catalogue')
    await page.getByTestId('region-create').click()
    const fill = (field: string, value: string) => page.getByTestId(`create-${field}`).fill(value)
    await fill('id', regionId)
    await fill('countryCode', 'JP')
    await fill('country', '日本')
    await fill('city', '大阪')
    await fill('countryEn', 'Japan')
    await fill('cityEn', 'Osaka')
    await page.getByTestId('create-ispType').click()
    await page.locator('.ant-select-item-option[title="原生ISP"]').click()
    await page.getByTestId('create-protocols').getByText('VMess').click()
    await fill('pricePer30Days', '9')
    await modalOk(page).click()
    await page.locator('.ant-message').getByText(`已新建地区 ${regionId}`).waitFor()
    await expect.poll(() => page.getByTestId(`region-edit-${regionId}`).count()).toBe(1)

    await page.getByTestId('tab-plans').click()
    await page.getByTestId('plan-create').click()
    await fill('id', planId)
    await fill('name', 'E2E 套餐')
    await fill('nameEn', 'E2E plan')
    await fill('sizeBytes', '5')
    await fill('price', '12.5')
    // Off sale: the portal's plan list stays what the other files expect.
    await page.getByTestId('create-isActive').click()
    await modalOk(page).click()
    await page.locator('.ant-message').getByText(`已新建套餐 ${planId}`).waitFor()
    expect(await page.getByTestId('plan-row').filter({ hasText: planId }).textContent()).toContain('$12.50')

    const admin = (await (await adminFetch('/catalogue', { method: 'GET' })).json()) as {
      data: { regions: Record<string, unknown>[]; plans: Record<string, unknown>[] }
    }
    expect(admin.data.regions.find((region) => region.id === regionId)).toMatchObject({
      countryCode: 'JP',
      ispType: 'isp',
      protocols: ['socks5'],
      pricePer30Days: 9,
      isActive: true,
    })
    expect(admin.data.plans.find((plan) => plan.id === planId)).toMatchObject({
      sizeBytes: 5 * 1024 ** 3,
      validityDays: 30,
      price: 12.5,
      isActive: false,
    })
    expect(errors).toEqual([])
  })

  it('adds a node in the browser and shows its token once', async () => {
    await page.goto('/admin/nodes')
    await page.getByTestId('node-add').click()
    await page.getByTestId('node-name').fill(nodeName)
    await page.getByTestId('node-host').fill('node-e2e.example.com')
    await modalOk(page).click()
    await expect.poll(() => page.getByTestId('node-token').textContent()).toMatch(/\S{20,}/)
    await page.getByTestId('node-token-done').click()
    await page.getByTestId('node-token').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('nodes-table').textContent()).toContain(nodeName)
    expect(errors).toEqual([])
  })

  it('imports an inventory CSV after a dry run shows a bad row, and lists the new addresses', async () => {
    await page.getByTestId('admin-menu').getByText('IP 库存').click()
    await page.waitForURL((url) => url.pathname === '/admin/inventory')
    await page.getByTestId('inventory-import').click()
    const csv = [
      'region_id,ip,port,node',
      ...addresses.map((ip) => `${regionId},${ip},1080,${nodeName}`),
      `${regionId},${addresses[0]},1080,no-such-node-e2e`,
    ].join('\n')
    await page.getByTestId('import-text').fill(csv)
    await expect.poll(() => page.getByTestId('import-rows').locator('tr.ant-table-row').count()).toBe(4)
    await page.getByTestId('import-check').click()
    // The dry run refuses the unknown node's row and would take the other three.
    await expect.poll(() => page.getByTestId('import-confirm').textContent()).toMatch(/3/)
    const listed = await fetch(`${baseURL}/api/catalog/static-ip`).then((answer) => answer.json())
    const before = (listed as { data: { regions: { id: string; stock: number }[] } }).data.regions
    expect(before.find((region) => region.id === regionId)?.stock ?? 0).toBe(0)
    await page.getByTestId('import-confirm').click()
    const confirmation = page.locator('.ant-modal-confirm').filter({ hasText: '导入 3 个地址' })
    await confirmation.getByRole('button', { name: /导入\s?3\s?行/ }).click()
    await confirmation.waitFor({ state: 'detached' })
    await page.getByTestId('import-summary').waitFor()
    expect(await page.getByTestId('import-summary').textContent()).toMatch(/3/)
    const after = (await fetch(`${baseURL}/api/catalog/static-ip`).then((answer) => answer.json())) as {
      data: { regions: { id: string; stock: number }[] }
    }
    expect(after.data.regions.find((region) => region.id === regionId)?.stock).toBe(3)
    expect(errors).toEqual([])
  })

  it('changes the region price after reviewing old → new, and the public catalogue follows', async () => {
    await page.goto('/admin/catalogue')
    await page.getByTestId(`region-edit-${regionId}`).click()
    const price = page.getByTestId('edit-pricePer30Days')
    await price.fill('8')
    await modalOk(page).click()
    await page.getByTestId('change-review').waitFor()
    const review = (await page.getByTestId('change-review').textContent()) ?? ''
    expect(review).toContain('$9.00')
    expect(review).toContain('$8.00')
    await modalOk(page).click()
    await page.getByTestId('change-review').waitFor({ state: 'detached' })
    await expect
      .poll(async () => {
        const answer = (await fetch(`${baseURL}/api/catalog/static-ip`).then((reply) => reply.json())) as {
          data: { regions: { id: string; pricePer30Days: number }[] }
        }
        return answer.data.regions.find((region) => region.id === regionId)?.pricePer30Days
      })
      .toBe(8)
    expect(errors).toEqual([])
  })

  it('refunds an IP the customer bought, to their wallet, after a review', async () => {
    const again = await login(baseURL, customer.email, customer.password)
    const token = (again.body.data as { token: string }).token
    const bought = await buyStaticIps(baseURL, token, {
      regionId,
      quantity: 1,
      durationDays: 30,
      protocol: 'socks5',
    })
    orderNo = bought.order.orderNo
    expect(await walletBalance(token)).toBe(4.5)

    await page.getByTestId('admin-menu').getByText('订单', { exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/admin/orders')
    await page.getByTestId('orders-search').locator('input').fill(customer.email)
    await page.getByTestId('orders-search').locator('input').press('Enter')
    const row = page.getByTestId('order-row').filter({ hasText: orderNo })
    await row.getByTestId('order-open').click()
    await expect.poll(() => page.getByTestId('order-detail').textContent()).toContain(orderNo)
    await page.getByTestId('order-refund').click()
    await page.getByTestId('refund-item').click()
    await page.locator('.ant-select-dropdown .ant-select-item-option').first().click()
    await page.getByTestId('refund-reason').fill(REFUND_REASON)
    await page.getByTestId('refund-review').click()
    await page.getByTestId('refund-summary').waitFor()
    expect(await walletBalance(token)).toBe(4.5)
    await page.getByTestId('refund-confirm').click()
    await page.getByTestId('refund-result').waitFor()
    // 29 unused whole days at $8.00 per 30: $7.73 back on $4.50.
    const refunded = await walletBalance(token)
    expect(refunded).toBe(12.23)
    expect(await page.getByTestId('refund-result').textContent()).toContain(`$${refunded.toFixed(2)}`)
    journeyBalance = refunded
    await page.getByTestId('refund-close').click()
    expect(errors).toEqual([])
  })

  it('finds the node, the import, the price change and the refund in the audit log', async () => {
    await page.goto('/admin/audit')
    const table = page.getByTestId('audit-table')
    const rowOf = (action: string) => table.locator('tr.ant-table-row').filter({ hasText: action })
    await expect.poll(() => rowOf('refunds.static-ip').count()).toBe(1)
    expect(await rowOf('refunds.static-ip').textContent()).toContain(REFUND_REASON)
    expect(await rowOf('nodes.add').count()).toBeGreaterThanOrEqual(1)
    expect(await rowOf('inventory.import').count()).toBeGreaterThanOrEqual(1)
    expect(await rowOf('catalogue.region.update').filter({ hasText: regionId }).count()).toBe(1)
    expect(errors).toEqual([])
  })
})

describe('a page of the same site on another origin', () => {
  let hostile: Server | undefined
  afterAll(() => hostile?.close())

  it("cannot write with the operator's cookie: its form post and its fetch are refused, audited, and change nothing", async () => {
    const invited = await adminFetch('/operators/invitations', {
      method: 'POST',
      body: { email: `csrf-${Date.now()}@example.com`, role: 'support' },
    })
    expect(invited.status).toBe(200)
    const { invitation } = ((await invited.json()) as { data: { invitation: { id: string } } }).data
    const title = `Forged ${Date.now()}`
    // Another port of the console's host: the same site, so SameSite=Strict lets the cookie go along.
    const page = `<!doctype html><form id="forged" method="POST" enctype="text/plain"
        action="${baseURL}/api/admin/operators/invitations/${invitation.id}/revoke"><input name="a" value="b"></form>
      <script>
        fetch(${JSON.stringify(`${baseURL}/api/admin/announcements`)}, {
          method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ titleZh: ${JSON.stringify(title)}, titleEn: ${JSON.stringify(title)}, bodyZh: 'x', bodyEn: 'x' }),
        }).finally(() => document.getElementById('forged').submit())
      </script>`
    hostile = createServer((_request, reply) =>
      reply.writeHead(200, { 'content-type': 'text/html' }).end(page),
    )
    await new Promise<void>((resolve) => hostile?.listen(0, '127.0.0.1', resolve))
    const { port } = hostile.address() as AddressInfo
    expect(port).not.toBe(Number(new URL(baseURL).port))

    const { context, page: victim } = await openAdmin({ cookies: sessionCookies })
    await victim.goto(`http://127.0.0.1:${port}/`)
    // The form's navigation lands on the API's answer.
    await victim.waitForURL((url) => url.pathname.endsWith('/revoke'))
    const answer = JSON.parse((await victim.locator('body').textContent()) ?? '{}') as { code: number }
    expect(answer.code).toBe(1104)
    await context.close()

    const team = (await (await adminFetch('/operators', { method: 'GET' })).json()) as {
      data: { invitations: { id: string }[] }
    }
    expect(team.data.invitations.map((pending) => pending.id)).toContain(invitation.id)
    const announcements = await (await adminFetch('/announcements', { method: 'GET' })).text()
    expect(announcements).not.toContain(title)
    // Both refusals name the owner: the browser did send the cookie, and the server refused its use.
    const audit = (await (await adminFetch('/audit?action=refused', { method: 'GET' })).json()) as {
      data: {
        items: {
          operatorEmail: string | null
          reason: string
          target: string | null
          after: { route: string }
        }[]
      }
    }
    const refused = audit.data.items.filter(
      (row) => row.operatorEmail === owner.email && row.reason.startsWith('CROSS_SITE_REQUEST'),
    )
    expect(refused.map((row) => row.after.route).sort()).toEqual([
      'POST /api/admin/announcements',
      'POST /api/admin/operators/invitations/:id/revoke',
    ])
    expect(refused.find((row) => row.target !== null)?.target).toBe(invitation.id)
  })
})

describe('a customer token', () => {
  it('gets 401 on the operator API', async () => {
    const someone = await registerCustomer(baseURL, 'admin-probe')
    expect(await getWithToken(baseURL, '/admin/auth/me', someone.token)).toBe(401)
    const withCookie = await fetch(`${baseURL}/api/admin/auth/me`, {
      headers: { cookie: `token=${someone.token}` },
    })
    expect(withCookie.status).toBe(401)
  })

  it('opens no console: /admin with the customer cookie and storage still shows the operator sign-in', async () => {
    const someone = await registerCustomer(baseURL, 'admin-visitor')
    const { context, page, errors } = await openAdmin({ token: someone.token })
    await context.addInitScript((token) => window.localStorage.setItem('token', token), someone.token)
    await page.goto('/admin/customers')
    await page.waitForURL((url) => url.pathname === '/admin/login')
    await page.getByTestId('login-submit').waitFor()
    expect(await page.getByTestId('admin-menu').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('screenshots of every console page', () => {
  const LANGUAGES: Language[] = ['zh-CN', 'en-US']
  const LAYOUTS = [
    { prefix: 'admin', viewport: DESKTOP },
    { prefix: 'admin-mobile', viewport: PHONE },
  ]
  for (const layout of LAYOUTS)
    for (const language of LANGUAGES)
      it(`${layout.prefix} in ${language}`, async () => {
        const name = (pageName: string) => `${layout.prefix}-${language}-${pageName}`

        const anonymous = await openAdmin({ language, viewport: layout.viewport })
        await anonymous.page.goto('/admin/login')
        await anonymous.page.getByTestId('login-submit').waitFor()
        await screenshot(anonymous.page, name('sign-in'))
        expect(anonymous.errors).toEqual([])
        await anonymous.context.close()

        const { context, page, errors } = await openAdmin({
          language,
          viewport: layout.viewport,
          cookies: sessionCookies,
        })
        await page.goto('/admin/password')
        await page.getByTestId('password-submit').waitFor()
        await screenshot(page, name('password'))

        await page.goto('/admin')
        await page.getByTestId('overview-operator').waitFor()
        await screenshot(page, name('overview'))

        // Rows on desktop, cards on phones: the journey's customer is listed either way.
        await page.goto('/admin/customers')
        await expect.poll(() => page.getByTestId('customers-table').textContent()).toContain(customer.email)
        await screenshot(page, name('customers'))

        await page.goto(`/admin/customers?customer=${customerId}`)
        await expect.poll(() => drawerDetail(page).textContent()).toContain(customer.email)
        await screenshot(page, name('customer-detail'))

        await page.getByTestId('customer-adjust').click()
        await page.getByTestId('adjust-amount').fill('-2')
        await page.getByTestId('adjust-reason').fill('Screenshot only, never confirmed')
        await modalOk(page).click()
        await page.getByTestId('adjust-summary').waitFor()
        await screenshot(page, name('adjustment-confirm'))
        await page.locator('.ant-modal-footer .ant-btn').first().click()
        await page.keyboard.press('Escape')

        await page.goto('/admin/audit')
        await expect.poll(() => page.getByTestId('audit-table').textContent()).toContain('customers.suspend')
        await screenshot(page, name('audit'))

        await page.goto('/admin/sessions')
        await expect
          .poll(() => page.getByTestId('sessions-table').textContent())
          .toMatch(/当前会话|This session/)
        await screenshot(page, name('sessions'))

        // The business pages: each settles (its lists loaded) before the shot.
        for (const pageName of [
          'nodes',
          'inventory',
          'orders',
          'topups',
          'catalogue',
          'notices',
          'operators',
        ]) {
          await page.goto(`/admin/${pageName}`)
          await page.waitForLoadState('networkidle')
          await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count()).toBe(0)
          await screenshot(page, name(pageName))
        }
        await page.goto('/admin')
        await page.getByTestId('dashboard-stock').waitFor()
        await screenshot(page, name('dashboard'))

        // The review was never confirmed: the balance is what the journey left.
        const again = await login(baseURL, customer.email, customer.password)
        expect(await walletBalance((again.body.data as { token: string }).token)).toBe(journeyBalance)
        expect(errors).toEqual([])
        await context.close()
      })
})

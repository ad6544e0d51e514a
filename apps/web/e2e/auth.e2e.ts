// Journeys around the session: redirects, register, sign-in with redirect, logout, forced 401.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logoutToken, registerCustomer, uniqueEmail } from './support/api.ts'
import { cookieValue, launchBrowser, openContext, storageKeys } from './support/browser.ts'
import { testServer } from './support/server.ts'

const { baseURL } = testServer()
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const path = (url: string) => {
  const { pathname, search } = new URL(url)
  return `${pathname}${search}`
}

describe('without a token', () => {
  it('sends / through /portal/auth to /portal/home', async () => {
    const { context, page, errors } = await openContext(browser, baseURL)
    await page.goto('/')
    await page.waitForURL((url) => url.pathname === '/portal/home')
    expect(path(page.url())).toBe('/portal/home')
    await expect(page.getByTestId('auth-title').textContent()).resolves.toBe('登录')
    await expect(page.getByRole('tab', { name: '账号' }).count()).resolves.toBe(1)
    expect(await page.title()).toBe('登录 - 云枢代理')
    expect(errors).toEqual([])
    await context.close()
  })

  it('sends a protected page to /portal/home with the redirect parameter', async () => {
    const { context, page } = await openContext(browser, baseURL)
    await page.goto('/console/ipList')
    await page.waitForURL((url) => url.pathname === '/portal/home')
    expect(path(page.url())).toBe('/portal/home?redirect=%2Fconsole%2FipList')
    await context.close()
  })
})

describe('signing in', () => {
  it('registers through the form and lands on the overview with a strict token cookie', async () => {
    const { context, page } = await openContext(browser, baseURL)
    const email = uniqueEmail('register')
    await page.goto('/portal/home')
    await page.getByRole('tab', { name: '注册' }).click()
    await page.locator('#register_email').fill(email)
    await page.locator('#register_password').fill('Correct-horse-42')
    await page.locator('#register_confirm').fill('Correct-horse-42')
    await page.getByRole('button', { name: '注册并登录' }).click()
    await page.waitForURL('**/console/overview')
    await expect(page.getByTestId('greeting').textContent()).resolves.toContain(email)
    const token = await cookieValue(context, 'token')
    expect(token?.value.length).toBeGreaterThan(20)
    expect(token?.sameSite).toBe('Strict')
    expect(token?.expires).toBeGreaterThan(Date.now() / 1000)
    await context.close()
  })

  it('signs in through the form and follows the redirect', async () => {
    const customer = await registerCustomer(baseURL, 'signin')
    const { context, page } = await openContext(browser, baseURL)
    await page.goto('/console/ipList')
    await page.waitForURL((url) => url.pathname === '/portal/home')
    await page.locator('#login_email').fill(customer.email)
    await page.locator('#login_password').fill(customer.password)
    await page.getByRole('button', { name: /^登\s?录$/ }).click()
    await page.waitForURL('**/console/ipList')
    await page
      .getByTestId('page-title')
      .filter({ hasText: /^IP列表$/ })
      .waitFor()
    await context.close()
  })

  it('ignores an off-site redirect', async () => {
    const customer = await registerCustomer(baseURL, 'evil')
    const { context, page } = await openContext(browser, baseURL)
    await page.goto(`/portal/home?redirect=${encodeURIComponent('//evil.com/console')}`)
    await page.locator('#login_email').fill(customer.email)
    await page.locator('#login_password').fill(customer.password)
    await page.getByRole('button', { name: /^登\s?录$/ }).click()
    await page.waitForURL('**/console/overview')
    expect(new URL(page.url()).host).toBe(new URL(baseURL).host)
    await context.close()
  })

  it('shows the translated error for wrong credentials once and stays on the portal', async () => {
    const customer = await registerCustomer(baseURL, 'wrong')
    const { context, page } = await openContext(browser, baseURL)
    await page.goto('/portal/home')
    await page.locator('#login_email').fill(customer.email)
    await page.locator('#login_password').fill('not-the-password')
    await page.getByRole('button', { name: /^登\s?录$/ }).click()
    await page.getByTestId('form-error').waitFor()
    await expect(page.getByTestId('form-error').textContent()).resolves.toContain('邮箱或密码错误')
    // One error: on the form, no toast besides it.
    expect(await page.getByTestId('form-error').count()).toBe(1)
    expect(await page.locator('.ant-message').getByText('邮箱或密码错误').count()).toBe(0)
    expect(path(page.url())).toBe('/portal/home')
    await context.close()
  })

  it('offers 进入控制台 to a signed-in visitor', async () => {
    const customer = await registerCustomer(baseURL, 'enter')
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/portal/home')
    await page.getByTestId('enter-console').click()
    await page.waitForURL('**/console/overview')
    await context.close()
  })
})

describe('ending the session', () => {
  it('logs out after the confirmation and clears cookie and storages', async () => {
    const customer = await registerCustomer(baseURL, 'logout')
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/console/overview')
    await page.getByTestId('greeting').waitFor()
    await page.evaluate(() => sessionStorage.setItem('draft', '1'))
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    const dialog = page.locator('.ant-modal-confirm')
    await dialog.getByText('确认退出登录？', { exact: true }).waitFor()
    await dialog.getByRole('button', { name: /^确\s?定$/ }).click()
    await page.waitForURL((url) => url.pathname === '/portal/home')
    expect(path(page.url())).toBe('/portal/home?redirect=%2Fconsole%2Foverview')
    expect(await cookieValue(context, 'token')).toBeUndefined()
    expect(await cookieValue(context, 'firstVisit')).toBeUndefined()
    expect(await storageKeys(page)).toEqual({ local: [], session: [] })
    // The server forgot the session too.
    const me = await fetch(`${baseURL}/api/user/me`, {
      headers: { authorization: `Bearer ${customer.token}` },
    })
    expect(me.status).toBe(401)
    await context.close()
  })

  it('logs out on a 401 from a revoked session, keeping the address as redirect', async () => {
    const customer = await registerCustomer(baseURL, 'revoked')
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/console/recharge')
    await page.getByTestId('wallet-tag').waitFor()
    const token = (await cookieValue(context, 'token'))?.value ?? ''
    expect((await logoutToken(baseURL, token)).status).toBe(200)
    await page.reload()
    await page.waitForURL((url) => url.pathname === '/portal/home')
    expect(path(page.url())).toBe('/portal/home?redirect=%2Fconsole%2Frecharge')
    expect(await cookieValue(context, 'token')).toBeUndefined()
    expect(await storageKeys(page)).toEqual({ local: [], session: [] })
    await context.close()
  })
})

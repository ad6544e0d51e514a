// The account dialogs: personal info (rename, API tokens, API access) and password change.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiToken, getWithToken, login, registerCustomer } from './support/api.ts'
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

const openFromUserMenu = async (page: Page, item: string) => {
  // After the console's first requests (the account's preferences may re-render the header), so the
  // menu does not close under the click.
  await page.waitForLoadState('networkidle')
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: item }).click()
}

describe('personal info', () => {
  it('shows the account, renames with Esc to cancel, and creates and revokes an API token', async () => {
    const customer = await registerCustomer(baseURL, 'profile')
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    await page.goto('/console/overview')
    await openFromUserMenu(page, '个人信息')

    const modal = page.locator('.ant-modal').filter({ hasText: '个人信息' })
    await modal.getByTestId('profile-email').waitFor()
    // Measured once the opening zoom animation has finished.
    await expect.poll(async () => (await modal.boundingBox())?.width).toBe(788)
    await expect(modal.locator('.ant-modal-title').textContent()).resolves.toBe('个人信息')
    await expect(modal.getByTestId('profile-email').textContent()).resolves.toBe(customer.email)

    // Esc cancels the rename and leaves the dialog open.
    await modal.getByRole('button', { name: '重命名' }).click()
    await expect(modal.getByTestId('rename-hint').textContent()).resolves.toContain('按 Esc 取消重命名')
    const nameInput = modal.getByRole('textbox', { name: '名称', exact: true })
    await nameInput.fill('Temporary')
    await nameInput.press('Escape')
    await modal.getByTestId('rename-hint').waitFor({ state: 'detached' })
    expect(await modal.isVisible()).toBe(true)

    // Enter saves.
    await modal.getByRole('button', { name: '重命名' }).click()
    await modal.getByRole('textbox', { name: '名称', exact: true }).fill('Ada Lovelace')
    await modal.getByRole('textbox', { name: '名称', exact: true }).press('Enter')
    await modal.getByTestId('profile-name').getByText('Ada Lovelace').waitFor()
    const me = await fetch(`${baseURL}/api/user/me`, {
      headers: { authorization: `Bearer ${customer.token}` },
    })
    expect(((await me.json()) as { data: { name: string } }).data.name).toBe('Ada Lovelace')

    // Create a token: the secret is shown once and works against the API.
    await modal.getByRole('textbox', { name: '令牌名称' }).fill('crawler')
    await modal.getByRole('button', { name: '创建令牌' }).click()
    const secret = (await modal.getByTestId('token-secret').textContent()) ?? ''
    expect(secret.length).toBeGreaterThan(20)
    await modal.getByRole('button', { name: '复制' }).first().click()
    await modal.getByRole('button', { name: '已复制' }).waitFor()
    expect(await getWithToken(baseURL, '/user/wallet', secret)).toBe(200)
    const row = modal.getByTestId('api-token-table').locator('tbody tr').filter({ hasText: 'crawler' })
    await row.waitFor()

    // The API section explains the call with a working curl line.
    const curl = await modal.getByTestId('api-curl').textContent()
    expect(curl).toBe(`curl -H "Authorization: Bearer <token>" ${baseURL}/api/user/wallet`)
    expect(await modal.getByRole('link', { name: /API/ }).getAttribute('href')).toBe('/api/docs')

    // Revoke asks first, then the secret stops working.
    await row.getByRole('button', { name: '吊销' }).click()
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s?定/ })
      .click()
    await row.waitFor({ state: 'detached' })
    expect(await getWithToken(baseURL, '/user/wallet', secret)).toBe(401)
    await context.close()
  })

  it.each(['zh-CN', 'en-US'] as const)(
    'keeps the curl line on one line that scrolls on a 390 px phone in %s',
    async (language) => {
      const customer = await registerCustomer(baseURL, `profile-phone-${language}`)
      const viewport = { width: 390, height: 844 }
      const { context, page } = await openContext(browser, baseURL, {
        token: customer.token,
        language,
        viewport,
      })
      await page.goto('/console/overview')
      await openFromUserMenu(page, language === 'zh-CN' ? '个人信息' : 'Personal info')
      const curl = page.locator('.ant-modal').getByTestId('api-curl')
      await curl.scrollIntoViewIfNeeded()
      const box = await curl.evaluate((element) => ({
        lines: Math.round(
          (element.clientHeight - Number.parseFloat(getComputedStyle(element).paddingTop) * 2) /
            Number.parseFloat(getComputedStyle(element).lineHeight),
        ),
        scrolls: element.scrollWidth > element.clientWidth,
        right: element.getBoundingClientRect().right,
      }))
      expect(box).toEqual({ lines: 1, scrolls: true, right: expect.any(Number) })
      expect(box.right).toBeLessThanOrEqual(390)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      await screenshot(page, `mobile-${language}-personal-info-api`)
      await context.close()
    },
  )
})

describe('change password', () => {
  it('refuses a wrong current password, then changes it', async () => {
    const customer = await registerCustomer(baseURL, 'password')
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/console/overview')
    await openFromUserMenu(page, '修改密码')
    const dialog = page.locator('.ant-modal').filter({ hasText: '修改密码' })
    await dialog.locator('#change-password_oldPassword').waitFor()

    await dialog.locator('#change-password_oldPassword').fill('wrong-password-1')
    await dialog.locator('#change-password_newPassword').fill('short')
    await dialog.locator('#change-password_confirm').fill('short')
    await dialog.getByRole('button', { name: '确认修改' }).click()
    await dialog.getByText('新密码至少 8 位').waitFor()

    const next = 'Brand-new-passw0rd'
    await dialog.locator('#change-password_newPassword').fill(next)
    await dialog.locator('#change-password_confirm').fill(next)
    await dialog.getByRole('button', { name: '确认修改' }).click()
    await dialog.getByText('当前密码不正确').first().waitFor()

    await dialog.locator('#change-password_oldPassword').fill(customer.password)
    await dialog.getByRole('button', { name: '确认修改' }).click()
    await page.locator('.ant-message').getByText('密码已修改').waitFor()
    await dialog.waitFor({ state: 'hidden' })

    expect((await login(baseURL, customer.email, next)).status).toBe(200)
    expect((await login(baseURL, customer.email, customer.password)).status).toBe(401)
    // This session survives the change.
    await page.reload()
    await page.getByTestId('greeting').waitFor()
    await context.close()
  })

  it('shows where a token was last used, and revokes every token with the password when asked', async () => {
    const customer = await registerCustomer(baseURL, 'password-tokens')
    const secret = await createApiToken(baseURL, customer.token, 'night job')
    expect(await getWithToken(baseURL, '/user/wallet', secret)).toBe(200)
    const { context, page } = await openContext(browser, baseURL, { token: customer.token })
    await page.goto('/console/overview')
    await openFromUserMenu(page, '个人信息')
    const row = page.getByTestId('api-token-table').locator('tbody tr').filter({ hasText: 'night job' })
    await expect(row.getByTestId('api-token-last-ip').textContent()).resolves.toBe('来自 127.0.0.1')
    await page.keyboard.press('Escape')
    await page.locator('.ant-modal').filter({ hasText: '个人信息' }).waitFor({ state: 'hidden' })

    await openFromUserMenu(page, '修改密码')
    const dialog = page.locator('.ant-modal').filter({ hasText: '修改密码' })
    const next = 'Another-new-passw0rd'
    await dialog.locator('#change-password_oldPassword').fill(customer.password)
    await dialog.locator('#change-password_newPassword').fill(next)
    await dialog.locator('#change-password_confirm').fill(next)
    await dialog.getByTestId('change-password-revoke-tokens').check()
    await dialog.getByRole('button', { name: '确认修改' }).click()
    await page.locator('.ant-message').getByText('密码已修改，所有 API 令牌已吊销').waitFor()
    expect(await getWithToken(baseURL, '/user/wallet', secret)).toBe(401)
    expect(await getWithToken(baseURL, '/user/wallet', customer.token)).toBe(200)
    await context.close()
  })
})

// Screenshots of the portal at 1280 and 390 px in zh-CN and en-US, with the live offer, for a look by eye.
// Run against a server that serves this build: `npx tsx bench/portal-screens.ts http://127.0.0.1:3000` in apps/web.
import { chromium } from 'playwright-core'

const base = process.argv[2] ?? 'http://127.0.0.1:3000'
const dir = process.env.SCREENSHOT_DIR ?? '/tmp/proxy-console-screens'
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
for (const language of ['zh-CN', 'en-US'] as const)
  for (const width of [1280, 390]) {
    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 800 },
      storageState: {
        cookies: [],
        origins: [{ origin: base, localStorage: [{ name: 'language', value: language }] }],
      },
    })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    await page.goto(`${base}/portal/home`)
    await page.locator('#login_email').waitFor()
    await page
      .locator('[data-testid^="portal-plan-"]')
      .first()
      .waitFor({ timeout: 5000 })
      .catch(() => errors.push('no plans'))
    const file = `${dir}/portal-${language}-${width}.png`
    await page.screenshot({ path: file, fullPage: true })
    console.log(file, await page.title(), errors)
    await context.close()
  }
await browser.close()

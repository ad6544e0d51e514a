// Full-page screenshots into one folder (SCREENSHOT_DIR or <tmp>/proxy-console-screens).
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { inject } from 'vitest'

export const screenshot = async (page: Page, name: string) => {
  // Let antd motion settle so toasts and modals are captured in their final place.
  await page.waitForTimeout(350)
  await page.screenshot({ path: join(inject('screenshotDir'), `${name}.png`), fullPage: true })
}

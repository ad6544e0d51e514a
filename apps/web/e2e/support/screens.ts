// Full-page screenshots into one folder (SCREENSHOT_DIR or <tmp>/proxy-console-screens).
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { inject } from 'vitest'

/**
 * Resolves once the page has been still for three frames in a row: no finite CSS animation or transition running
 * (antd's motion: toasts, modals, drawers, dropdowns; spinners loop forever and do not count) and the same scroll
 * position. Gives up waiting after 5 s, as a page that never stops moving would otherwise hang the test.
 */
export const settleMotion = (page: Page) =>
  page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done))
    const moving = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        )
    const deadline = performance.now() + 5_000
    let scroll = `${window.scrollX},${window.scrollY}`
    for (let stillFrames = 0; stillFrames < 3 && performance.now() < deadline; ) {
      await frame()
      const animations = moving()
      const nextScroll = `${window.scrollX},${window.scrollY}`
      stillFrames = animations.length === 0 && nextScroll === scroll ? stillFrames + 1 : 0
      scroll = nextScroll
      if (animations.length > 0)
        await Promise.race([
          Promise.all(animations.map((animation) => animation.finished.catch(() => undefined))),
          new Promise((done) => setTimeout(done, deadline - performance.now())),
        ])
    }
  })

export const screenshot = async (page: Page, name: string) => {
  // antd's motion finished, so toasts and modals are captured in their final place.
  await settleMotion(page)
  await page.screenshot({ path: join(inject('screenshotDir'), `${name}.png`), fullPage: true })
}

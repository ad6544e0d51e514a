// What every screen must hold besides "no page errors": no sideways scroll, no two visible controls on top
// of each other, and the language asked for (html lang, and the route's title in that language's words).
// One page.evaluate per screen, so the checks cost next to nothing beside the screenshot.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import en from '../../src/locales/en-US/common.json'
import zh from '../../src/locales/zh-CN/common.json'

type Language = 'zh-CN' | 'en-US'
export type TitleKey = keyof typeof en.titles

const TEXTS = { 'zh-CN': zh, 'en-US': en } as const

/** Everything a user can click or type into. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  ...['button', 'tab', 'switch', 'checkbox', 'radio', 'menuitem', 'combobox'].map(
    (role) => `[role="${role}"]`,
  ),
].join(',')

type Layout = { lang: string; title: string; scrollWidth: number; clientWidth: number; overlaps: string[] }

const measure = (selector: string): Layout => {
  // An open modal or drawer is the only layer a user can reach; the page under its mask is not checked.
  const layers = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap, .ant-drawer')].filter((layer) =>
    layer.checkVisibility(),
  )
  const scope: ParentNode = layers.at(-1) ?? document
  const controls = [...scope.querySelectorAll<HTMLElement>(selector)]
    .filter((control) => control.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
    .map((control) => ({ control, rect: control.getBoundingClientRect() }))
    .filter(({ rect }) => rect.width > 0 && rect.height > 0)
  const name = (control: HTMLElement) =>
    `${control.tagName.toLowerCase()} "${(
      control.dataset.testid ??
      control.getAttribute('aria-label') ??
      control.textContent ??
      ''
    )
      .trim()
      .slice(0, 40)}"`
  const overlaps: string[] = []
  for (const [index, a] of controls.entries())
    for (const b of controls.slice(index + 1)) {
      if (a.control.contains(b.control) || b.control.contains(a.control)) continue
      // More than a shared border: antd's joined buttons overlap by 1 px on purpose.
      const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left)
      const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top)
      if (width > 2 && height > 2) overlaps.push(`${name(a.control)} × ${name(b.control)}`)
    }
  return {
    lang: document.documentElement.lang,
    title: document.title,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    overlaps,
  }
}

/** Asserts the screen's layout and language; `title` names the route's title (none on the error page). */
export const expectLayout = async (
  page: Page,
  screen: string,
  language: Language,
  title: TitleKey | null,
) => {
  const layout = await page.evaluate(measure, CONTROLS)
  expect(layout.scrollWidth, `${screen} scrolls sideways`).toBeLessThanOrEqual(layout.clientWidth)
  expect(layout.overlaps, `${screen} has controls on top of each other`).toEqual([])
  expect(layout.lang, `${screen} html lang`).toBe(language)
  const texts = TEXTS[language]
  if (title !== null)
    expect(layout.title, `${screen} title`).toBe(`${texts.titles[title]} - ${texts.product.name}`)
}

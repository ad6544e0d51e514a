// Motion follows the visitor's system setting: with "reduce motion" on (prefers-reduced-motion), antd
// opens and closes dialogs, drawers and menus at once instead of animating them. Read once at start.
import type { ThemeConfig } from 'antd'

const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/** The theme, with antd's motion off when the visitor asked for less motion. */
export const withMotionPreference = (theme: ThemeConfig, reduced = prefersReducedMotion()): ThemeConfig =>
  reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme

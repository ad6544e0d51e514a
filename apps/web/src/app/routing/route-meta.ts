// The handle every titled route carries: the menu key it selects and its i18n title key.
import type { UIMatch } from 'react-router'

type Titles = typeof import('../../locales/zh-CN/common.json')['titles']
export type TitleKey = `titles.${keyof Titles & string}`

export type RouteMeta = { key: string; titleKey: TitleKey }

const isRouteMeta = (handle: unknown): handle is RouteMeta =>
  typeof handle === 'object' &&
  handle !== null &&
  typeof (handle as RouteMeta).key === 'string' &&
  typeof (handle as RouteMeta).titleKey === 'string'

/** The meta of the deepest matched route that has one. */
export const currentMeta = (matches: readonly UIMatch[]): RouteMeta | undefined =>
  matches
    .map((match) => match.handle)
    .filter(isRouteMeta)
    .at(-1)

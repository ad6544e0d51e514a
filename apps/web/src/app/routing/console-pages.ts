// The nine console pages of SPEC §2 and the pages added since (receipts, alerts, sub-users, request
// statistics): path, menu key and title, shared by the router and the side menu.
import type { TitleKey } from './route-meta.ts'

export type ConsolePageKey =
  | 'overview'
  | 'buyStaticIP'
  | 'ipList'
  | 'ipOrderList'
  | 'buyTrafficFlow'
  | 'trafficFlowHistory'
  | 'trafficFlowPackList'
  | 'subUsers'
  | 'tunnelStats'
  | 'recharge'
  | 'businessFlow'
  | 'receipts'
  | 'alerts'

export type ConsolePage = { key: ConsolePageKey; path: string; titleKey: TitleKey }

const page = (key: ConsolePageKey): ConsolePage => ({
  key,
  path: `/console/${key}`,
  titleKey: `titles.${key}`,
})

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  page('overview'),
  page('buyStaticIP'),
  page('ipList'),
  page('ipOrderList'),
  page('buyTrafficFlow'),
  page('trafficFlowHistory'),
  page('trafficFlowPackList'),
  page('subUsers'),
  page('tunnelStats'),
  page('recharge'),
  page('businessFlow'),
  page('receipts'),
  page('alerts'),
]

export const consolePage = (key: ConsolePageKey): ConsolePage =>
  CONSOLE_PAGES.find((entry) => entry.key === key) ?? page(key)

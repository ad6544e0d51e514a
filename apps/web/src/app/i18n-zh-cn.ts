// The console's zh-CN texts, the default and fallback language: in the first paint, except the pages' own
// namespaces (i18n-zh-cn-pages.ts), which load with their page. en-US loads on demand.
import zhCommon from '../locales/zh-CN/common.json'
import zhErrors from '../locales/zh-CN/errors.json'
import zhOrders from '../locales/zh-CN/orders.json'
import zhOverview from '../locales/zh-CN/overview.json'
import zhPortal from '../locales/zh-CN/portal.json'
import zhStaticIp from '../locales/zh-CN/static-ip.json'
import zhStats from '../locales/zh-CN/stats.json'
import zhTraffic from '../locales/zh-CN/traffic.json'
import zhUser from '../locales/zh-CN/user.json'
import zhWallet from '../locales/zh-CN/wallet.json'

export const zhCN = {
  common: zhCommon,
  errors: zhErrors,
  portal: zhPortal,
  overview: zhOverview,
  user: zhUser,
  wallet: zhWallet,
  'static-ip': zhStaticIp,
  traffic: zhTraffic,
  orders: zhOrders,
  stats: zhStats,
}

import type { zhPages } from './i18n-zh-cn-pages.ts'

export type Namespaces = typeof zhCN & typeof zhPages
/** The namespaces of the first paint; a page's own namespace loads when the page asks for it (app/i18n.ts). */
export const NAMESPACES = Object.keys(zhCN) as (keyof typeof zhCN)[]

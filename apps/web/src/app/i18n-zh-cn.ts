// The console's zh-CN texts, the default and fallback language: in the first paint. en-US loads on demand.
import zhAlerts from '../locales/zh-CN/alerts.json'
import zhCommon from '../locales/zh-CN/common.json'
import zhErrors from '../locales/zh-CN/errors.json'
import zhOrders from '../locales/zh-CN/orders.json'
import zhOverview from '../locales/zh-CN/overview.json'
import zhPortal from '../locales/zh-CN/portal.json'
import zhReceipts from '../locales/zh-CN/receipts.json'
import zhStaticIp from '../locales/zh-CN/static-ip.json'
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
  receipts: zhReceipts,
  alerts: zhAlerts,
}

export type Namespaces = typeof zhCN
export const NAMESPACES = Object.keys(zhCN) as (keyof Namespaces)[]

// Every namespace in both languages; zh-CN is the reference shape that en-US must match.
import enBilling from '../locales/en-US/billing.json'
import enCommon from '../locales/en-US/common.json'
import enErrors from '../locales/en-US/errors.json'
import enOrders from '../locales/en-US/orders.json'
import enOverview from '../locales/en-US/overview.json'
import enPortal from '../locales/en-US/portal.json'
import enStaticIp from '../locales/en-US/static-ip.json'
import enTraffic from '../locales/en-US/traffic.json'
import enUsage from '../locales/en-US/usage.json'
import enUser from '../locales/en-US/user.json'
import enWallet from '../locales/en-US/wallet.json'
import zhBilling from '../locales/zh-CN/billing.json'
import zhCommon from '../locales/zh-CN/common.json'
import zhErrors from '../locales/zh-CN/errors.json'
import zhOrders from '../locales/zh-CN/orders.json'
import zhOverview from '../locales/zh-CN/overview.json'
import zhPortal from '../locales/zh-CN/portal.json'
import zhStaticIp from '../locales/zh-CN/static-ip.json'
import zhTraffic from '../locales/zh-CN/traffic.json'
import zhUsage from '../locales/zh-CN/usage.json'
import zhUser from '../locales/zh-CN/user.json'
import zhWallet from '../locales/zh-CN/wallet.json'

const zhCN = {
  common: zhCommon,
  errors: zhErrors,
  portal: zhPortal,
  overview: zhOverview,
  user: zhUser,
  wallet: zhWallet,
  'static-ip': zhStaticIp,
  traffic: zhTraffic,
  usage: zhUsage,
  orders: zhOrders,
  billing: zhBilling,
}

const enUS: typeof zhCN = {
  common: enCommon,
  errors: enErrors,
  portal: enPortal,
  overview: enOverview,
  user: enUser,
  wallet: enWallet,
  'static-ip': enStaticIp,
  traffic: enTraffic,
  usage: enUsage,
  orders: enOrders,
  billing: enBilling,
}

export const resources = { 'zh-CN': zhCN, 'en-US': enUS }
export const NAMESPACES = Object.keys(zhCN) as (keyof typeof zhCN)[]

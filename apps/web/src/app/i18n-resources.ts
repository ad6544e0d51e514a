// Every namespace in both languages; zh-CN is the reference shape that en-US must match.
import enCommon from '../locales/en-US/common.json'
import enErrors from '../locales/en-US/errors.json'
import enOrders from '../locales/en-US/orders.json'
import enOverview from '../locales/en-US/overview.json'
import enPortal from '../locales/en-US/portal.json'
import enStaticIp from '../locales/en-US/static-ip.json'
import enTraffic from '../locales/en-US/traffic.json'
import enUser from '../locales/en-US/user.json'
import enWallet from '../locales/en-US/wallet.json'
import zhCommon from '../locales/zh-CN/common.json'
import zhErrors from '../locales/zh-CN/errors.json'
import zhOrders from '../locales/zh-CN/orders.json'
import zhOverview from '../locales/zh-CN/overview.json'
import zhPortal from '../locales/zh-CN/portal.json'
import zhStaticIp from '../locales/zh-CN/static-ip.json'
import zhTraffic from '../locales/zh-CN/traffic.json'
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
  orders: zhOrders,
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
  orders: enOrders,
}

export const resources = { 'zh-CN': zhCN, 'en-US': enUS }
export const NAMESPACES = Object.keys(zhCN) as (keyof typeof zhCN)[]

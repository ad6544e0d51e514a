// The console's en-US texts and antd's en-US locale: a chunk of its own, loaded when en-US is chosen (app/i18n.ts).
import antdEnUS from 'antd/locale/en_US'
import enAlerts from '../locales/en-US/alerts.json'
import enCommon from '../locales/en-US/common.json'
import enErrors from '../locales/en-US/errors.json'
import enOrders from '../locales/en-US/orders.json'
import enOverview from '../locales/en-US/overview.json'
import enPortal from '../locales/en-US/portal.json'
import enReceipts from '../locales/en-US/receipts.json'
import enStaticIp from '../locales/en-US/static-ip.json'
import enStats from '../locales/en-US/stats.json'
import enTraffic from '../locales/en-US/traffic.json'
import enUser from '../locales/en-US/user.json'
import enWallet from '../locales/en-US/wallet.json'
import type { Namespaces } from './i18n-zh-cn.ts'

export const enUS: Namespaces = {
  common: enCommon,
  errors: enErrors,
  portal: enPortal,
  overview: enOverview,
  user: enUser,
  wallet: enWallet,
  'static-ip': enStaticIp,
  traffic: enTraffic,
  orders: enOrders,
  receipts: enReceipts,
  alerts: enAlerts,
  stats: enStats,
}

export const antdLocale = antdEnUS

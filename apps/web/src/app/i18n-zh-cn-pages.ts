// The zh-CN texts of the pages outside the first paint's budget (build/size-check.ts): a chunk of their own,
// loaded when one of these pages asks for its namespace (app/i18n.ts). en-US has every namespace in its chunk.
import zhAlerts from '../locales/zh-CN/alerts.json'
import zhReceipts from '../locales/zh-CN/receipts.json'
import zhStats from '../locales/zh-CN/stats.json'

export const zhPages = {
  receipts: zhReceipts,
  alerts: zhAlerts,
  stats: zhStats,
}

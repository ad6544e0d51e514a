// What a wallet entry is, as a key and its parameters, rendered in the reader's language: the console
// in the UI language, CSV files in the account's. Entries written before keys existed have none and keep
// their stored (Chinese) text.
import { z } from 'zod'
import { TopUpChannel } from './topups.ts'

const count = z.number().int().min(0)

export const EntryAbout = z.discriminatedUnion('key', [
  z.object({ key: z.literal('topup'), params: z.object({ channel: TopUpChannel }) }),
  z.object({
    key: z.literal('static-ip-purchase'),
    params: z.object({ region: z.string(), regionEn: z.string(), quantity: count, days: count }),
  }),
  z.object({ key: z.literal('static-ip-renewal'), params: z.object({ quantity: count, days: count }) }),
  z.object({
    key: z.literal('traffic-purchase'),
    params: z.object({ plan: z.string(), planEn: z.string(), quantity: count }),
  }),
  z.object({ key: z.literal('demo-credit'), params: z.object({}) }),
  z.object({ key: z.literal('refund-static-ip'), params: z.object({ ip: z.string(), days: count }) }),
  z.object({ key: z.literal('refund-traffic'), params: z.object({ plan: z.string(), planEn: z.string() }) }),
  z.object({ key: z.literal('adjustment'), params: z.object({ direction: z.enum(['credit', 'debit']) }) }),
])
export type EntryAbout = z.infer<typeof EntryAbout>

type Language = 'zh-CN' | 'en-US'
type Templates = { [K in EntryAbout['key']]: (params: Extract<EntryAbout, { key: K }>['params']) => string }

const CHANNELS = {
  'zh-CN': { alipay: '支付宝', wxpay: '微信支付' },
  'en-US': { alipay: 'Alipay', wxpay: 'WeChat Pay' },
} as const

const TEMPLATES: Record<Language, Templates> = {
  'zh-CN': {
    topup: ({ channel }) => `${CHANNELS['zh-CN'][channel]}充值`,
    'static-ip-purchase': ({ region, quantity, days }) => `购买静态IP ${region} ×${quantity} ${days}天`,
    'static-ip-renewal': ({ quantity, days }) => `续费静态IP ×${quantity} ${days}天`,
    'traffic-purchase': ({ plan, quantity }) => `购买流量包 ${plan} ×${quantity}`,
    'demo-credit': () => '演示账户赠送余额',
    'refund-static-ip': ({ ip, days }) => `退款：静态IP ${ip} 未使用 ${days} 天`,
    'refund-traffic': ({ plan }) => `退款：流量包 ${plan} 未使用部分`,
    adjustment: ({ direction }) => (direction === 'credit' ? '人工调整（入账）' : '人工调整（扣款）'),
  },
  'en-US': {
    topup: ({ channel }) => `Top-up via ${CHANNELS['en-US'][channel]}`,
    'static-ip-purchase': ({ regionEn, quantity, days }) =>
      `Static IP, ${regionEn} ×${quantity}, ${days} ${days === 1 ? 'day' : 'days'}`,
    'static-ip-renewal': ({ quantity, days }) =>
      `Static IP renewal ×${quantity}, ${days} ${days === 1 ? 'day' : 'days'}`,
    'traffic-purchase': ({ planEn, quantity }) => `Traffic package ${planEn} ×${quantity}`,
    'demo-credit': () => 'Demo account credit',
    'refund-static-ip': ({ ip, days }) =>
      `Refund: static IP ${ip}, ${days} unused ${days === 1 ? 'day' : 'days'}`,
    'refund-traffic': ({ planEn }) => `Refund: traffic package ${planEn}, unused part`,
    adjustment: ({ direction }) =>
      direction === 'credit' ? 'Manual adjustment (credit)' : 'Manual adjustment (debit)',
  },
}

/** The entry's text in `language`. */
export const describeEntry = (about: EntryAbout, language: Language): string =>
  (TEMPLATES[language][about.key] as (params: EntryAbout['params']) => string)(about.params)

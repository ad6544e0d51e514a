import { describe, expect, it } from 'vitest'
import { describeEntry, EntryAbout } from './descriptions.ts'

describe('wallet entry descriptions', () => {
  it('renders each key in both languages, the Chinese exactly as entries were written before keys', () => {
    const purchase = {
      key: 'static-ip-purchase',
      params: { region: '日本东京', regionEn: 'Tokyo, Japan', quantity: 2, days: 30 },
    } as const
    expect(describeEntry(purchase, 'zh-CN')).toBe('购买静态IP 日本东京 ×2 30天')
    expect(describeEntry(purchase, 'en-US')).toBe('Static IP, Tokyo, Japan ×2, 30 days')
    expect(describeEntry({ key: 'topup', params: { channel: 'wxpay' } }, 'zh-CN')).toBe('微信支付充值')
    expect(describeEntry({ key: 'topup', params: { channel: 'wxpay' } }, 'en-US')).toBe(
      'Top-up via WeChat Pay',
    )
    const renewal = { key: 'static-ip-renewal', params: { quantity: 1, days: 1 } } as const
    expect(describeEntry(renewal, 'en-US')).toBe('Static IP renewal ×1, 1 day')
    const traffic = {
      key: 'traffic-purchase',
      params: { plan: '10GB 流量包', planEn: '10 GB', quantity: 3 },
    } as const
    expect(describeEntry(traffic, 'zh-CN')).toBe('购买流量包 10GB 流量包 ×3')
    expect(describeEntry(traffic, 'en-US')).toBe('Traffic package 10 GB ×3')
  })

  it('renders refunds and operator adjustments in both languages', () => {
    const ip = { key: 'refund-static-ip', params: { ip: '127.0.1.5', days: 12 } } as const
    expect(describeEntry(ip, 'zh-CN')).toBe('退款：静态IP 127.0.1.5 未使用 12 天')
    expect(describeEntry(ip, 'en-US')).toBe('Refund: static IP 127.0.1.5, 12 unused days')
    const traffic = {
      key: 'refund-traffic',
      params: { plan: '10GB 流量包', planEn: '10 GB package' },
    } as const
    expect(describeEntry(traffic, 'en-US')).toBe('Refund: traffic package 10 GB package, unused part')
    expect(describeEntry({ key: 'adjustment', params: { direction: 'debit' } }, 'zh-CN')).toBe(
      '人工调整（扣款）',
    )
    expect(describeEntry({ key: 'adjustment', params: { direction: 'credit' } }, 'en-US')).toBe(
      'Manual adjustment (credit)',
    )
  })

  it('accepts only known keys with their parameters', () => {
    expect(EntryAbout.safeParse({ key: 'topup', params: { channel: 'alipay' } }).success).toBe(true)
    expect(EntryAbout.safeParse({ key: 'topup', params: { channel: 'paypal' } }).success).toBe(false)
    expect(EntryAbout.safeParse({ key: 'gift', params: {} }).success).toBe(false)
    expect(
      EntryAbout.safeParse({ key: 'static-ip-renewal', params: { quantity: -1, days: 30 } }).success,
    ).toBe(false)
  })
})

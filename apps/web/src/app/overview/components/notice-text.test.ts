import type { Notice } from '@proxy/contract/notices/endpoints'
import { describe, expect, it } from 'vitest'
import { i18n } from '../../i18n.ts'
import { noticeText } from './notice-text.ts'

const notice = (kind: string, params: Notice['params'] = {}): Notice => ({
  id: '8d4f2c1e-1a2b-4c3d-8e9f-000000000001',
  kind,
  title: '服务器标题',
  body: '服务器正文',
  params,
  createdAt: '2025-03-14T00:00:00.000Z',
  readAt: null,
})

const inLanguage = (language: 'zh-CN' | 'en-US', item: Notice) =>
  noticeText(item, i18n.getFixedT(language, 'overview'), language)

describe('noticeText', () => {
  it('writes a failed auto-renewal in the reader language with its reason', () => {
    const item = notice('auto-renew-failed', {
      count: 2,
      names: 'hk-1, jp-2',
      reason: 'insufficient-balance',
    })
    expect(inLanguage('en-US', item)).toEqual({
      title: 'Auto-renewal failed for 2 static IPs',
      body: 'Your wallet balance was too low, so these IPs were not renewed: hk-1, jp-2. Top up, then renew them on the IP list.',
    })
    expect(inLanguage('zh-CN', item)).toEqual({
      title: '自动续费失败：2 个静态IP',
      body: '钱包余额不足，以下IP未能自动续费：hk-1、jp-2。请充值后在 IP列表 中手动续费。',
    })
    expect(
      inLanguage('en-US', notice('auto-renew-failed', { count: 1, names: 'hk-1', reason: 'failed' })).title,
    ).toBe('Auto-renewal failed for 1 static IP')
  })

  it('shows the bytes left of a package at 80 % in human units', () => {
    const item = notice('traffic-package-80', {
      planName: '10 GB',
      orderNo: 'F20250314ABCDEFGHJK',
      usedPercent: 83,
      remainingBytes: 1.5 * 1024 ** 3,
    })
    expect(inLanguage('en-US', item)).toEqual({
      title: 'Traffic package 83% used',
      body: 'Package 10 GB (order F20250314ABCDEFGHJK) is 83% used, 1.5 GB left. When your traffic runs out the traffic account stops; buy more under Buy traffic.',
    })
    expect(inLanguage('zh-CN', item).body).toContain('剩余 1.5 GB')
  })

  it('writes the kinds without params and with days', () => {
    expect(inLanguage('en-US', notice('traffic-exhausted')).title).toBe(
      'Traffic used up: your traffic account is paused',
    )
    const expiring = notice('instances-expiring', { count: '3', names: 'a, b, c', days: 3 })
    expect(inLanguage('en-US', expiring).title).toBe('3 static IPs expire within 3 days')
    expect(inLanguage('zh-CN', expiring).body).toBe(
      '以下静态IP未开启自动续费，将在 3 天内到期：a、b、c。请在 IP列表 中续费以免中断。',
    )
  })

  it.each([
    notice('maintenance', { when: 'tonight' }),
    notice('constructor'),
    notice('auto-renew-failed', { count: 2, names: 'a, b', reason: 'cosmic-rays' }),
    notice('traffic-package-80', {
      planName: '10 GB',
      orderNo: 'F1',
      usedPercent: 'many',
      remainingBytes: 1,
    }),
    notice('instances-expiring', { count: 1, names: '', days: 3 }),
  ])('keeps the server text for an unknown kind or params that do not fit (%#)', (item) => {
    expect(inLanguage('en-US', item)).toEqual({ title: '服务器标题', body: '服务器正文' })
  })
})

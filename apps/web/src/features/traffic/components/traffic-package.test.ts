import { describe, expect, it } from 'vitest'
import {
  connectionString,
  hostPort,
  PACKAGE_STATUSES,
  packageDaysLeft,
  planLabel,
  STATUS_COLORS,
  usedPercent,
} from './traffic-package.ts'

describe('status colours', () => {
  it('are green, orange and grey', () => {
    expect(PACKAGE_STATUSES.map((status) => STATUS_COLORS[status])).toEqual(['success', 'warning', 'default'])
  })
})

describe('usedPercent', () => {
  it('rounds to one decimal and stays within 0..100', () => {
    expect(usedPercent({ usedBytes: 1, totalBytes: 3 })).toBe(33.3)
    expect(usedPercent({ usedBytes: 0, totalBytes: 10 })).toBe(0)
    expect(usedPercent({ usedBytes: 10, totalBytes: 10 })).toBe(100)
    expect(usedPercent({ usedBytes: 12, totalBytes: 10 })).toBe(100)
    expect(usedPercent({ usedBytes: 5, totalBytes: 0 })).toBe(0)
  })
})

describe('packageDaysLeft', () => {
  const now = Date.parse('2025-01-01T00:00:00Z')
  it('counts days only for an active package', () => {
    expect(packageDaysLeft({ status: 'active', expiresAt: '2025-01-03T12:00:00Z' }, now)).toBe(3)
    expect(packageDaysLeft({ status: 'exhausted', expiresAt: '2025-01-03T12:00:00Z' }, now)).toBeNull()
    expect(packageDaysLeft({ status: 'expired', expiresAt: '2024-12-30T00:00:00Z' }, now)).toBeNull()
  })
})

describe('planLabel', () => {
  const plans = [{ name: '10GB 月包', nameEn: '10 GB monthly' }]
  it('gives the English name of a plan still on sale, else the stored one', () => {
    expect(planLabel('10GB 月包', plans, 'en-US')).toBe('10 GB monthly')
    expect(planLabel('10GB 月包', plans, 'zh-CN')).toBe('10GB 月包')
    expect(planLabel('旧套餐', plans, 'en-US')).toBe('旧套餐')
  })
})

describe('connectionString', () => {
  const account = { username: 'tuser', password: 'p@ss:w/rd' }
  it('builds a proxy URL with percent-encoded credentials', () => {
    expect(connectionString({ protocol: 'socks5', host: 'gw.example.com', port: 1080 }, account)).toBe(
      'socks5://tuser:p%40ss%3Aw%2Frd@gw.example.com:1080',
    )
    expect(connectionString({ protocol: 'http', host: 'gw.example.com', port: 8080 }, account)).toBe(
      'http://tuser:p%40ss%3Aw%2Frd@gw.example.com:8080',
    )
  })

  it('shows a mask in place of the password when asked', () => {
    expect(connectionString({ protocol: 'http', host: 'gw', port: 8080 }, account, '••••')).toBe(
      'http://tuser:••••@gw:8080',
    )
  })

  it('brackets an IPv6 host', () => {
    expect(hostPort({ host: '2001:db8::1', port: 1080 })).toBe('[2001:db8::1]:1080')
    expect(hostPort({ host: '192.0.2.1', port: 1080 })).toBe('192.0.2.1:1080')
  })
})

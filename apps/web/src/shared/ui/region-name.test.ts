import { describe, expect, it } from 'vitest'
import { regionLabel } from './region-name.tsx'

const tokyo = { countryCode: 'JP', country: '日本', city: '东京', countryEn: 'Japan', cityEn: 'Tokyo' }

describe('region names', () => {
  it('names the region in the reader language', () => {
    expect(regionLabel(tokyo, 'zh-CN')).toBe('日本 · 东京')
    expect(regionLabel(tokyo, 'en-US')).toBe('Japan · Tokyo')
    expect(regionLabel({ countryCode: 'JP', country: '日本', city: '东京' }, 'en-US')).toBe('日本 · 东京')
  })
})

import { describe, expect, it } from 'vitest'
import { renewPrice } from './renew-price.ts'

const regions = [
  { id: 'us-lax', prices: [{ durationDays: 30, discountPercent: 0, unitPrice: 25 }] },
  { id: 'jp-tyo', prices: [{ durationDays: 30, discountPercent: 0, unitPrice: 30.1 }] },
]

describe('renewPrice', () => {
  it('adds the unit price of each line in cents', () => {
    expect(
      renewPrice([{ regionId: 'us-lax' }, { regionId: 'jp-tyo' }, { regionId: 'jp-tyo' }], regions, 30),
    ).toMatchObject({
      total: 85.2,
      isPriced: true,
    })
  })

  it('prices each region of a mixed selection, in the order the lines come', () => {
    expect(
      renewPrice([{ regionId: 'jp-tyo' }, { regionId: 'us-lax' }, { regionId: 'jp-tyo' }], regions, 30)
        .groups,
    ).toEqual([
      { regionId: 'jp-tyo', count: 2, unitPrice: 30.1, subtotal: 60.2 },
      { regionId: 'us-lax', count: 1, unitPrice: 25, subtotal: 25 },
    ])
  })

  it('gives no price for an unknown region or term', () => {
    expect(renewPrice([{ regionId: 'xx' }], regions, 30)).toEqual({ total: 0, isPriced: false, groups: [] })
    expect(renewPrice([{ regionId: 'us-lax' }], regions, 90).isPriced).toBe(false)
    expect(renewPrice([], regions, 30).isPriced).toBe(false)
  })
})

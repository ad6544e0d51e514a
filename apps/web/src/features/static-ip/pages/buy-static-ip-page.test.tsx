import type { Region } from '@proxy/contract/static-ip/catalog'
import { configure, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callsTo, mockApi, renderRoute } from '../../../test/render-route.tsx'
import { BuyStaticIpPage } from './buy-static-ip-page.tsx'

// Whole pages under jsdom on a busy machine: findBy* and waitFor wait up to 8 s (the default 1 s flakes).
configure({ asyncUtilTimeout: 8_000 })

const region = (id: string, stock: number, pricePer30Days: number): Region => ({
  id,
  countryCode: id.slice(0, 2).toUpperCase(),
  country: id,
  city: id,
  countryEn: id,
  cityEn: id,
  ispType: 'datacenter',
  protocols: ['socks5'],
  pricePer30Days,
  prices: [{ durationDays: 30, discountPercent: 0, unitPrice: pricePer30Days }],
  stock,
})
const regions = [region('us-lax', 5, 25), region('jp-tyo', 3, 30), region('sg-sin', 0, 20)]

const open = (url: string) => {
  const request = mockApi(({ url: path, data }) => {
    if (path === '/catalog/static-ip') return { regions, durations: [30] }
    if (path === '/orders/static-ip/quote') {
      const { regionId, quantity } = data as { regionId: string; quantity: number }
      const price = regions.find((item) => item.id === regionId)?.pricePer30Days ?? 0
      return {
        unitPrice: price,
        quantity,
        durationDays: 30,
        discount: 0,
        saving: 0,
        total: price * quantity,
        stock: 3,
        balance: 100,
        shortfall: 0,
      }
    }
    throw new Error(`unexpected ${path}`)
  })
  renderRoute(<BuyStaticIpPage />, { path: '/console/:page', url })
  return request
}

const quotedRegions = (request: ReturnType<typeof mockApi>) =>
  request.mock.calls
    .map(([config]) => config)
    .filter((config) => config.url === '/orders/static-ip/quote')
    .map((config) => (config.data as { regionId: string }).regionId)

afterEach(() => vi.restoreAllMocks())

describe('buy static IP: a ready checkout', { timeout: 20_000 }, () => {
  it('opens /console/line-buy?region=… with that region chosen and priced', async () => {
    const request = open('/console/line-buy?region=jp-tyo')
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$30.00'))
    expect(quotedRegions(request)).toEqual(['jp-tyo'])
    expect(callsTo(request, '/catalog/static-ip')).toHaveLength(1)
  })

  it('chooses the first region with stock for a region that is sold out or unknown', async () => {
    const request = open('/console/line-buy?region=sg-sin')
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('$25.00'))
    expect(quotedRegions(request)).toEqual(['us-lax'])
  })
})

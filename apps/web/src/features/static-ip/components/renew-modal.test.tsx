import type { Region } from '@proxy/contract/static-ip/catalog'
import type { Instance } from '@proxy/contract/static-ip/instances'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../shared/http/api-error.ts'
import { mockApi, renderRoute } from '../../../test/render-route.tsx'
import { RenewModal } from './renew-modal.tsx'

const region = (id: string, countryCode: string, city: string, monthly: number): Region => ({
  id,
  countryCode,
  country: countryCode === 'US' ? '美国' : '日本',
  city,
  countryEn: countryCode,
  cityEn: city,
  ispType: 'datacenter',
  protocols: ['socks5'],
  pricePer30Days: monthly,
  prices: [
    { durationDays: 30, discountPercent: 0, unitPrice: monthly },
    { durationDays: 90, discountPercent: 5, unitPrice: Math.round(monthly * 3 * 95) / 100 },
    { durationDays: 180, discountPercent: 10, unitPrice: Math.round(monthly * 6 * 90) / 100 },
    { durationDays: 365, discountPercent: 15, unitPrice: Math.round((monthly * 365 * 85) / 30) / 100 },
  ],
  stock: 5,
})
const regions = [region('us-lax', 'US', '洛杉矶', 25), region('jp-tyo', 'JP', '东京', 30)]

const instance = (id: string, regionId: string): Instance =>
  ({ id, regionId, ip: `203.0.113.${id.length}`, port: 1080 }) as Instance

const open = (instances: Instance[], renew: () => unknown = () => ({ order: {}, instances: [] })) => {
  const request = mockApi(({ url }) => {
    if (url === '/user/wallet') return { wallet: { balance: 200, currency: 'USD' }, usdCnyRate: 7.2 }
    if (url === '/proxy/instances/renew') return renew()
    throw new Error(`unexpected ${url}`)
  })
  renderRoute(<RenewModal instances={instances} regions={regions} onClose={() => {}} onDone={() => {}} />, {
    path: '/',
    url: '/',
  })
  return request
}

afterEach(() => vi.restoreAllMocks())

describe('renew modal', { timeout: 20_000 }, () => {
  it('prices each region of a mixed selection and adds them up', async () => {
    open([
      instance('3f0c8a52-6a1b-4c7e-9d2f-0123456789a1', 'us-lax'),
      instance('3f0c8a52-6a1b-4c7e-9d2f-0123456789a2', 'jp-tyo'),
      instance('3f0c8a52-6a1b-4c7e-9d2f-0123456789a3', 'jp-tyo'),
    ])
    const groups = await screen.findAllByTestId('renew-group')
    expect(groups.map((group) => group.textContent)).toEqual([
      'US美国 · 洛杉矶 × 1$25.00/个 $25.00',
      'JP日本 · 东京 × 2$30.00/个 $60.00',
    ])
    expect(screen.getByTestId('renew-total').textContent).toBe('$85.00')
    // No one region's price is right for the terms: each shows what all three cost.
    expect(screen.getByTestId('renew-30').textContent).toContain('$85.00')
    expect(screen.getByText('所选IP来自多个地区，时长卡片显示全部所选IP的价格')).toBeTruthy()
    fireEvent.click(screen.getByTestId('renew-90'))
    await waitFor(() => expect(screen.getByTestId('renew-total').textContent).toBe('$242.25'))
    expect(screen.getAllByTestId('renew-group').map((group) => group.textContent)).toEqual([
      'US美国 · 洛杉矶 × 1$71.25/个 $71.25',
      'JP日本 · 东京 × 2$85.50/个 $171.00',
    ])
  })

  it('shows the price of one IP on the terms for lines of one region', async () => {
    open([
      instance('3f0c8a52-6a1b-4c7e-9d2f-0123456789a1', 'jp-tyo'),
      instance('3f0c8a52-6a1b-4c7e-9d2f-0123456789a2', 'jp-tyo'),
    ])
    await screen.findAllByTestId('renew-group')
    expect(screen.getByTestId('renew-30').textContent).toContain('$30.00')
    expect(screen.getByTestId('renew-total').textContent).toBe('$60.00')
    expect(screen.queryByText('所选IP来自多个地区，时长卡片显示全部所选IP的价格')).toBeNull()
  })

  it('takes the terms’ discounts from the catalogue, sends the total shown, and says when the price changed', async () => {
    const request = open(
      [
        instance('3f0c8a52-6a1b-4c7e-9d2f-0123456789a1', 'us-lax'),
        instance('3f0c8a52-6a1b-4c7e-9d2f-0123456789a2', 'jp-tyo'),
      ],
      () => {
        throw new ApiError('The price has changed since your quote; quote again', 3120, 409)
      },
    )
    await screen.findAllByTestId('renew-group')
    // The catalogue here has 15 % off 365 days (the server's table, not a constant in the client).
    expect(screen.getByTestId('renew-365').textContent).toContain('省15%')
    fireEvent.click(screen.getByRole('button', { name: '确认续费' }))
    expect(await screen.findByText('价格已变更，请重新报价后再确认')).toBeTruthy()
    const sent = request.mock.calls
      .map(([config]) => config)
      .find((config) => config.url === '/proxy/instances/renew')
    expect(sent?.data).toEqual({
      ids: ['3f0c8a52-6a1b-4c7e-9d2f-0123456789a1', '3f0c8a52-6a1b-4c7e-9d2f-0123456789a2'],
      durationDays: 30,
      expectedTotal: 55,
    })
  })
})

import type { Region } from '@proxy/contract/static-ip/catalog'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderRoute } from '../../test/render-route.tsx'
import { PortalPage } from './portal-page.tsx'

const GB = 1024 ** 3
const region = (id: string, countryCode: string, stock: number, pricePer30Days: number): Region => ({
  id,
  countryCode,
  country: `${countryCode}国`,
  city: `${countryCode}市`,
  countryEn: `${countryCode} land`,
  cityEn: `${countryCode} city`,
  ispType: 'datacenter',
  protocols: ['socks5'],
  pricePer30Days,
  prices: [{ durationDays: 30, discountPercent: 0, unitPrice: pricePer30Days }],
  stock,
})
const plan = {
  id: 'gb-10',
  name: '10GB 月包',
  nameEn: '10 GB',
  sizeBytes: 10 * GB,
  validityDays: 30,
  price: 30,
  pricePerGb: 3,
}

const open = (regions: Region[]) => {
  mockApi(({ url }) => {
    if (url === '/catalog/static-ip') return { regions, durations: [30] }
    if (url === '/catalog/traffic-plans') return { plans: [plan] }
    throw new Error(`unexpected ${url}`)
  })
  return renderRoute(<PortalPage />, { path: '/portal/home', url: '/portal/home' })
}

afterEach(() => vi.restoreAllMocks())

describe('portal: what is on sale', { timeout: 20_000 }, () => {
  it('shows the live regions and plans with their prices, each linking to a ready checkout', async () => {
    open([region('us-lax', 'US', 5, 25), region('jp-tyo', 'JP', 2, 30.5)])
    const us = await screen.findByTestId('portal-region-us-lax')
    expect(us.getAttribute('href')).toBe('/console/line-buy?region=us-lax')
    expect(us.textContent).toContain('US国 · US市')
    expect(us.textContent).toContain('$25.00/30天起')
    expect(screen.getByTestId('portal-region-jp-tyo').textContent).toContain('$30.50')
    const offer = screen.getByTestId('portal-plan-gb-10')
    expect(offer.getAttribute('href')).toBe('/console/router-buy?plan=gb-10')
    expect(offer.textContent).toContain('10 GB')
    expect(offer.textContent).toContain('$30.00')
    expect(offer.textContent).toContain('30天有效')
  })

  it('never advertises a region that is sold out or not in the catalogue', async () => {
    open([region('us-lax', 'US', 5, 25), region('sg-sin', 'SG', 0, 20)])
    await screen.findByTestId('portal-region-us-lax')
    expect(screen.queryByTestId('portal-region-sg-sin')).toBeNull()
    // The regions the portal used to list by heart are gone unless the catalogue has them.
    expect(screen.queryByText('德国')).toBeNull()
    expect(screen.queryByText('韩国')).toBeNull()
  })

  it('shows no region list at all when nothing is on sale', async () => {
    open([region('sg-sin', 'SG', 0, 20)])
    await screen.findByTestId('portal-plan-gb-10')
    await waitFor(() => expect(screen.queryByText('可选地区')).toBeNull())
  })
})

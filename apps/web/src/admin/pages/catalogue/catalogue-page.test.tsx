import type { AdminCatalogue } from '@proxy/contract/admin/catalogue'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './catalogue-page.tsx'
import { fakeOperator, mockAdminApi, modalButton, renderAdmin, requestsTo } from '../../test/render-admin.tsx'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => true) }))

afterEach(() => {
  vi.mocked(useIsNarrow).mockReturnValue(true)
  vi.restoreAllMocks()
})

const catalogue: AdminCatalogue = {
  regions: [
    {
      id: 'us-lax',
      countryCode: 'US',
      country: '美国',
      city: '洛杉矶',
      countryEn: 'United States',
      cityEn: 'Los Angeles',
      ispType: 'datacenter',
      protocols: ['socks5', 'vmess'],
      pricePer30Days: 25,
      isActive: true,
      sortOrder: 1,
      stock: { available: 12, allocated: 3, cooling: 1, retired: 0 },
    },
  ],
  plans: [
    {
      id: 'gb-10',
      name: '10GB 月包',
      nameEn: '10 GB monthly',
      sizeBytes: 10 * 1024 ** 3,
      validityDays: 30,
      price: 30,
      isActive: false,
      sortOrder: 0,
    },
  ],
  discounts: [
    { durationDays: 30, percent: 0 },
    { durationDays: 90, percent: 5 },
    { durationDays: 180, percent: 10 },
    { durationDays: 365, percent: 20 },
  ],
}

const fakeApi = () =>
  mockAdminApi(({ url, method, data }) => {
    if (url === '/admin/auth/me') return fakeOperator('operator')
    if (url === '/admin/catalogue' && method === 'GET') return catalogue
    if (url === '/admin/catalogue/regions/us-lax' && method === 'PATCH')
      return { ...catalogue.regions[0], ...(data as object) }
    if (url === '/admin/catalogue/plans/gb-10' && method === 'PATCH')
      return { ...catalogue.plans[0], ...(data as object) }
    if (url === '/admin/catalogue/discounts' && method === 'PUT') return data
    throw new Error(`unexpected ${method} ${url}`)
  })

const fill = (testId: string, value: string) => {
  const field = screen.getByTestId(testId)
  const input = field.tagName === 'INPUT' ? field : field.querySelector('input')
  if (input === null) throw new Error(`no input in ${testId}`)
  fireEvent.change(input, { target: { value } })
}

describe('catalogue page', { timeout: 30_000 }, () => {
  it('changes a region’s price only after a review that shows old → new', async () => {
    const request = fakeApi()
    await renderAdmin('/catalogue', 'en-US')
    const row = await screen.findByTestId('region-row')
    expect(row.textContent).toContain('United States · Los Angeles')
    expect(row.textContent).toContain('$25.00')
    expect(row.textContent).toContain('12 free · 3 allocated · 1 cooling · 0 retired')

    fireEvent.click(screen.getByTestId('region-edit-us-lax'))
    fill('edit-pricePer30Days', '27.5')
    fireEvent.click(modalButton('Review changes'))
    const review = await screen.findByTestId('change-review')
    expect(review.textContent).toBe('Price per 30 days$25.00 → $27.50')
    expect(requestsTo(request, 'PATCH', '/admin/catalogue/regions/us-lax')).toHaveLength(0)

    fireEvent.click(modalButton('Save'))
    await waitFor(() =>
      expect(requestsTo(request, 'PATCH', '/admin/catalogue/regions/us-lax')).toHaveLength(1),
    )
    expect(requestsTo(request, 'PATCH', '/admin/catalogue/regions/us-lax')[0]?.data).toEqual({
      pricePer30Days: 27.5,
    })
  })

  it('puts a plan on sale with its switch and refuses a price of zero', async () => {
    const request = fakeApi()
    await renderAdmin('/catalogue?tab=plans')
    const row = await screen.findByTestId('plan-row')
    expect(row.textContent).toContain('10GB 月包')
    expect(row.textContent).toContain('10 GB · 30 天')
    fireEvent.click(within(row).getByTestId('plan-active-gb-10'))
    await waitFor(() => expect(requestsTo(request, 'PATCH', '/admin/catalogue/plans/gb-10')).toHaveLength(1))
    expect(requestsTo(request, 'PATCH', '/admin/catalogue/plans/gb-10')[0]?.data).toEqual({ isActive: true })

    fireEvent.click(screen.getByTestId('plan-edit-gb-10'))
    fill('edit-price', '0')
    fireEvent.click(modalButton('检查改动'))
    expect(await screen.findByText('请输入 0.01–100000 之间的金额')).toBeTruthy()
    expect(screen.queryByTestId('change-review')).toBeNull()
  })

  it('sets the term discounts after a review of the changed terms', async () => {
    const request = fakeApi()
    await renderAdmin('/catalogue?tab=discounts', 'en-US')
    await screen.findByTestId('discount-365')
    fill('discount-365', '25')
    fireEvent.click(screen.getByTestId('discounts-review'))
    const review = await screen.findByTestId('change-review')
    // An IP at $10.00 per 30 days for 365 days: $97.33 at 20 % off, $91.25 at 25 %.
    expect(review.textContent).toBe('365 days20% ($97.33) → 25% ($91.25)')
    fireEvent.click(modalButton('Save'))
    await waitFor(() => expect(requestsTo(request, 'PUT', '/admin/catalogue/discounts')).toHaveLength(1))
    expect(requestsTo(request, 'PUT', '/admin/catalogue/discounts')[0]?.data).toEqual({
      discounts: [
        { durationDays: 30, percent: 0 },
        { durationDays: 90, percent: 5 },
        { durationDays: 180, percent: 10 },
        { durationDays: 365, percent: 25 },
      ],
    })
  })

  // antd's Table takes seconds to mount under jsdom on a busy runner.
  it('shows the regions as a table on a desk', { timeout: 40_000 }, async () => {
    vi.mocked(useIsNarrow).mockReturnValue(false)
    fakeApi()
    await renderAdmin('/catalogue', 'en-US')
    const row = await screen.findByTestId('region-row', {}, { timeout: 30_000 })
    expect(row.tagName).toBe('TR')
    expect(within(row).getByText('$25.00')).toBeTruthy()
  })
})

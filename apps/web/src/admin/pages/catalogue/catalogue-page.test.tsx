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
    if (url === '/admin/catalogue/regions' && method === 'POST')
      return {
        ...(data as object),
        countryCode: 'JP',
        stock: { available: 0, allocated: 0, cooling: 0, retired: 0 },
      }
    if (url === '/admin/catalogue/plans' && method === 'POST') return data
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

  it('adds a region from a form checked by the contract, then says so and reloads the list', async () => {
    const request = fakeApi()
    await renderAdmin('/catalogue', 'en-US')
    await screen.findByTestId('region-row')
    fireEvent.click(screen.getByTestId('region-create'))
    fill('create-id', 'Osaka 1')
    fill('create-countryCode', 'jp')
    fireEvent.click(modalButton('Create'))
    expect(await screen.findByText('2–32 lowercase letters, digits or hyphens')).toBeTruthy()
    expect(await screen.findByText('Two capital letters (ISO 3166), e.g. JP')).toBeTruthy()
    expect(await screen.findByText('Enter an amount between 0.01 and 100000')).toBeTruthy()
    expect(requestsTo(request, 'POST', '/admin/catalogue/regions')).toHaveLength(0)

    const reads = requestsTo(request, 'GET', '/admin/catalogue').length
    fill('create-id', 'jp-osa')
    fill('create-countryCode', 'JP')
    fill('create-country', ' 日本 ')
    fill('create-city', '大阪')
    fill('create-countryEn', 'Japan')
    fill('create-cityEn', 'Osaka')
    fill('create-pricePer30Days', '9.5')
    fireEvent.click(modalButton('Create'))
    await waitFor(() => expect(requestsTo(request, 'POST', '/admin/catalogue/regions')).toHaveLength(1))
    expect(requestsTo(request, 'POST', '/admin/catalogue/regions')[0]?.data).toEqual({
      id: 'jp-osa',
      countryCode: 'JP',
      country: '日本',
      city: '大阪',
      countryEn: 'Japan',
      cityEn: 'Osaka',
      ispType: 'datacenter',
      protocols: ['socks5', 'vmess'],
      pricePer30Days: 9.5,
      sortOrder: 0,
      isActive: true,
    })
    expect(await screen.findByText('Region jp-osa added: stock it through the inventory import')).toBeTruthy()
    await waitFor(() => expect(requestsTo(request, 'GET', '/admin/catalogue').length).toBeGreaterThan(reads))
  })

  it('adds a traffic plan with its size entered in GB and sent in bytes', async () => {
    const request = fakeApi()
    await renderAdmin('/catalogue?tab=plans')
    await screen.findByTestId('plan-row')
    fireEvent.click(screen.getByTestId('plan-create'))
    fill('create-id', 'gb-50')
    fill('create-name', '50GB 月包')
    fill('create-nameEn', '50 GB monthly')
    fill('create-sizeBytes', '0')
    fill('create-price', '99')
    fireEvent.click(modalButton('创 建'))
    expect(await screen.findByText('请输入大于 0 的流量（GB）')).toBeTruthy()
    fill('create-sizeBytes', '50')
    fireEvent.click(modalButton('创 建'))
    await waitFor(() => expect(requestsTo(request, 'POST', '/admin/catalogue/plans')).toHaveLength(1))
    expect(requestsTo(request, 'POST', '/admin/catalogue/plans')[0]?.data).toEqual({
      id: 'gb-50',
      name: '50GB 月包',
      nameEn: '50 GB monthly',
      sizeBytes: 50 * 1024 ** 3,
      validityDays: 30,
      price: 99,
      sortOrder: 0,
      isActive: true,
    })
    expect(await screen.findByText('已新建套餐 gb-50')).toBeTruthy()
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

import type { InventoryAddress } from '@proxy/contract/admin/inventory'
import type { Region } from '@proxy/contract/static-ip/catalog'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './inventory-page.tsx'
import {
  buttonsNamed,
  fakeOperator,
  mockAdminApi,
  modalButton,
  renderAdmin,
  requestsTo,
} from '../../test/render-admin.tsx'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => true) }))

afterEach(() => {
  vi.mocked(useIsNarrow).mockReturnValue(true)
  vi.restoreAllMocks()
})

const free: InventoryAddress = {
  id: '4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  regionId: 'us-east',
  ip: '203.0.113.7',
  port: 8000,
  node: 'tokyo-1',
  status: 'available',
  coolingUntil: null,
  createdAt: '2026-11-20T08:00:00.000Z',
}
const retired: InventoryAddress = {
  ...free,
  id: '5c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  ip: '203.0.113.8',
  status: 'retired',
}
const sold: InventoryAddress = {
  ...free,
  id: '6c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  ip: '203.0.113.9',
  status: 'allocated',
}
const usEast: Region = {
  id: 'us-east',
  countryCode: 'US',
  country: '美国',
  city: '纽约',
  countryEn: 'United States',
  cityEn: 'New York',
  ispType: 'datacenter',
  protocols: ['socks5'],
  pricePer30Days: 5,
  prices: [{ durationDays: 30, discountPercent: 0, unitPrice: 5 }],
  stock: 1,
}

const fakeApi = (importAnswer?: (dryRun: boolean) => unknown) =>
  mockAdminApi(({ url, method, data }) => {
    if (url === '/admin/auth/me') return fakeOperator('operator')
    if (url === '/admin/inventory') return { items: [free, retired, sold], total: 3, page: 1, pageSize: 20 }
    if (url === '/catalog/static-ip') return { regions: [usEast], durations: [30] }
    if (url === '/admin/nodes') return { items: [] }
    if (url === `/admin/inventory/${free.id}/retire`) return { ...free, status: 'retired' }
    if (url === `/admin/inventory/${retired.id}/restore`) return { ...retired, status: 'pool' }
    if (url === '/admin/inventory/import' && method === 'POST' && importAnswer)
      return importAnswer((data as { dryRun: boolean }).dryRun)
    throw new Error(`unexpected ${method} ${url}`)
  })

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })

describe('inventory page', () => {
  it('lists the addresses filtered as the address says, each with the action its status allows', async () => {
    const request = fakeApi()
    await renderAdmin('/inventory?region=us-east&status=available&node=tokyo-1', 'en-US')
    const cards = await screen.findAllByTestId('list-card')
    expect(requestsTo(request, 'GET', '/admin/inventory')[0]?.params).toEqual({
      page: 1,
      pageSize: 20,
      regionId: 'us-east',
      status: 'available',
      node: 'tokyo-1',
    })
    expect(cards.map((card) => card.textContent?.match(/203\.0\.113\.\d+:8000/)?.[0])).toEqual([
      '203.0.113.7:8000',
      '203.0.113.8:8000',
      '203.0.113.9:8000',
    ])
    const [first, second, third] = cards as [HTMLElement, HTMLElement, HTMLElement]
    expect(within(first).getByText('Available')).toBeTruthy()
    expect(within(first).getByTestId('address-retire')).toBeTruthy()
    expect(within(second).getByTestId('address-restore')).toBeTruthy()
    expect(within(third).queryByRole('button', { name: /Retire|Restore/ })).toBeNull()
    expect(await screen.findByText('United States · New York (us-east)')).toBeTruthy()
  })

  it('retires an address only with a reason', async () => {
    const request = fakeApi()
    const retire = `/admin/inventory/${free.id}/retire`
    await renderAdmin('/inventory', 'en-US')
    const [first] = await screen.findAllByTestId('list-card')
    fireEvent.click(within(first as HTMLElement).getByTestId('address-retire'))
    await screen.findByTestId('address-reason')
    fireEvent.click(modalButton('Retire'))
    expect(await screen.findByText('Give a reason (3 to 500 characters)')).toBeTruthy()
    expect(requestsTo(request, 'POST', retire)).toHaveLength(0)
    fill('address-reason', '  blacklisted by a CDN ')
    fireEvent.click(modalButton('Retire'))
    await waitFor(() => expect(requestsTo(request, 'POST', retire)).toHaveLength(1))
    expect(requestsTo(request, 'POST', retire)[0]?.data).toEqual({ reason: 'blacklisted by a CDN' })
  }, 60_000)

  it('restores a retired address with a reason, for sale by default', async () => {
    const request = fakeApi()
    const restore = `/admin/inventory/${retired.id}/restore`
    await renderAdmin('/inventory')
    const cards = await screen.findAllByTestId('list-card')
    fireEvent.click(within(cards[1] as HTMLElement).getByTestId('address-restore'))
    await screen.findByTestId('address-reason')
    fill('address-reason', 'line repaired')
    fireEvent.click(modalButton('恢 复'))
    await waitFor(() => expect(requestsTo(request, 'POST', restore)).toHaveLength(1))
    expect(requestsTo(request, 'POST', restore)[0]?.data).toEqual({
      reason: 'line repaired',
      purpose: 'static',
    })
  })

  it('previews a pasted CSV, shows the dry run’s refusals by their rows, and imports after a confirmation', async () => {
    const request = fakeApi((dryRun) => ({
      dryRun,
      imported: 2,
      rejected: [{ row: 1, reason: 'unknown region "mars"' }],
    }))
    await renderAdmin('/inventory', 'en-US')
    fireEvent.click(await screen.findByTestId('inventory-import'))
    fill(
      'import-text',
      [
        '\uFEFFregion_id,ip,port,node,purpose',
        'us-east,198.51.100.1,8000,tokyo-1,',
        'us-east,198.51.100.2,80x,tokyo-1,static',
        '',
        'mars,198.51.100.3,8001,"tokyo-1",pool',
        'us-east,198.51.100.4,8002,tokyo-1,static',
      ].join('\r\n'),
    )
    const preview = await screen.findByTestId('import-rows')
    await waitFor(() => expect(within(preview).getAllByTestId('import-row')).toHaveLength(4))
    expect(within(preview).getByText('"80x" is not a port (1–65535)')).toBeTruthy()
    expect(screen.getByTestId('import-counts').textContent).toContain('4 rows read; 1 cannot be sent')

    fireEvent.click(screen.getByTestId('import-check'))
    await waitFor(() => expect(requestsTo(request, 'POST', '/admin/inventory/import')).toHaveLength(1))
    const rows = [
      { regionId: 'us-east', ip: '198.51.100.1', port: 8000, node: 'tokyo-1' },
      { regionId: 'mars', ip: '198.51.100.3', port: 8001, node: 'tokyo-1', purpose: 'pool' },
      { regionId: 'us-east', ip: '198.51.100.4', port: 8002, node: 'tokyo-1', purpose: 'static' },
    ]
    expect(requestsTo(request, 'POST', '/admin/inventory/import')[0]?.data).toEqual({ rows, dryRun: true })
    // The refusal sits on its row: line 5 of the file (the blank line 4 is skipped, not counted out).
    const refused = await within(preview).findByText('Unknown region "mars"')
    expect(refused.closest('tr')?.textContent).toContain('198.51.100.3')
    expect(refused.closest('tr')?.querySelector('td')?.textContent).toBe('5')
    expect(within(preview).getAllByText('Ready')).toHaveLength(2)

    fireEvent.click(screen.getByTestId('import-confirm'))
    expect(await screen.findAllByText('Import 2 addresses?')).not.toHaveLength(0)
    expect(requestsTo(request, 'POST', '/admin/inventory/import')).toHaveLength(1)
    fireEvent.click(modalButton('Import 2 rows'))
    expect(await screen.findByTestId('import-summary')).toBeTruthy()
    const sent = requestsTo(request, 'POST', '/admin/inventory/import')
    expect(sent).toHaveLength(2)
    expect(sent[1]?.data).toEqual({ rows, dryRun: false })
    expect(screen.getByText('Imported 2 addresses')).toBeTruthy()
    expect(buttonsNamed('Import another file')).toHaveLength(1)
  }, 60_000)

  it('names the missing columns of a CSV without its header', async () => {
    const request = fakeApi()
    await renderAdmin('/inventory')
    fireEvent.click(await screen.findByTestId('inventory-import'))
    fill('import-text', 'ip,port\n198.51.100.1,8000')
    expect((await screen.findByTestId('import-error')).textContent).toContain('缺少列：region_id, node')
    expect((screen.getByTestId('import-check') as HTMLButtonElement).disabled).toBe(true)
    expect(requestsTo(request, 'POST', '/admin/inventory/import')).toHaveLength(0)
  }, 60_000)
})

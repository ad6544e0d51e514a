import type { DownloadLink } from '@proxy/contract/static-ip/download-links'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../app/i18n.ts'
import { mockApi, renderRoute } from '../../../test/render-route.tsx'
import { DownloadLinksCard } from './download-links-card.tsx'

const LIST = '/user/download-links'

const link = (index: number, changes: Partial<DownloadLink> = {}): DownloadLink => ({
  id: `3f1c2d4e-5a6b-4c7d-8e9f-${String(index).padStart(12, '0')}`,
  name: `tool ${index}`,
  prefix: `dl_abc${index}00`,
  protocol: 'all',
  region: null,
  format: 'links',
  template: 'uri',
  createdAt: '2026-03-14T02:00:00.000Z',
  lastUsedAt: null,
  lastUsedIp: null,
  ...changes,
})

const TOKYO = {
  id: 'jp-tyo',
  countryCode: 'JP',
  country: '日本',
  city: '东京',
  countryEn: 'Japan',
  cityEn: 'Tokyo',
  ispType: 'datacenter',
  protocols: ['socks5', 'vmess'],
  pricePer30Days: 30,
  prices: [{ durationDays: 30, discountPercent: 0, unitPrice: 30 }],
  stock: 10,
}

/** Links kept in memory like the server: a new one and a reset answer a fresh secret. */
const fakeLinks = (initial: DownloadLink[]) => {
  let items = [...initial]
  let secrets = 0
  const request = mockApi(({ url, method, data }) => {
    if (url === '/catalog/static-ip') return { regions: [TOKYO], durations: [30] }
    if (url === LIST && method === 'GET') return { items, max: 10 }
    if (url === LIST && method === 'POST') {
      const made = link(items.length + 50, data as Partial<DownloadLink>)
      items = [...items, made]
      return { link: made, secret: `dl_secret${++secrets}`, url: '' }
    }
    if (url.endsWith('/reset') && method === 'POST') {
      const reset = items.find((item) => url === `${LIST}/${item.id}/reset`) as DownloadLink
      return { link: reset, secret: `dl_secret${++secrets}`, url: '' }
    }
    if (url.startsWith(`${LIST}/`) && method === 'DELETE') {
      items = items.filter((item) => url !== `${LIST}/${item.id}`)
      return null
    }
    throw new Error(`unexpected ${method} ${url}`)
  })
  const calls = (method: string) =>
    request.mock.calls.map(([config]) => config).filter((config) => config.method === method)
  return { calls }
}

const open = () => renderRoute(<DownloadLinksCard />, { path: '/console/ipList', url: '/console/ipList' })

afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  await act(() => i18n.changeLanguage('zh-CN'))
})

describe('download links card', { timeout: 20_000 }, () => {
  it('lists what each link serves and when it was fetched, and says so when there are none', async () => {
    await act(() => i18n.changeLanguage('en-US'))
    fakeLinks([
      link(1),
      link(2, {
        protocol: 'socks5',
        region: 'jp-tyo',
        template: 'ip:port:user:pass',
        lastUsedAt: '2026-03-15T08:30:00.000Z',
        lastUsedIp: '203.0.113.9',
      }),
    ])
    open()
    await waitFor(() => expect(screen.getAllByTestId('download-link-row')).toHaveLength(2))
    const [first, second] = screen.getAllByTestId('download-link-row') as HTMLElement[]
    expect(first?.textContent).toContain('All protocols · Links (socks5:// and vmess://) · All regions')
    expect(first?.textContent).toContain('never fetched')
    await waitFor(() =>
      expect(second?.textContent).toContain('SOCKS5 only · IP:port:user:pass · Japan · Tokyo'),
    )
    expect(second?.textContent).toContain('from 203.0.113.9')
    expect(screen.getByTestId('download-link-count').textContent).toBe('2 / 10')
    cleanup()
    fakeLinks([])
    open()
    await screen.findByText('No download links yet')
  })

  it('makes a link from the template chosen and shows its URL once', async () => {
    const { calls } = fakeLinks([])
    open()
    // The button waits for the list: it knows whether the customer has room for one more.
    await screen.findByTestId('download-link-count')
    fireEvent.click(screen.getByTestId('download-link-new'))
    const modal = await screen.findByTestId('download-link-modal')
    fireEvent.change(within(modal).getByTestId('download-link-name'), { target: { value: ' fleet ' } })
    const footer = document.querySelector('.ant-modal-footer') as HTMLElement
    fireEvent.click(within(footer).getByRole('button', { name: '新建链接' }))
    await screen.findByTestId('download-link-secret')
    expect(calls('POST').map((config) => config.data)).toEqual([
      { name: 'fleet', protocol: 'all', format: 'links', template: 'uri' },
    ])
    expect(screen.getByTestId('download-link-url').textContent).toBe(
      `${window.location.origin}/api/dl/dl_secret1`,
    )
    fireEvent.click(screen.getByRole('button', { name: '我已保存' }))
    expect(screen.queryByTestId('download-link-url')).toBeNull()
  })

  it('resets and deletes only after the confirmation', async () => {
    const { calls } = fakeLinks([link(1)])
    open()
    const row = await screen.findByTestId('download-link-row')
    fireEvent.click(within(row).getByTestId('download-link-reset'))
    const resetConfirm = await screen.findByText('重置「tool 1」？')
    expect(calls('POST')).toEqual([])
    // antd spaces out a two-character Chinese label (重 置).
    const resetPopover = resetConfirm.closest('.ant-popover') as HTMLElement
    fireEvent.click(within(resetPopover).getByRole('button', { name: /^重\s?置$/ }))
    await waitFor(() =>
      expect(screen.getByTestId('download-link-url').textContent).toContain('/api/dl/dl_secret1'),
    )
    fireEvent.click(within(row).getByTestId('download-link-delete'))
    const deleteConfirm = await screen.findByText('删除「tool 1」？')
    expect(calls('DELETE')).toEqual([])
    fireEvent.click(
      within(deleteConfirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /^删\s?除$/ }),
    )
    await screen.findByText('还没有下载链接')
    expect(calls('DELETE').map((config) => config.url)).toEqual([`${LIST}/${link(1).id}`])
  })
})

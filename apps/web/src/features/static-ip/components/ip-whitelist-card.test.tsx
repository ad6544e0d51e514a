import type { WhitelistEntry } from '@proxy/contract/static-ip/ip-whitelist'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../app/i18n.ts'
import { ApiError } from '../../../shared/http/api-error.ts'
import { mockApi, renderRoute } from '../../../test/render-route.tsx'
import { IpWhitelistCard } from './ip-whitelist-card.tsx'

const LIST = '/user/ip-whitelist'

const entry = (index: number, source = `198.51.100.${index}`): WhitelistEntry => ({
  id: `8d4f2c1e-1a2b-4c3d-8e9f-${String(index).padStart(12, '0')}`,
  source,
  createdAt: '2025-03-14T02:00:00.000Z',
})

/** A whitelist kept in memory like the server: POST normalises a range, refuses a duplicate or a 21st entry. */
const fakeWhitelist = (initial: WhitelistEntry[], max = 20) => {
  let items = [...initial]
  const request = mockApi(({ url, method, data }) => {
    if (url === LIST && method === 'GET') return { items, max }
    if (url === LIST && method === 'POST') {
      const { source } = data as { source: string }
      const stored = source === '203.0.113.7/24' ? '203.0.113.0/24' : source
      if (items.length >= max) throw new ApiError('full', 2007, 422)
      if (items.some((item) => item.source === stored)) throw new ApiError('duplicate', 2008, 409)
      const added = entry(items.length + 100, stored)
      items = [...items, added]
      return added
    }
    if (url.startsWith(`${LIST}/`) && method === 'DELETE') {
      items = items.filter((item) => url !== `${LIST}/${item.id}`)
      return null
    }
    throw new Error(`unexpected ${method} ${url}`)
  })
  const posts = () =>
    request.mock.calls.map(([config]) => config).filter((config) => config.method === 'POST')
  return { request, posts }
}

const open = () => renderRoute(<IpWhitelistCard />, { path: '/console/ipList', url: '/console/ipList' })

const type = (value: string) => fireEvent.change(screen.getByTestId('whitelist-input'), { target: { value } })

afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  await act(() => i18n.changeLanguage('zh-CN'))
})

// antd in jsdom is slow on a busy machine.
describe('IP whitelist card', { timeout: 20_000 }, () => {
  it('lists the sources with the count and says so when there are none', async () => {
    fakeWhitelist([entry(1), entry(2, '2001:db8:1::/48')])
    open()
    await waitFor(() => expect(screen.getAllByTestId('whitelist-row')).toHaveLength(2))
    expect(screen.getAllByTestId('whitelist-source').map((node) => node.textContent)).toEqual([
      '198.51.100.1',
      '2001:db8:1::/48',
    ])
    expect(screen.getByTestId('whitelist-count').textContent).toBe('2 / 20')
    cleanup()
    fakeWhitelist([])
    open()
    await screen.findByText('还没有白名单地址，连接静态 IP 均需用户名和密码')
    expect(screen.getByTestId('whitelist-count').textContent).toBe('0 / 20')
  })

  it('checks the input with the contract schema before sending anything', async () => {
    const { posts } = fakeWhitelist([])
    open()
    await screen.findByTestId('whitelist-count')
    fireEvent.click(screen.getByTestId('whitelist-add'))
    expect(screen.getByTestId('whitelist-error').textContent).toBe('请输入 IP 地址或网段')
    type('10.0.0.0/8')
    expect(screen.queryByTestId('whitelist-error')).toBeNull()
    fireEvent.click(screen.getByTestId('whitelist-add'))
    expect(screen.getByTestId('whitelist-error').textContent).toBe('网段过大：IPv4 最大 /16，IPv6 最大 /48')
    expect(screen.getByTestId('whitelist-input').getAttribute('aria-invalid')).toBe('true')
    type('example.com')
    fireEvent.keyDown(screen.getByTestId('whitelist-input'), { key: 'Enter', keyCode: 13 })
    expect(screen.getByTestId('whitelist-error').textContent).toBe(
      '格式不正确，请输入 IPv4 / IPv6 地址或 CIDR 网段',
    )
    expect(posts()).toEqual([])
  })

  it('adds a trimmed source and lists it as the server stored it', async () => {
    const { posts } = fakeWhitelist([])
    open()
    await screen.findByTestId('whitelist-count')
    type(' 203.0.113.7/24 ')
    fireEvent.click(screen.getByTestId('whitelist-add'))
    await waitFor(() => expect(screen.getByTestId('whitelist-source').textContent).toBe('203.0.113.0/24'))
    expect(posts().map((config) => config.data)).toEqual([{ source: '203.0.113.7/24' }])
    expect(posts()[0]?.silent).toBe(true)
    expect((screen.getByTestId('whitelist-input') as HTMLInputElement).value).toBe('')
    expect(screen.getByTestId('whitelist-count').textContent).toBe('1 / 20')
  })

  it("shows the server's refusal of a duplicate under the input, in the reader's language", async () => {
    fakeWhitelist([entry(1, '203.0.113.0/24')])
    open()
    await screen.findByTestId('whitelist-row')
    await act(() => i18n.changeLanguage('en-US'))
    type('203.0.113.7/24')
    fireEvent.click(screen.getByTestId('whitelist-add'))
    await waitFor(() =>
      expect(screen.getByTestId('whitelist-error').textContent).toBe(
        'This address or range is already on your IP whitelist',
      ),
    )
    type('203.0.113.8')
    expect(screen.queryByTestId('whitelist-error')).toBeNull()
  })

  it('disables Add when the list is full', async () => {
    const { posts } = fakeWhitelist(
      Array.from({ length: 20 }, (_, index) => entry(index + 1)),
      20,
    )
    open()
    await waitFor(() => expect(screen.getByTestId('whitelist-count').textContent).toBe('20 / 20'))
    expect(screen.getByTestId('whitelist-add').hasAttribute('disabled')).toBe(true)
    expect(screen.getByTestId('whitelist-full').textContent).toBe(
      '白名单已满（最多 20 条），请先移除不再使用的地址',
    )
    fireEvent.keyDown(screen.getByTestId('whitelist-input'), { key: 'Enter', keyCode: 13 })
    expect(posts()).toEqual([])
  })

  it('removes a source only after the confirmation', async () => {
    const { request } = fakeWhitelist([entry(1), entry(2)])
    open()
    await waitFor(() => expect(screen.getAllByTestId('whitelist-row')).toHaveLength(2))
    fireEvent.click(
      within(screen.getAllByTestId('whitelist-row')[0] as HTMLElement).getByTestId('whitelist-remove'),
    )
    const confirm = await screen.findByText('移除 198.51.100.1？')
    const deletes = () => request.mock.calls.filter(([config]) => config.method === 'DELETE')
    expect(deletes()).toEqual([])
    // antd spaces out a two-character Chinese label (移 除).
    const popover = confirm.closest('.ant-popover') as HTMLElement
    fireEvent.click(within(popover).getByRole('button', { name: /^移\s?除$/ }))
    await waitFor(() => expect(screen.getAllByTestId('whitelist-row')).toHaveLength(1))
    expect(deletes().map(([config]) => config.url)).toEqual([`${LIST}/${entry(1).id}`])
    expect(screen.getByTestId('whitelist-source').textContent).toBe('198.51.100.2')
  })
})

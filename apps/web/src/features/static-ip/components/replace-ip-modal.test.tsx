import type { Instance } from '@proxy/contract/static-ip/instances'
import type { InstanceReplacements, IpReplacement } from '@proxy/contract/static-ip/replacement'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../app/i18n.ts'
import { ApiError } from '../../../shared/http/api-error.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { mockApi, renderRoute } from '../../../test/render-route.tsx'
import { ReplaceIpModal } from './replace-ip-modal.tsx'

const ID = '3f0c8a52-6a1b-4c7e-9d2f-0123456789ab'
const REPLACE = `/proxy/instances/${ID}/replace`
const STATUS = `/proxy/instances/${ID}/replacements`
const CATALOG = '/catalog/static-ip'

const instance: Instance = {
  id: ID,
  lineInstanceName: 'US-LosAngeles-7',
  ip: '203.0.113.7',
  port: 1080,
  protocol: 'socks5',
  username: 'ualice0001',
  password: 'secret-password-1',
  uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  regionId: 'us-lax',
  countryCode: 'US',
  country: '美国',
  city: '洛杉矶',
  status: 'active',
  expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  autoRenew: false,
  remark: '',
  orderNo: 'S20250314ABCDEFGHIJ',
  createdAt: '2025-03-14T02:00:00.000Z',
}

const catalog = {
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
      prices: [],
      stock: 3,
    },
  ],
  durations: [30],
}

const record = (createdAt: string): IpReplacement => ({
  id: '11111111-2222-4333-8444-555555555555',
  instanceId: ID,
  orderNo: instance.orderNo,
  oldIp: instance.ip,
  newIp: '203.0.113.9',
  reason: 'slow',
  createdAt,
})

/** The server as far as this modal sees it: the status read and the replace call (once per 7 days). */
const fakeServer = (initial: InstanceReplacements = { cooldownDays: 7, nextAllowedAt: null, items: [] }) => {
  let status = initial
  const request = mockApi(({ url, method, data }) => {
    if (url === STATUS && method === 'GET') return status
    if (url === CATALOG) return catalog
    if (url === REPLACE && method === 'POST') {
      if (status.nextAllowedAt) throw new ApiError('too soon', 3111, 429)
      const done = { ...record(new Date().toISOString()), reason: (data as { reason: string }).reason }
      const nextAllowedAt = new Date(Date.now() + 7 * 86_400_000).toISOString()
      status = { ...status, nextAllowedAt, items: [done] as IpReplacement[] }
      return { instance: { ...instance, ip: done.newIp }, replacement: done, nextAllowedAt }
    }
    throw new Error(`unexpected ${method} ${url}`)
  })
  const posts = () =>
    request.mock.calls.map(([config]) => config).filter((config) => config.method === 'POST')
  return { request, posts, refuseFrom: (next: InstanceReplacements) => (status = next) }
}

const open = (props: { instance?: Instance; onDone?: () => void } = {}) =>
  renderRoute(
    <ReplaceIpModal instance={props.instance ?? instance} onClose={() => {}} onDone={props.onDone} />,
    { path: '/console/ipList', url: '/console/ipList' },
  )

const okButton = () => screen.getByRole('button', { name: /确认更换|Replace/ })

afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  await act(() => i18n.changeLanguage('zh-CN'))
})

// antd in jsdom is slow on a busy machine.
describe('replace IP modal', { timeout: 20_000 }, () => {
  it('says what stays, what changes and the cooldown, then replaces with the chosen reason', async () => {
    const { posts } = fakeServer()
    const onDone = vi.fn()
    open({ onDone })
    expect(screen.getByTestId('replace-current').textContent).toBe('203.0.113.7:1080')
    expect(screen.getByText(/用户名、密码和 VMess ID 都不变/)).toBeTruthy()
    expect(screen.getByText(/同一地区（美国 · 洛杉矶）的新地址/)).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByTestId('replace-cooldown').textContent).toBe('更换免费，每个IP每 7 天可更换一次。'),
    )
    fireEvent.click(screen.getByText('速度慢或不稳定'))
    fireEvent.click(okButton())
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1))
    expect(posts().map((config) => config.data)).toEqual([{ reason: 'slow' }])
    const sent = posts()[0]
    expect(sent?.silent).toBe(true)
    expect((sent?.headers as Record<string, string> | undefined)?.['Idempotency-Key']).toMatch(
      /^[0-9a-f-]{36}$/,
    )
    expect(onDone.mock.calls[0]?.[0]).toMatchObject({ instance: { id: ID, ip: '203.0.113.9' } })
    expect(await screen.findByText('已更换为 203.0.113.9:1080')).toBeTruthy()
  })

  it("shows the server's refusal and the time the IP may be replaced again", async () => {
    const server = fakeServer()
    open()
    await screen.findByText('更换免费，每个IP每 7 天可更换一次。')
    // Replaced meanwhile (another tab, a script): the server refuses.
    const replacedAt = new Date(Date.now() - 86_400_000).toISOString()
    const allowedAt = new Date(Date.now() + 6 * 86_400_000).toISOString()
    server.refuseFrom({ cooldownDays: 7, nextAllowedAt: allowedAt, items: [record(replacedAt)] })
    fireEvent.click(okButton())
    await waitFor(() =>
      expect(screen.getByTestId('replace-error').textContent).toBe(
        '该IP近期已更换过，冷却期结束后才能再次更换',
      ),
    )
    await waitFor(() =>
      expect(screen.getByTestId('replace-next-allowed').textContent).toBe(
        `该IP已于 ${formatLocalDateTime(replacedAt, { withSeconds: false })} 更换过，${formatLocalDateTime(allowedAt, { withSeconds: false })} 之后才能再次更换。`,
      ),
    )
    expect(okButton().hasAttribute('disabled')).toBe(true)
    expect(server.posts()).toHaveLength(1)
  })

  it('uses a new Idempotency-Key for every confirmation', async () => {
    const request = mockApi(({ url, method }) => {
      if (url === STATUS) return { cooldownDays: 7, nextAllowedAt: null, items: [] }
      if (url === CATALOG) return catalog
      if (method === 'POST') throw new ApiError('out of stock', 3101, 409)
      throw new Error(`unexpected ${method} ${url}`)
    })
    open()
    await screen.findByText('更换免费，每个IP每 7 天可更换一次。')
    fireEvent.click(okButton())
    expect((await screen.findByTestId('replace-error')).textContent).toBe('该地区可用IP不足')
    fireEvent.click(okButton())
    const posts = () =>
      request.mock.calls.map(([config]) => config).filter((config) => config.method === 'POST')
    await waitFor(() => expect(posts()).toHaveLength(2))
    const keys = posts().map((config) => (config.headers as Record<string, string>)['Idempotency-Key'])
    expect(new Set(keys).size).toBe(2)
  })

  it('offers nothing to confirm while the IP is cooling down or no longer active', async () => {
    const allowedAt = new Date(Date.now() + 3 * 86_400_000).toISOString()
    const { posts } = fakeServer({
      cooldownDays: 7,
      nextAllowedAt: allowedAt,
      items: [record(new Date(Date.now() - 4 * 86_400_000).toISOString())],
    })
    open()
    await screen.findByTestId('replace-next-allowed')
    expect(okButton().hasAttribute('disabled')).toBe(true)
    cleanup()
    fakeServer()
    open({ instance: { ...instance, status: 'expired' } })
    expect(screen.getByTestId('replace-inactive').textContent).toBe(
      '只有正常使用中且未到期的IP可以更换地址。',
    )
    expect(okButton().hasAttribute('disabled')).toBe(true)
    expect(posts()).toEqual([])
  })

  it('speaks English', async () => {
    fakeServer()
    await act(() => i18n.changeLanguage('en-US'))
    open()
    await screen.findByText('Replacing is free, once per IP every 7 days.')
    expect(screen.getByText('Blocked by target sites')).toBeTruthy()
    // The catalogue's English names, not the instance's Chinese ones.
    await screen.findByText(/a new one in the same region \(United States · Los Angeles\)/)
  })
})

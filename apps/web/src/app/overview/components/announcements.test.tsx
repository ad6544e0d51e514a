import type { Announcement } from '@proxy/contract/notices/endpoints'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderRoute } from '../../../test/render-route.tsx'
import { i18n } from '../../i18n.ts'
import { Announcements, DISMISSED_ANNOUNCEMENTS_KEY } from './announcements.tsx'

const maintenance: Announcement = {
  id: 'a1',
  severity: 'warning',
  titleZh: '香港节点维护',
  titleEn: 'Hong Kong maintenance',
  bodyZh: '周六 23:00 维护 <b>30 分钟</b>',
  bodyEn: 'Saturday 23:00 for <b>30 minutes</b>',
  publishAt: '2026-11-24T08:00:00.000Z',
  expiresAt: null,
}
const newRegion: Announcement = {
  id: 'a2',
  severity: 'info',
  titleZh: '新增东京线路',
  titleEn: 'Tokyo is open',
  bodyZh: '东京静态 IP 已上架。',
  bodyEn: 'Static IPs in Tokyo are on sale.',
  publishAt: '2026-11-20T08:00:00.000Z',
  expiresAt: '2026-12-20T08:00:00.000Z',
}

const open = (items: Announcement[] | Error) => {
  mockApi(({ url }) => {
    if (url !== '/user/announcements') throw new Error(`unexpected ${url}`)
    if (items instanceof Error) throw items
    return { items }
  })
  return renderRoute(<Announcements />, { path: '/console/overview', url: '/console/overview' })
}

afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  window.localStorage.removeItem(DISMISSED_ANNOUNCEMENTS_KEY)
  await act(() => i18n.changeLanguage('zh-CN'))
})

describe('announcements on the overview', () => {
  it('shows them in the order given, in the reader language, warnings highlighted and text never HTML', async () => {
    open([maintenance, newRegion])
    const shown = await screen.findAllByTestId('announcement')
    expect(shown.map((item) => item.getAttribute('data-severity'))).toEqual(['warning', 'info'])
    expect(shown[0]?.className).toContain('ant-alert-warning')
    expect(shown[1]?.className).toContain('ant-alert-info')
    expect(shown[0]?.textContent).toContain('香港节点维护')
    expect(shown[0]?.textContent).toContain('周六 23:00 维护 <b>30 分钟</b>')
    expect(shown[0]?.querySelector('b')).toBeNull()

    await act(() => i18n.changeLanguage('en-US'))
    await waitFor(() =>
      expect(screen.getAllByTestId('announcement')[1]?.textContent).toContain('Tokyo is open'),
    )
    expect(screen.getAllByTestId('announcement')[0]?.textContent).toContain(
      'Saturday 23:00 for <b>30 minutes</b>',
    )
  })

  it('hides one the customer dismissed, also after a reload', async () => {
    const first = open([maintenance, newRegion])
    await screen.findAllByTestId('announcement')
    fireEvent.click(screen.getAllByRole('button', { name: '不再显示' })[0] as HTMLElement)
    await waitFor(() => expect(screen.getAllByTestId('announcement')).toHaveLength(1))
    expect(JSON.parse(window.localStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY) ?? '[]')).toEqual(['a1'])
    first.unmount()
    vi.restoreAllMocks()

    open([maintenance, newRegion])
    await waitFor(() => expect(screen.getAllByTestId('announcement')).toHaveLength(1))
    expect(screen.getByTestId('announcement').textContent).toContain('新增东京线路')
  })

  it('shows nothing when there are none or the call fails', async () => {
    const view = open([])
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0))
    expect(screen.queryByTestId('announcements')).toBeNull()
    view.unmount()
    vi.restoreAllMocks()
    const failed = open(new Error('offline'))
    await waitFor(() => expect(failed.queryClient.isFetching()).toBe(0))
    expect(screen.queryByTestId('announcements')).toBeNull()
  })
})

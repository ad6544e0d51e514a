import type { AdminAnnouncement } from '@proxy/contract/admin/announcements'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './notices-page.tsx'
import { fakeOperator, mockAdminApi, modalButton, renderAdmin, requestsTo } from '../../test/render-admin.tsx'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => true) }))

afterEach(() => {
  vi.mocked(useIsNarrow).mockReturnValue(true)
  vi.restoreAllMocks()
})

const base = {
  bodyZh: '正文',
  bodyEn: 'Body',
  severity: 'info',
  publishAt: null,
  expiresAt: null,
  createdBy: '7d3f0a52-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
} as const

const draft: AdminAnnouncement = {
  ...base,
  id: '11111111-1111-4111-8111-111111111111',
  titleZh: '新线路草稿',
  titleEn: 'New line draft',
  status: 'draft',
}
const live: AdminAnnouncement = {
  ...base,
  id: '22222222-2222-4222-8222-222222222222',
  titleZh: '香港节点维护',
  titleEn: 'Hong Kong maintenance',
  severity: 'warning',
  status: 'published',
  publishAt: '2026-11-24T08:00:00.000Z',
}

const fakeApi = () =>
  mockAdminApi(({ url, method }) => {
    if (url === '/admin/auth/me') return fakeOperator('operator')
    if (url === '/admin/announcements' && method === 'GET')
      return { items: [live, draft], total: 2, page: 1, pageSize: 20 }
    if (url === '/admin/announcements' && method === 'POST')
      return { ...draft, id: '33333333-3333-4333-8333-333333333333' }
    if (url === `/admin/announcements/${draft.id}/publish`) return { ...draft, status: 'published' }
    if (url === `/admin/announcements/${live.id}/expire`) return { ...live, status: 'expired' }
    if (url === `/admin/announcements/${draft.id}` && method === 'DELETE') return null
    if (url === `/admin/announcements/${live.id}` && method === 'PATCH') return live
    throw new Error(`unexpected ${method} ${url}`)
  })

const fill = (testId: string, value: string) => {
  const field = screen.getByTestId(testId)
  const input =
    field.tagName === 'INPUT' || field.tagName === 'TEXTAREA' ? field : field.querySelector('input, textarea')
  if (input === null) throw new Error(`no input in ${testId}`)
  fireEvent.change(input, { target: { value } })
}

const rowOf = (title: string) => {
  const card = screen
    .getAllByText(title)
    .map((text) => text.closest('[data-testid="announcement-card"]'))
    .find((found) => found !== null)
  if (!card) throw new Error(`no card for ${title}`)
  return card as HTMLElement
}

describe('notices page', () => {
  it('lists announcements with their status and filters by status through the API', async () => {
    const request = fakeApi()
    await renderAdmin('/notices', 'en-US')
    expect(await screen.findAllByText('Hong Kong maintenance')).not.toHaveLength(0)
    expect(screen.getByText('New line draft')).toBeTruthy()
    const tags = screen.getAllByTestId('announcement-status').map((tag) => tag.textContent)
    expect(tags).toEqual(['Published', 'Draft'])
    // Only a published one can be withdrawn, only a draft deleted.
    expect(within(rowOf('Hong Kong maintenance')).queryByTestId('announcement-expire')).toBeTruthy()
    expect(within(rowOf('Hong Kong maintenance')).queryByTestId('announcement-delete')).toBeNull()
    expect(within(rowOf('New line draft')).queryByTestId('announcement-delete')).toBeTruthy()
    expect(within(rowOf('New line draft')).queryByTestId('announcement-expire')).toBeNull()

    const select = screen.getByTestId('announcements-status')
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select)
    fireEvent.click(await screen.findByTitle('Scheduled'))
    await waitFor(() =>
      expect(requestsTo(request, 'GET', '/admin/announcements').at(-1)?.params).toEqual({
        page: 1,
        pageSize: 20,
        status: 'scheduled',
      }),
    )
  })

  it('writes a new announcement in both languages with a preview that shows text, never HTML', {
    timeout: 90_000,
  }, async () => {
    const request = fakeApi()
    await renderAdmin('/notices', 'en-US')
    fireEvent.click(await screen.findByTestId('announcement-new'))
    await screen.findByTestId('announcement-editor')
    fireEvent.click(modalButton('Save'))
    expect((await screen.findAllByText('Enter a title of 1 to 120 characters')).length).toBe(2)
    expect(requestsTo(request, 'POST', '/admin/announcements')).toHaveLength(0)

    fill('announcement-titleZh', ' 维护通知 ')
    fill('announcement-bodyZh', '周六维护')
    fill('announcement-titleEn', 'Maintenance')
    fill('announcement-bodyEn', '<b>Saturday</b> night')
    const preview = screen.getByTestId('announcement-preview')
    await waitFor(() => expect(preview.textContent).toContain('<b>Saturday</b> night'))
    expect(preview.querySelector('b')).toBeNull()
    expect(preview.textContent).toContain('维护通知')

    fireEvent.click(modalButton('Save'))
    await waitFor(() => expect(requestsTo(request, 'POST', '/admin/announcements')).toHaveLength(1))
    expect(requestsTo(request, 'POST', '/admin/announcements')[0]?.data).toEqual({
      titleZh: '维护通知',
      titleEn: 'Maintenance',
      bodyZh: '周六维护',
      bodyEn: '<b>Saturday</b> night',
      severity: 'info',
      publishAt: null,
      expiresAt: null,
    })
  })

  it('publishes, withdraws and deletes only after a confirmation', { timeout: 60_000 }, async () => {
    const request = fakeApi()
    await renderAdmin('/notices', 'en-US')
    await screen.findByText('New line draft')
    fireEvent.click(within(rowOf('New line draft')).getByTestId('announcement-publish'))
    expect(await screen.findAllByText('Publish “New line draft” now?')).not.toHaveLength(0)
    expect(requestsTo(request, 'POST', `/admin/announcements/${draft.id}/publish`)).toHaveLength(0)
    fireEvent.click(modalButton('Publish'))
    await waitFor(() =>
      expect(requestsTo(request, 'POST', `/admin/announcements/${draft.id}/publish`)).toHaveLength(1),
    )

    fireEvent.click(within(rowOf('Hong Kong maintenance')).getByTestId('announcement-expire'))
    expect(await screen.findAllByText('Withdraw “Hong Kong maintenance”?')).not.toHaveLength(0)
    fireEvent.click(modalButton('Withdraw'))
    await waitFor(() =>
      expect(requestsTo(request, 'POST', `/admin/announcements/${live.id}/expire`)).toHaveLength(1),
    )

    fireEvent.click(within(rowOf('New line draft')).getByTestId('announcement-delete'))
    expect(await screen.findAllByText('Delete the draft “New line draft”?')).not.toHaveLength(0)
    fireEvent.click(modalButton('Delete'))
    await waitFor(() =>
      expect(requestsTo(request, 'DELETE', `/admin/announcements/${draft.id}`)).toHaveLength(1),
    )
  })

  it('shows the Chinese titles in zh-CN and a table on a desk', { timeout: 60_000 }, async () => {
    vi.mocked(useIsNarrow).mockReturnValue(false)
    fakeApi()
    await renderAdmin('/notices')
    const table = await screen.findByTestId('announcements-table')
    expect(await within(table).findByText('香港节点维护')).toBeTruthy()
    expect(within(table).getByText('已发布')).toBeTruthy()
    expect(within(table).getByText('草稿')).toBeTruthy()
  })
})

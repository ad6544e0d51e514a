import type { OperatorSession } from '@proxy/contract/admin/auth'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './sessions-page.tsx'
import { buttonsNamed, fakeOperator, mockAdminApi, renderAdmin, requestsTo } from '../test/render-admin.tsx'

vi.mock('../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => false) }))

afterEach(() => vi.restoreAllMocks())

const session = (id: string, isCurrent: boolean): OperatorSession => ({
  id,
  createdAt: '2026-11-25T01:00:00.000Z',
  lastSeenAt: '2026-11-25T02:00:00.000Z',
  expiresAt: '2026-11-25T13:00:00.000Z',
  ip: '198.51.100.7',
  userAgent: 'Firefox',
  isCurrent,
})
const here = session('11111111-1111-4111-8111-111111111111', true)
const there = session('22222222-2222-4222-8222-222222222222', false)

describe('sessions page', () => {
  it('lists the own sessions and ends another one after a confirmation, in English', async () => {
    const request = mockAdminApi(({ url, method }) => {
      if (url === '/admin/auth/me') return fakeOperator('support')
      if (url === '/admin/auth/sessions') return { items: [here, there] }
      if (url === `/admin/auth/sessions/${there.id}` && method === 'DELETE') return null
      throw new Error(`unexpected ${method} ${url}`)
    })
    await renderAdmin('/sessions', 'en-US')
    expect(await screen.findByText('This session')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'My sessions' })).toBeTruthy()
    fireEvent.click(screen.getByTestId('session-revoke'))
    expect(await screen.findByText('End this session?')).toBeTruthy()
    expect(requestsTo(request, 'DELETE', `/admin/auth/sessions/${there.id}`)).toHaveLength(0)
    const [confirm] = buttonsNamed('End', document.querySelector('.ant-popover') ?? document)
    if (confirm === undefined) throw new Error('no confirm button')
    fireEvent.click(confirm)
    await waitFor(() =>
      expect(requestsTo(request, 'DELETE', `/admin/auth/sessions/${there.id}`)).toHaveLength(1),
    )
  })

  it('leads to the password change, which then says what a change does', async () => {
    mockAdminApi(({ url }) => (url === '/admin/auth/sessions' ? { items: [here] } : fakeOperator('support')))
    const { location } = await renderAdmin('/sessions', 'en-US')
    fireEvent.click(await screen.findByTestId('sessions-change-password'))
    await waitFor(() => expect(location()).toBe('/password'))
    expect(await screen.findByText('Changing your password signs out your other sessions.')).toBeTruthy()
  })

  it('renders in Chinese', async () => {
    mockAdminApi(({ url }) => (url === '/admin/auth/sessions' ? { items: [here] } : fakeOperator('owner')))
    await renderAdmin('/sessions')
    expect(await screen.findByText('当前会话')).toBeTruthy()
    expect(screen.getByText('我的会话')).toBeTruthy()
  })
})

import type { Team, TeamOperator } from '@proxy/contract/admin/operators'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './operators-page.tsx'
import { fakeOperator, mockAdminApi, modalButton, renderAdmin, requestsTo } from '../../test/render-admin.tsx'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => true) }))

afterEach(() => {
  vi.mocked(useIsNarrow).mockReturnValue(true)
  vi.restoreAllMocks()
})

const owner = fakeOperator('owner')
const mei: TeamOperator = {
  id: '0c9e2f4a-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  email: 'mei@example.com',
  role: 'support',
  createdAt: '2026-03-14T02:00:00.000Z',
  lastSignInAt: null,
  disabledAt: null,
  openSessions: 2,
}
const team: Team = {
  operators: [
    {
      id: owner.id,
      email: owner.email,
      role: 'owner',
      createdAt: owner.createdAt,
      lastSignInAt: owner.lastSignInAt,
      disabledAt: null,
      openSessions: 1,
    },
    mei,
  ],
  invitations: [
    {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      email: 'new@example.com',
      role: 'finance',
      invitedBy: owner.email,
      createdAt: '2026-11-24T00:00:00.000Z',
      expiresAt: '2026-11-27T00:00:00.000Z',
      opened: false,
    },
  ],
}
const link = '/admin/invite/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ'

const fakeApi = () =>
  mockAdminApi(({ url, method }) => {
    if (url === '/admin/auth/me') return owner
    if (url === '/admin/operators') return team
    if (url === '/admin/operators/invitations' && method === 'POST')
      return { invitation: { ...team.invitations[0], email: 'li@example.com', role: 'operator' }, link }
    if (url === `/admin/operators/invitations/${team.invitations[0]?.id}/revoke`) return null
    if (url === `/admin/operators/${mei.id}/disable`)
      return { ...mei, disabledAt: '2026-11-25T00:00:00.000Z' }
    if (url === `/admin/operators/${mei.id}/role`) return { ...mei, role: 'finance' }
    throw new Error(`unexpected ${method} ${url}`)
  })

const popconfirmOk = async (text: string) => {
  const popover = await waitFor(() => {
    const found = document.querySelector('.ant-popover:not(.ant-popover-hidden)')
    if (!found) throw new Error('no popconfirm')
    return found as HTMLElement
  })
  const button = [...popover.querySelectorAll('button')].find(
    (item) => item.textContent?.replace(/\s/g, '') === text,
  )
  if (!button) throw new Error(`no ${text} in popconfirm`)
  fireEvent.click(button)
}

describe('operators page', () => {
  it('lists operators and pending invitations; disabling and revoking ask first', async () => {
    const request = fakeApi()
    await renderAdmin('/operators', 'en-US')
    expect(await screen.findByText('mei@example.com')).toBeTruthy()
    expect(screen.getByText('new@example.com')).toBeTruthy()
    // The signed-in owner is marked and cannot disable themself.
    expect(screen.getByText('You')).toBeTruthy()
    expect(screen.getAllByTestId('operator-disable')).toHaveLength(1)

    fireEvent.click(screen.getByTestId('operator-disable'))
    expect(await screen.findByText('Disable mei@example.com?')).toBeTruthy()
    expect(requestsTo(request, 'POST', `/admin/operators/${mei.id}/disable`)).toHaveLength(0)
    await popconfirmOk('Disable')
    await waitFor(() =>
      expect(requestsTo(request, 'POST', `/admin/operators/${mei.id}/disable`)).toHaveLength(1),
    )

    fireEvent.click(screen.getByTestId('invitation-revoke'))
    await screen.findByText('Revoke the invitation for new@example.com? The link stops working.')
    await popconfirmOk('Revoke')
    await waitFor(() =>
      expect(
        requestsTo(request, 'POST', `/admin/operators/invitations/${team.invitations[0]?.id}/revoke`),
      ).toHaveLength(1),
    )
  })

  it('invites and shows the whole link once, with a copy button', async () => {
    const request = fakeApi()
    await renderAdmin('/operators')
    fireEvent.click(await screen.findByTestId('operators-invite'))
    fireEvent.change(await screen.findByTestId('invite-email'), { target: { value: ' li@example.com ' } })
    fireEvent.click(screen.getByTestId('invite-submit'))
    const shown = await screen.findByTestId('invite-link')
    expect(shown.textContent).toBe(`${window.location.origin}${link}`)
    expect(shown.querySelector('.ant-typography-copy')).toBeTruthy()
    expect(requestsTo(request, 'POST', '/admin/operators/invitations')[0]?.data).toEqual({
      email: 'li@example.com',
      role: 'support',
    })
    fireEvent.click(screen.getByTestId('invite-done'))
    await waitFor(() => expect(screen.queryByTestId('invite-link')).toBeNull())
  })

  it('changes a role after the dialog names the change', async () => {
    const request = fakeApi()
    await renderAdmin('/operators', 'en-US')
    await screen.findByText('mei@example.com')
    const card = screen.getAllByTestId('operator-role')[1]
    if (!card) throw new Error('no role button')
    fireEvent.click(card)
    const select = await screen.findByTestId('role-select')
    fireEvent.mouseDown(within(select).getByRole('combobox'))
    fireEvent.click(await screen.findByTitle('Finance'))
    expect(await screen.findByText(/goes from Support to Finance/)).toBeTruthy()
    fireEvent.click(modalButton('Change role'))
    await waitFor(() =>
      expect(requestsTo(request, 'POST', `/admin/operators/${mei.id}/role`)[0]?.data).toEqual({
        role: 'finance',
      }),
    )
  })
})

import type { InvitationView } from '@proxy/contract/admin/operators'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
// Loaded up front: the route imports them lazily, which would count against the first test's time.
import './invite-page.tsx'
import '../overview-page.tsx'
import { apiError, fakeOperator, mockAdminApi, renderAdmin, requestsTo } from '../../test/render-admin.tsx'

afterEach(() => vi.restoreAllMocks())

const token = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ'
const view: InvitationView = {
  email: 'li@example.com',
  role: 'finance',
  expiresAt: '2026-11-28T00:00:00.000Z',
  otpauthUri: 'otpauth://totp/Proxy:li%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Proxy',
  secret: 'JBSWY3DPEHPK3PXP',
}
const codes = ['abcde-fghjk', 'mnpqr-stuvw']
const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })

describe('invitation page', () => {
  it('shows who is invited and the secret, then accepts, shows the recovery codes once and goes on to the console', async () => {
    const operator = fakeOperator('finance', { email: view.email })
    const request = mockAdminApi(({ url, method }) => {
      if (url === `/admin/invitations/${token}`) return view
      if (url === `/admin/invitations/${token}/accept` && method === 'POST')
        return { operator, recoveryCodes: codes }
      if (url === '/admin/auth/me') return operator
      return null
    })
    const { location } = await renderAdmin(`/invite/${token}`, 'en-US')
    expect(await screen.findByText('li@example.com')).toBeTruthy()
    expect(screen.getByText('Finance')).toBeTruthy()
    expect(screen.getByTestId('invite-secret').textContent).toBe(view.secret)
    expect(screen.getByTestId('invite-qr')).toBeTruthy()

    fill('invite-password', 'a long fine passphrase')
    fill('invite-confirm', 'a long fine passphrasf')
    fill('invite-code', '123 456')
    fireEvent.click(screen.getByTestId('invite-accept'))
    expect(await screen.findByText('The two passwords differ')).toBeTruthy()
    expect(requestsTo(request, 'POST', `/admin/invitations/${token}/accept`)).toHaveLength(0)

    fill('invite-confirm', 'a long fine passphrase')
    fireEvent.click(screen.getByTestId('invite-accept'))
    const shown = await screen.findByTestId('invite-recovery-codes')
    expect(shown.textContent).toContain('abcde-fghjk')
    expect(requestsTo(request, 'POST', `/admin/invitations/${token}/accept`)[0]?.data).toEqual({
      password: 'a long fine passphrase',
      totp: '123456',
    })
    fireEvent.click(screen.getByTestId('invite-continue'))
    await waitFor(() => expect(location()).toBe('/'))
  })

  it('says so when the link is unknown, expired, revoked or used', async () => {
    mockAdminApi(({ url }) => {
      if (url === `/admin/invitations/${token}`) throw apiError('INVITATION_INVALID')
      throw new Error(`unexpected ${url}`)
    })
    await renderAdmin(`/invite/${token}`)
    expect(await screen.findByTestId('invite-invalid')).toBeTruthy()
    expect(screen.getByText('此邀请无法使用')).toBeTruthy()
  })
})

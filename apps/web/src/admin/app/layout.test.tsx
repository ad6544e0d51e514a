import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useIsNarrow } from '../../shared/ui/use-is-narrow.ts'
import { fakeOperator, mockAdminApi, renderAdmin, requestsTo } from '../test/render-admin.tsx'
import { ADMIN_LANGUAGE_KEY } from './i18n.ts'

vi.mock('../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => false) }))

afterEach(() => {
  vi.mocked(useIsNarrow).mockReturnValue(false)
  vi.restoreAllMocks()
  window.localStorage.clear()
})

const menuLabels = async () =>
  within(await screen.findByTestId('admin-menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent)

describe('console layout', () => {
  it('lists for finance the receipts and the audit log but no page it cannot open', async () => {
    mockAdminApi(() => fakeOperator('finance'))
    await renderAdmin('/')
    expect(await menuLabels()).toEqual(['概览', '客户', '订单', '充值订单', '收据', '审计日志', '会话'])
  })

  it('hides the audit log from support, and sends support away from its address', async () => {
    mockAdminApi(() => fakeOperator('support'))
    const { location } = await renderAdmin('/audit', 'en-US')
    expect(await menuLabels()).toEqual(['Overview', 'Customers', 'Orders', 'Top-ups', 'Sessions'])
    await waitFor(() => expect(location()).toBe('/'))
    expect(within(await screen.findByTestId('overview-links')).queryByText('Audit log')).toBeNull()
    expect(
      within(screen.getByTestId('overview-permissions')).getByText('Suspend and restore customers'),
    ).toBeTruthy()
  })

  it('shows an operator without customers.read no customers entry', async () => {
    mockAdminApi(() => fakeOperator('support', { permissions: ['self'] }))
    await renderAdmin('/')
    expect(await menuLabels()).toEqual(['概览', '会话'])
  })

  it('switches the language and keeps it under admin_language, never the customer keys', async () => {
    mockAdminApi(() => fakeOperator('owner'))
    await renderAdmin('/')
    await screen.findByTestId('admin-menu')
    fireEvent.click(within(screen.getByTestId('admin-language-switch')).getByText('EN'))
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeTruthy()
    expect(window.localStorage.getItem(ADMIN_LANGUAGE_KEY)).toBe('en-US')
    expect(window.localStorage.getItem('language')).toBeNull()
    expect(window.localStorage.getItem('token')).toBeNull()
  })

  it('puts the menu in a drawer on a phone', async () => {
    vi.mocked(useIsNarrow).mockReturnValue(true)
    mockAdminApi(() => fakeOperator('finance'))
    const { location } = await renderAdmin('/', 'en-US')
    fireEvent.click(await screen.findByTestId('admin-menu-open'))
    expect(await menuLabels()).toEqual([
      'Overview',
      'Customers',
      'Orders',
      'Top-ups',
      'Receipts',
      'Audit log',
      'Sessions',
    ])
    fireEvent.click(within(screen.getByTestId('admin-menu')).getByText('Sessions'))
    await waitFor(() => expect(location()).toBe('/sessions'))
  })

  it('signs out only after the confirmation', async () => {
    const request = mockAdminApi(({ url }) => (url === '/admin/auth/logout' ? null : fakeOperator('owner')))
    const { location } = await renderAdmin('/', 'en-US')
    fireEvent.click(await screen.findByTestId('admin-sign-out'))
    expect((await screen.findAllByText('Sign out of the operator console?')).length).toBeGreaterThan(0)
    expect(requestsTo(request, 'POST', '/admin/auth/logout')).toHaveLength(0)
    const confirmation = document.querySelector<HTMLElement>('.ant-modal-confirm-btns')
    if (confirmation === null) throw new Error('no confirmation buttons')
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(location()).toBe('/login'))
    expect(requestsTo(request, 'POST', '/admin/auth/logout')).toHaveLength(1)
  })
})

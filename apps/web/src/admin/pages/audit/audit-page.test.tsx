import type { AuditEntry } from '@proxy/contract/admin/audit'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './audit-page.tsx'
import { fakeOperator, mockAdminApi, renderAdmin, requestsTo } from '../../test/render-admin.tsx'
import { diffLines } from './audit-diff.tsx'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => false) }))

afterEach(() => {
  vi.mocked(useIsNarrow).mockReturnValue(false)
  vi.restoreAllMocks()
})

const suspension: AuditEntry = {
  id: '5a1f2e3d-4c5b-4a69-8877-665544332211',
  at: '2026-11-24T09:30:00.000Z',
  operatorId: '7d3f0a52-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  operatorEmail: 'support@example.com',
  role: 'support',
  action: 'customers.suspend',
  target: 'customer:0c9e2f4a-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  before: { status: 'active', suspendReason: null, suspendedAt: null },
  after: { status: 'suspended', suspendReason: 'abuse', suspendedAt: '2026-11-24T09:30:00.000Z' },
  reason: 'abuse',
  ip: '203.0.113.9',
}
const failedSignIn: AuditEntry = {
  ...suspension,
  id: '6b2f2e3d-4c5b-4a69-8877-665544332211',
  operatorId: null,
  operatorEmail: null,
  role: null,
  action: 'auth.sign-in-failed',
  target: null,
  before: null,
  after: null,
  reason: null,
}

const fakeApi = () =>
  mockAdminApi(({ url }) => {
    if (url === '/admin/auth/me') return fakeOperator('finance')
    if (url === '/admin/audit') return { items: [suspension, failedSignIn], total: 2, page: 1, pageSize: 20 }
    throw new Error(`unexpected ${url}`)
  })

describe('audit log page', () => {
  it('shows each entry with its before and after as a diff', async () => {
    fakeApi()
    await renderAdmin('/audit')
    const diff = await screen.findByTestId('audit-diff')
    const lines = within(diff)
      .getAllByTestId('audit-diff-line')
      .map((line) => line.textContent)
    expect(lines.slice(0, 2)).toEqual(['status: active → suspended', 'suspendReason: null → abuse'])
    // Times read as everywhere else in the consoles, not as ISO strings.
    expect(lines[2]).toMatch(/^suspendedAt: null → 2026-11-2\d \d{2}:\d{2}:00$/)
    expect(within(diff).getByText('active').closest('del')).not.toBeNull()
    expect(screen.getByText('support@example.com')).toBeTruthy()
    expect(screen.getByText('客服')).toBeTruthy()
    expect(screen.getByText('无字段变更')).toBeTruthy()
    expect(screen.getByText('命令行或系统')).toBeTruthy()
  })

  it('filters by action through the API, in English too', async () => {
    const request = fakeApi()
    await renderAdmin('/audit?first=2026-11-01&last=2026-11-24', 'en-US')
    expect(await screen.findByText('No field changed')).toBeTruthy()
    expect(screen.getByText('support@example.com')).toBeTruthy()
    expect(screen.getByText('Support')).toBeTruthy()
    const first = requestsTo(request, 'GET', '/admin/audit')[0]?.params
    expect(first).toMatchObject({ page: 1, pageSize: 20 })
    expect(new Date(first.from).toISOString()).toBe(first.from)
    expect(new Date(first.from).getDate()).toBe(1)
    expect(Date.parse(first.to) - Date.parse(first.from)).toBeGreaterThanOrEqual(23 * 86_400_000)

    const search = within(screen.getByTestId('audit-action')).getByRole('searchbox')
    fireEvent.change(search, { target: { value: 'customers.suspend' } })
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() =>
      expect(requestsTo(request, 'GET', '/admin/audit').at(-1)?.params).toMatchObject({
        action: 'customers.suspend',
      }),
    )
  })
})

describe('diffLines', () => {
  it('lists every field either side names, with what is missing on one side left undefined', () => {
    expect(diffLines({ a: 1, b: 2 }, { b: 3, c: 4 })).toEqual([
      { field: 'a', before: 1, after: undefined },
      { field: 'b', before: 2, after: 3 },
      { field: 'c', before: undefined, after: 4 },
    ])
    expect(diffLines(null, null)).toEqual([])
  })
})

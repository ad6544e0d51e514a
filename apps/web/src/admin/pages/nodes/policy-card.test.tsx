import type { AdminDestinationPolicy, AdminNode, NodeRefusal } from '@proxy/contract/admin/nodes'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './nodes-page.tsx'
import { fakeOperator, mockAdminApi, modalButton, renderAdmin, requestsTo } from '../../test/render-admin.tsx'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => false) }))

afterEach(() => {
  vi.mocked(useIsNarrow).mockReturnValue(false)
  vi.restoreAllMocks()
})

const node: AdminNode = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'tokyo-1',
  host: '198.51.100.7',
  status: 'up',
  createdAt: '2026-10-01T00:00:00.000Z',
  lastSeenAt: new Date().toISOString(),
  lastPushAt: null,
  pushLagMs: null,
  revokedAt: null,
  version: '1.4.2',
  uptimeSeconds: 60,
  openTunnels: 3,
  bytesPerSecond: 0,
  deadLetters: 0,
  pendingBatches: 0,
  refusals: 9,
}
const empty: AdminDestinationPolicy = { smtpPorts: [25, 465, 587], ports: [], cidrs: [], updatedAt: null }
const refusals: NodeRefusal[] = [
  {
    kind: 'instance',
    credentialId: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    customerId: '6f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    customerEmail: 'li***@example.com',
    count: 7,
    lastRefusedAt: '2026-11-25T10:00:00.000Z',
  },
  {
    kind: 'traffic-account',
    credentialId: '7f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
    customerId: null,
    customerEmail: null,
    count: 2,
    lastRefusedAt: '2026-11-25T09:00:00.000Z',
  },
]

const fakeApi = () => {
  let policy = empty
  return mockAdminApi(({ url, method, data }) => {
    if (url === '/admin/auth/me') return fakeOperator('operator')
    if (url === '/admin/nodes' && method === 'GET') return { items: [node] }
    if (url === '/admin/nodes/policy' && method === 'GET') return policy
    if (url === '/admin/nodes/policy' && method === 'PUT') {
      policy = { ...policy, ...(data as object), updatedAt: '2026-11-25T12:00:00.000Z' }
      return policy
    }
    if (url === `/admin/nodes/${node.id}/refusals`) return { items: refusals }
    throw new Error(`unexpected ${method} ${url}`)
  })
}

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })

describe('the destination policy on the nodes page', () => {
  it('shows the SMTP ports as always refused, and an empty deny list', async () => {
    fakeApi()
    await renderAdmin('/nodes', 'en-US')
    const card = await screen.findByTestId('policy-card')
    expect(await within(card).findByText('SMTP ports 25, 465, 587')).toBeTruthy()
    expect(within(card).getByTestId('policy-ports').textContent).toBe('None')
    expect(within(card).getByText('Never')).toBeTruthy()
  }, 60_000)

  it('checks ports and ranges as the server does, then saves the list and shows it', async () => {
    const request = fakeApi()
    await renderAdmin('/nodes', 'en-US')
    await screen.findByText('SMTP ports 25, 465, 587')
    fireEvent.click(screen.getByTestId('policy-edit'))
    await screen.findByTestId('policy-ports-input')
    fill('policy-ports-input', '22, 70000')
    fill('policy-cidrs-input', '203.0.113.0/24\nnot-a-range')
    fireEvent.click(modalButton('Save'))
    expect(await screen.findByText('Not a port (1–65535): 70000')).toBeTruthy()
    expect(await screen.findByText('Not an address or range: not-a-range')).toBeTruthy()
    expect(requestsTo(request, 'PUT', '/admin/nodes/policy')).toHaveLength(0)

    fill('policy-ports-input', '22 6667')
    fill('policy-cidrs-input', '203.0.113.0/24\n2001:db8::/32')
    fireEvent.click(modalButton('Save'))
    await waitFor(() => expect(requestsTo(request, 'PUT', '/admin/nodes/policy')).toHaveLength(1))
    expect(requestsTo(request, 'PUT', '/admin/nodes/policy')[0]?.data).toEqual({
      ports: [22, 6667],
      cidrs: ['203.0.113.0/24', '2001:db8::/32'],
    })
    const card = screen.getByTestId('policy-card')
    await waitFor(() => expect(within(card).getByTestId('policy-ports').textContent).toBe('22, 6667'))
    expect(within(card).getByText('2001:db8::/32')).toBeTruthy()
  }, 60_000)

  it('speaks Chinese too', async () => {
    fakeApi()
    await renderAdmin('/nodes', 'zh-CN')
    const card = await screen.findByTestId('policy-card')
    expect(await within(card).findByText('SMTP 端口 25, 465, 587')).toBeTruthy()
    expect(within(card).getByText('目标访问策略')).toBeTruthy()
  })
})

describe("a node's refusals", () => {
  it('opens the most refused credentials with masked emails from the count in the list', async () => {
    const request = fakeApi()
    await renderAdmin('/nodes', 'en-US')
    const table = await screen.findByTestId('nodes-table')
    const count = await within(table).findByTestId('node-refusals')
    expect(count.textContent).toBe('9')
    fireEvent.click(count)
    const rows = await screen.findAllByTestId('refusal-row')
    expect(rows).toHaveLength(2)
    const [top, next] = rows as [HTMLElement, HTMLElement]
    expect(within(top).getByText('Static IP')).toBeTruthy()
    expect(within(top).getByText('li***@example.com')).toBeTruthy()
    expect(within(top).getByText('7')).toBeTruthy()
    expect(within(next).getByText('No longer held')).toBeTruthy()
    expect(requestsTo(request, 'GET', `/admin/nodes/${node.id}/refusals`)).toHaveLength(1)
    expect(screen.getByText('Refused destinations on tokyo-1')).toBeTruthy()
  }, 60_000)
})

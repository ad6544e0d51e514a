import type { AdminNode } from '@proxy/contract/admin/nodes'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { copyText } from '../../../shared/lib/copy-text.ts'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './nodes-page.tsx'
import { fakeOperator, mockAdminApi, modalButton, renderAdmin, requestsTo } from '../../test/render-admin.tsx'
import { formatLag, relativeTime } from './node-time.ts'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => true) }))
vi.mock('../../../shared/lib/copy-text.ts', () => ({ copyText: vi.fn(async () => true) }))

afterEach(() => {
  vi.mocked(useIsNarrow).mockReturnValue(true)
  vi.restoreAllMocks()
})

const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

const tokyo: AdminNode = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'tokyo-1',
  host: '198.51.100.7',
  status: 'up',
  createdAt: '2026-10-01T00:00:00.000Z',
  lastSeenAt: ago(5_000),
  lastPushAt: ago(12_000),
  pushLagMs: 12_000,
  revokedAt: null,
  version: '1.4.2',
  uptimeSeconds: 86_400,
  openTunnels: 37,
  bytesPerSecond: 1_000,
  deadLetters: 0,
  pendingBatches: 0,
  refusals: 0,
}
const fresh: AdminNode = {
  ...tokyo,
  id: '2a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'osaka-1',
  host: 'osaka.example.net',
  status: 'down',
  lastSeenAt: null,
  lastPushAt: null,
  pushLagMs: null,
  version: null,
  openTunnels: null,
}
const TOKEN = 'nt_secret-token-0123456789'

const fakeApi = (items: AdminNode[] = [tokyo, fresh]) =>
  mockAdminApi(({ url, method, data }) => {
    if (url === '/admin/auth/me') return fakeOperator('operator')
    if (url === '/admin/nodes' && method === 'GET') return { items }
    if (url === '/admin/nodes/policy')
      return { smtpPorts: [25, 465, 587], ports: [], cidrs: [], updatedAt: null }
    if (url === '/admin/nodes' && method === 'POST') {
      const body = data as { name: string; host: string }
      return { node: { ...fresh, id: '3a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', ...body }, token: TOKEN }
    }
    if (url === `/admin/nodes/${tokyo.id}/rotate-token`) return { node: tokyo, token: `${TOKEN}-2` }
    if (url === `/admin/nodes/${tokyo.id}/revoke`) return { ...tokyo, status: 'revoked', revokedAt: ago(0) }
    throw new Error(`unexpected ${method} ${url}`)
  })

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } })

describe('nodes page', () => {
  it('lists each node with its health: status, heartbeat age and time or never, lag, tunnels, version', async () => {
    fakeApi()
    await renderAdmin('/nodes', 'en-US')
    const cards = await screen.findAllByTestId('list-card')
    expect(cards).toHaveLength(2)
    const [up, down] = cards as [HTMLElement, HTMLElement]
    expect(within(up).getByText('tokyo-1')).toBeTruthy()
    expect(within(up).getByText('198.51.100.7')).toBeTruthy()
    expect(within(up).getByTestId('node-status').textContent).toBe('Up')
    expect(within(up).getByTestId('node-heartbeat').textContent).toMatch(
      /^\d+ seconds ago\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    )
    expect(within(up).getByText('12 sec')).toBeTruthy()
    expect(within(up).getByText('37')).toBeTruthy()
    expect(within(up).getByText('1.4.2')).toBeTruthy()
    expect(within(down).getByTestId('node-status').textContent).toBe('Down')
    expect(within(down).getByText('Never')).toBeTruthy()
  })

  it('invites a first node when there is none', async () => {
    fakeApi([])
    await renderAdmin('/nodes')
    expect(await screen.findByText('还没有节点')).toBeTruthy()
    expect(screen.getByTestId('node-add')).toBeTruthy()
  })

  it('adds a node and shows its token once, with a warning and a copy button', async () => {
    const request = fakeApi()
    await renderAdmin('/nodes', 'en-US')
    await screen.findAllByTestId('list-card')
    fireEvent.click(screen.getByTestId('node-add'))
    fill('node-name', 'bad name!')
    fill('node-host', 'seoul.example.net')
    fireEvent.click(modalButton('Add'))
    expect(await screen.findByText(/Up to 64 letters, digits/)).toBeTruthy()
    expect(requestsTo(request, 'POST', '/admin/nodes')).toHaveLength(0)

    fill('node-name', 'seoul-1')
    fireEvent.click(modalButton('Add'))
    const token = await screen.findByTestId('node-token')
    expect(requestsTo(request, 'POST', '/admin/nodes')[0]?.data).toEqual({
      name: 'seoul-1',
      host: 'seoul.example.net',
    })
    expect(token.textContent).toBe(TOKEN)
    expect(screen.getByText('This token is shown only now')).toBeTruthy()
    fireEvent.click(screen.getByTestId('node-token-copy'))
    await waitFor(() => expect(copyText).toHaveBeenCalledWith(TOKEN))
    expect(await screen.findByText('Copied')).toBeTruthy()

    fireEvent.click(screen.getByTestId('node-token-done'))
    await waitFor(() => expect(screen.queryByTestId('node-token')).toBeNull())
    expect(document.body.textContent).not.toContain(TOKEN)
  }, 60_000)

  it('rotates a token only after a confirmation, then shows the new one once', async () => {
    const request = fakeApi()
    const rotate = `/admin/nodes/${tokyo.id}/rotate-token`
    await renderAdmin('/nodes', 'en-US')
    const [up] = await screen.findAllByTestId('list-card')
    fireEvent.click(within(up as HTMLElement).getByTestId('node-rotate'))
    expect(await screen.findAllByText('Rotate the token of tokyo-1?')).not.toHaveLength(0)
    expect(requestsTo(request, 'POST', rotate)).toHaveLength(0)
    fireEvent.click(modalButton('Rotate token'))
    expect((await screen.findByTestId('node-token')).textContent).toBe(`${TOKEN}-2`)
    expect(requestsTo(request, 'POST', rotate)).toHaveLength(1)
    expect(screen.getByText(/The old token has stopped working/)).toBeTruthy()
  })

  it('revokes a node after a danger confirmation', async () => {
    const request = fakeApi()
    const revoke = `/admin/nodes/${tokyo.id}/revoke`
    await renderAdmin('/nodes', 'en-US')
    const [up] = await screen.findAllByTestId('list-card')
    fireEvent.click(within(up as HTMLElement).getByTestId('node-revoke'))
    expect(await screen.findAllByText('Revoke node tokyo-1?')).not.toHaveLength(0)
    const ok = modalButton('Revoke node')
    expect(ok.className).toContain('dangerous')
    expect(requestsTo(request, 'POST', revoke)).toHaveLength(0)
    fireEvent.click(ok)
    await waitFor(() => expect(requestsTo(request, 'POST', revoke)).toHaveLength(1))
  })

  it('shows the nodes as a table on a desk', async () => {
    vi.mocked(useIsNarrow).mockReturnValue(false)
    fakeApi()
    await renderAdmin('/nodes', 'en-US')
    const table = await screen.findByTestId('nodes-table')
    expect(await within(table).findByText('tokyo-1')).toBeTruthy()
    expect(within(table).getAllByTestId('node-row')).toHaveLength(2)
  })
})

describe('node times', () => {
  it('reads an age and a lag in the reader’s language', () => {
    const now = Date.parse('2026-11-25T12:00:00Z')
    expect(relativeTime('2026-11-25T11:59:30Z', now, 'en-US')).toBe('30 seconds ago')
    expect(relativeTime('2026-11-25T09:00:00Z', now, 'en-US')).toBe('3 hours ago')
    expect(relativeTime('2026-11-25T11:55:00Z', now, 'zh-CN')).toBe('5分钟前')
    expect(formatLag(850, 'en-US')).toBe('850 ms')
    expect(formatLag(90_000, 'en-US')).toBe('2 min')
  })
})

import type { AdminNode } from '@proxy/contract/admin/nodes'
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
// Loaded up front: the route imports it lazily, which would count against the first test's time.
import './nodes-page.tsx'
import { fakeOperator, mockAdminApi, renderAdmin } from '../../test/render-admin.tsx'

vi.mock('../../../shared/ui/use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => false) }))

const inTenMinutes = new Date(Date.now() + 600_000).toISOString()
const anHourAgo = new Date(Date.now() - 3_600_000).toISOString()

const node = (name: string, passwordGuessing: AdminNode['passwordGuessing']): AdminNode => ({
  id: crypto.randomUUID(),
  name,
  host: `${name}.example.net`,
  refusals: 0,
  status: 'up',
  createdAt: '2026-10-01T00:00:00.000Z',
  lastSeenAt: new Date().toISOString(),
  lastPushAt: null,
  pushLagMs: null,
  revokedAt: null,
  version: '1.5.0',
  uptimeSeconds: 600,
  openTunnels: 3,
  bytesPerSecond: 0,
  deadLetters: 0,
  pendingBatches: 0,
  passwordGuessing,
})

const attacked = node('tokyo-1', {
  failures: 12_345,
  blocks: 4,
  blockedSources: 1,
  offenders: [
    { source: '198.51.100.7', failures: 1_200, blockedUntil: inTenMinutes },
    { source: '2001:db8:1:2::/64', failures: 20, blockedUntil: anHourAgo },
  ],
})
const quiet = node('osaka-1', { failures: 0, blocks: 0, blockedSources: 0, offenders: [] })
const older = node('seoul-1', null)

const showNodes = (items: AdminNode[]) =>
  mockAdminApi(({ url }) => {
    if (url === '/admin/auth/me') return fakeOperator('operator')
    if (url === '/admin/nodes') return { items }
    throw new Error(`unexpected ${url}`)
  })

describe('password guessing on the nodes page', () => {
  it('shows each node’s totals and its worst sources with failures and how long they stay blocked', async () => {
    showNodes([attacked, quiet, older])
    await renderAdmin('/nodes', 'en-US')
    // The lazy page first (it takes seconds under jsdom on a busy machine), then the panel below its list.
    await screen.findByTestId('nodes-table')
    const panel = await screen.findByTestId('guessing')
    const [tokyo, osaka, seoul] = within(panel).getAllByTestId('guessing-node') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ]
    expect(within(tokyo).getByText('tokyo-1')).toBeTruthy()
    expect(within(tokyo).getByTestId('guessing-totals').textContent).toBe(
      'Since the gateway started: 12,345 wrong passwords, 4 blocks · Blocked now: 1',
    )
    const rows = within(tokyo).getAllByTestId('guessing-source')
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['198.51.100.7', '1,200', formatLocalDateTime(inTenMinutes)],
      ['2001:db8:1:2::/64', '20', 'Not blocked'],
    ])
    // A node nobody guessed on, and a node whose gateway reports nothing, each say so.
    expect(within(osaka).getByText('No source has sent a wrong password')).toBeTruthy()
    expect(within(osaka).queryAllByTestId('guessing-source')).toHaveLength(0)
    expect(within(seoul).getByText(/No figures yet/)).toBeTruthy()
  })

  it('speaks Chinese too', async () => {
    showNodes([attacked, quiet])
    await renderAdmin('/nodes', 'zh-CN')
    const panel = await screen.findByTestId('guessing')
    expect(within(panel).getByText('密码猜测')).toBeTruthy()
    expect(within(panel).getAllByText('封禁至')).toHaveLength(2) // a table per node
    expect(within(panel).getByText('未封禁')).toBeTruthy()
    expect(within(panel).getByText('没有来源发送过错误密码')).toBeTruthy()
  })

  it('is not shown without an active node', async () => {
    showNodes([])
    await renderAdmin('/nodes', 'en-US')
    expect(await screen.findByText('No nodes yet')).toBeTruthy()
    expect(screen.queryByTestId('guessing')).toBeNull()
  })
})

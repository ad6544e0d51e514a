import { fireEvent, render, screen } from '@testing-library/react'
import type { TableColumnsType } from 'antd'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useIsNarrow } from '../use-is-narrow.ts'
import { pagedList } from './paged-list.ts'
import { PagedTable } from './paged-table.tsx'

vi.mock('../use-is-narrow.ts', () => ({ useIsNarrow: vi.fn(() => false) }))

type Row = { id: string; name: string }
const columns: TableColumnsType<Row> = [{ title: 'Name', dataIndex: 'name' }]
const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: `r${index}`, name: `row ${index}` }))

const renderTable = (props: Partial<Parameters<typeof PagedTable<Row>>[0]> = {}) =>
  render(
    <PagedTable<Row>
      items={[]}
      columns={columns}
      rowKey="id"
      paging={{ page: 1, pageSize: 10, total: 0, onPage: () => {} }}
      empty="nothing yet"
      emptyFiltered="nothing matches"
      data-testid="table"
      {...props}
    />,
  )

afterEach(() => vi.mocked(useIsNarrow).mockReturnValue(false))

describe('PagedTable', () => {
  it('tells an empty list from a filter that matches nothing, and says neither while loading', () => {
    renderTable({ 'data-testid': 'empty' })
    renderTable({ isFiltered: true, 'data-testid': 'filtered' })
    renderTable({ isLoading: true, 'data-testid': 'loading' })
    expect(screen.getByTestId('empty').textContent).toContain('nothing yet')
    expect(screen.getByTestId('filtered').textContent).toContain('nothing matches')
    expect(screen.getByTestId('loading').textContent).not.toMatch(/nothing/)
  })

  it('hands a new page and size to the address', () => {
    const onPage = vi.fn()
    renderTable({
      items: rows(10),
      paging: { page: 1, pageSize: 10, total: 35, onPage },
      totalText: (total) => `${total} rows`,
    })
    expect(screen.getByText('35 rows')).toBeTruthy()
    fireEvent.click(screen.getByTitle('2'))
    expect(onPage).toHaveBeenCalledWith(2, 10)
  })

  it('pages rows in the browser by the first page size', () => {
    renderTable({ items: rows(30), paging: { pageSizes: [24, 48] } })
    expect(screen.getByTestId('table').querySelectorAll('tbody tr.ant-table-row')).toHaveLength(24)
  })

  it('shows cards on a phone when the list has a card form', () => {
    vi.mocked(useIsNarrow).mockReturnValue(true)
    renderTable({
      items: rows(2),
      renderCard: (row) => <span data-testid="card">{row.name}</span>,
      cardsTestId: 'cards',
    })
    expect(screen.queryByTestId('table')).toBeNull()
    expect(screen.getAllByTestId('card').map((card) => card.textContent)).toEqual(['row 0', 'row 1'])
    expect(screen.getByTestId('cards')).toBeTruthy()
  })
})

describe('pagedList', () => {
  it('reads the page from the address and writes a new one back', () => {
    const update = vi.fn()
    const list = pagedList({ page: 3, pageSize: 50, update }, undefined, {
      isLoading: true,
      isFiltered: false,
    })
    expect(list).toMatchObject({ items: [], paging: { page: 3, pageSize: 50, total: 0 } })
    list.paging.onPage(4, 20)
    expect(update).toHaveBeenCalledWith({ page: 4, pageSize: 20 })
  })
})

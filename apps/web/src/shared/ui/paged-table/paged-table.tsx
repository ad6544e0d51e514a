// Every list of the console: antd's Table with the project's pager (the page in the address, or paged in the
// browser), loading and empty states, and on a phone the rows as cards when the list has a card form.
import { Table, type TableColumnsType, type TableProps } from 'antd'
import { type HTMLAttributes, type ReactNode, useState } from 'react'
import { PAGE_SIZES } from '../../lib/list-params.ts'
import { useIsNarrow } from '../use-is-narrow.ts'
import { CardList } from './card-list.tsx'
import { type EmptyTexts, listEmpty } from './list-empty.tsx'
import type { ServerPaging } from './paged-list.ts'

/** Rows paged in the browser (the answer holds them all), `pageSizes[0]` to a page at first. */
export type LocalPaging = { pageSizes: readonly number[] }

type Props<T> = EmptyTexts & {
  items: T[]
  columns: TableColumnsType<T>
  rowKey: keyof T & string
  /** The page in the address, a page in the browser, or false for every row at once. */
  paging: ServerPaging | LocalPaging | false
  totalText?: (total: number) => string
  isLoading?: boolean
  isFiltered?: boolean
  /** Small rows and pager, and no page-size choice on a phone. */
  size?: 'small' | 'middle'
  /** Columns shrink to the width (ellipsis, responsive) instead of the table scrolling sideways. */
  fitsWidth?: boolean
  /** The row as a card: shown instead of the table below the md breakpoint. */
  renderCard?: (item: T) => ReactNode
  cardsTestId?: string
  rowTestId?: string
  rowSelection?: TableProps<T>['rowSelection']
  'data-testid': string
}

export const PagedTable = <T extends Record<string, unknown>>({
  items,
  columns,
  rowKey,
  paging,
  totalText,
  isLoading = false,
  isFiltered = false,
  size = 'middle',
  fitsWidth = false,
  renderCard,
  cardsTestId,
  rowTestId,
  rowSelection,
  empty,
  emptyFiltered,
  'data-testid': testId,
}: Props<T>) => {
  const isNarrow = useIsNarrow()
  const pageSizes = paging && 'pageSizes' in paging ? paging.pageSizes : PAGE_SIZES
  const [localSize, setLocalSize] = useState(pageSizes[0])
  const emptyNode = listEmpty({ empty, emptyFiltered }, isFiltered)
  const isServerPaged = paging && 'onPage' in paging

  if (isNarrow && renderCard)
    return (
      <CardList
        items={items}
        rowKey={(item) => String(item[rowKey])}
        renderItem={renderCard}
        isLoading={isLoading}
        empty={emptyNode}
        paging={isServerPaged ? paging : undefined}
        data-testid={cardsTestId ?? testId}
      />
    )

  const pager: TableProps<T>['pagination'] = paging && {
    ...(isServerPaged
      ? { current: paging.page, pageSize: paging.pageSize, total: paging.total, onChange: paging.onPage }
      : { pageSize: localSize, onShowSizeChange: (_: number, next: number) => setLocalSize(next) }),
    showSizeChanger: !(isNarrow && size === 'small'),
    pageSizeOptions: [...pageSizes],
    size: size === 'small' ? 'small' : undefined,
    showTotal: totalText,
  }

  return (
    <Table<T>
      size={size}
      rowKey={rowKey}
      columns={columns}
      dataSource={items}
      loading={isLoading}
      scroll={fitsWidth ? undefined : { x: 'max-content' }}
      rowSelection={rowSelection}
      onRow={rowTestId ? () => ({ 'data-testid': rowTestId }) as HTMLAttributes<HTMLElement> : undefined}
      pagination={pager}
      // While the first page loads the spinner sits on a blank area, not on "nothing yet".
      locale={{ emptyText: isLoading ? <div style={{ height: 120 }} /> : emptyNode }}
      data-testid={testId}
    />
  )
}

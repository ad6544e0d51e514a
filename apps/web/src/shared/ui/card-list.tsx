// Rows of a list as stacked cards with a compact pager: the small-screen form of a paged table.
import { Empty, Flex, Pagination, Spin, theme } from 'antd'
import type { ReactNode } from 'react'

type Props<T> = {
  items: T[]
  rowKey: (item: T) => string
  renderItem: (item: T) => ReactNode
  isLoading: boolean
  emptyText: string
  page: number
  pageSize: number
  total: number
  onPage: (page: number, pageSize: number) => void
  'data-testid'?: string
}

export const CardList = <T,>({ items, rowKey, renderItem, isLoading, emptyText, ...paging }: Props<T>) => {
  const { token } = theme.useToken()
  return (
    <Spin spinning={isLoading}>
      <Flex vertical gap={token.marginSM} data-testid={paging['data-testid']}>
        {items.length === 0 && !isLoading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
        ) : (
          items.map((item) => (
            <div
              key={rowKey(item)}
              style={{
                padding: token.paddingSM,
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadiusLG,
              }}
            >
              {renderItem(item)}
            </div>
          ))
        )}
        {paging.total > paging.pageSize && (
          <Pagination
            simple
            align="center"
            current={paging.page}
            pageSize={paging.pageSize}
            total={paging.total}
            onChange={paging.onPage}
          />
        )}
      </Flex>
    </Spin>
  )
}

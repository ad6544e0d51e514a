// Rows of a list as stacked cards with a compact pager: the phone form of a paged table.
import { Flex, Pagination, Spin, theme } from 'antd'
import type { ReactNode } from 'react'
import type { ServerPaging } from './paged-list.ts'

type Props<T> = {
  items: T[]
  rowKey: (item: T) => string
  renderItem: (item: T) => ReactNode
  isLoading: boolean
  /** Shown when there are no rows and none are loading. */
  empty: ReactNode
  paging?: ServerPaging | undefined
  'data-testid'?: string | undefined
}

export const CardList = <T,>({ items, rowKey, renderItem, isLoading, empty, paging, ...rest }: Props<T>) => {
  const { token } = theme.useToken()
  return (
    <Spin spinning={isLoading}>
      <Flex vertical gap={token.marginSM} data-testid={rest['data-testid']}>
        {items.length === 0 && !isLoading
          ? empty
          : items.map((item) => (
              <div
                key={rowKey(item)}
                data-testid="list-card"
                style={{
                  padding: token.paddingSM,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadiusLG,
                }}
              >
                {renderItem(item)}
              </div>
            ))}
        {paging && paging.total > paging.pageSize && (
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

// Static-IP orders: number, type, region, quantity, term, amount and time; a row opens its proxies.
import type { Order } from '@proxy/contract/orders/endpoints'
import type { Region } from '@proxy/contract/static-ip/catalog'
import { Button, Empty, Table, type TableProps, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { PAGE_SIZES } from '../../../shared/lib/list-params.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { RegionName } from '../../../shared/ui/region-name.tsx'
import { OrderKindTag } from './order-kind-tag.tsx'

type Props = {
  items: Order[]
  regions: Region[]
  total: number
  page: number
  pageSize: number
  isLoading: boolean
  isFiltered: boolean
  onPage: (page: number, pageSize: number) => void
  onOpen: (orderNo: string) => void
}

export const OrderTable = ({ items, regions, onOpen, ...list }: Props) => {
  const { t } = useTranslation(['orders', 'static-ip'])
  const { token } = theme.useToken()
  const nowrap = { whiteSpace: 'nowrap' } as const

  const columns: TableProps<Order>['columns'] = [
    {
      title: t('columns.orderNo'),
      dataIndex: 'orderNo',
      render: (orderNo: string) => (
        <Typography.Text copyable style={{ ...nowrap, fontFamily: token.fontFamilyCode }}>
          {orderNo}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.kind'),
      dataIndex: 'kind',
      render: (kind: Order['kind']) => <OrderKindTag kind={kind} />,
    },
    {
      title: t('columns.region'),
      dataIndex: 'regionId',
      render: (regionId: string | null) => {
        const region = regions.find((item) => item.id === regionId)
        return region ? (
          <RegionName region={region} />
        ) : (
          <Typography.Text type="secondary">{regionId ?? '—'}</Typography.Text>
        )
      },
    },
    { title: t('columns.quantity'), dataIndex: 'quantity', align: 'right' },
    {
      title: t('columns.duration'),
      dataIndex: 'durationDays',
      render: (days: number) => <span style={nowrap}>{t('static-ip:days', { count: days })}</span>,
    },
    {
      title: t('columns.amount'),
      dataIndex: 'total',
      align: 'right',
      render: (amount: number) => <Money amount={amount} strong />,
    },
    {
      title: t('columns.time'),
      dataIndex: 'createdAt',
      render: (value: string) => <span style={nowrap}>{formatLocalDateTime(value)}</span>,
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => onOpen(row.orderNo)} data-testid="open-order">
          {t('detail')}
        </Button>
      ),
    },
  ]

  return (
    <Table<Order>
      size="middle"
      rowKey="orderNo"
      columns={columns}
      dataSource={items}
      loading={list.isLoading}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: list.page,
        pageSize: list.pageSize,
        total: list.total,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (total) => t('total', { total }),
        onChange: list.onPage,
      }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(list.isFiltered ? 'emptyFiltered' : 'empty')}
          />
        ),
      }}
      data-testid="order-table"
    />
  )
}

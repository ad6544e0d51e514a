// Top-up orders as a table: number, amount, channel, status, times, and 继续支付 where it still applies.
import type { TopUpOrder } from '@proxy/contract/wallet/topups'
import { Empty, Table, type TableProps, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { PAGE_SIZES } from '../../../shared/lib/list-params.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { ChannelName } from './channels.tsx'
import { ContinueButton, type TopUpListProps } from './top-up-list.tsx'
import { TopUpStatusTag } from './top-up-status-tag.tsx'

// Minutes are enough to tell orders apart here, and the table stays within a laptop screen.
const SHORT = { withSeconds: false }

export const TopUpOrderTable = ({
  items,
  isLoading,
  isFiltered,
  now,
  continueOf,
  ...paging
}: TopUpListProps) => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const nowrap = { whiteSpace: 'nowrap' } as const

  const columns: TableProps<TopUpOrder>['columns'] = [
    {
      title: t('order.orderNo'),
      dataIndex: 'orderNo',
      render: (orderNo: string) => (
        <Typography.Text copyable style={{ ...nowrap, fontFamily: token.fontFamilyCode }}>
          {orderNo}
        </Typography.Text>
      ),
    },
    {
      title: t('order.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number) => <Money amount={amount} />,
    },
    {
      title: t('order.channel'),
      dataIndex: 'channel',
      render: (channel: TopUpOrder['channel']) => <ChannelName channel={channel} />,
    },
    {
      title: t('order.status'),
      key: 'status',
      render: (_, order) => <TopUpStatusTag order={order} now={now} />,
    },
    {
      title: t('order.createdAt'),
      dataIndex: 'createdAt',
      render: (value: string) => <span style={nowrap}>{formatLocalDateTime(value, SHORT)}</span>,
    },
    {
      title: t('order.paidAt'),
      dataIndex: 'paidAt',
      render: (value: string | null) => (
        <span style={nowrap}>{value ? formatLocalDateTime(value, SHORT) : '—'}</span>
      ),
    },
    {
      title: t('order.actions'),
      key: 'actions',
      // Stays in view when a narrow window scrolls the table sideways.
      fixed: 'right',
      render: (_, order) => {
        const onContinue = continueOf(order)
        return onContinue ? <ContinueButton order={order} onClick={onContinue} /> : null
      },
    },
  ]

  return (
    <Table<TopUpOrder>
      size="middle"
      rowKey="orderNo"
      columns={columns}
      dataSource={items}
      loading={isLoading}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: paging.page,
        pageSize: paging.pageSize,
        total: paging.total,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (total) => t('orders.total', { total }),
        onChange: paging.onPage,
      }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(isFiltered ? 'orders.emptyFiltered' : 'orders.empty')}
          />
        ),
      }}
      data-testid="topup-table"
    />
  )
}

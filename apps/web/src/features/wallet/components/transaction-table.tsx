// Wallet entries, newest first: time, type, description, signed amount, balance after and the order.
import type { WalletTransaction } from '@proxy/contract/wallet/transactions'
import { Empty, Table, type TableProps, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { PAGE_SIZES } from '../../../shared/lib/list-params.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { describeEntry, TransactionTypeTag } from './transaction-type-tag.tsx'

export type TransactionListProps = {
  items: WalletTransaction[]
  total: number
  page: number
  pageSize: number
  isLoading: boolean
  isFiltered: boolean
  onPage: (page: number, pageSize: number) => void
}

export const TransactionTable = ({
  items,
  total,
  page,
  pageSize,
  isLoading,
  isFiltered,
  onPage,
}: TransactionListProps) => {
  const { t } = useTranslation('billing')
  const { token } = theme.useToken()
  const nowrap = { whiteSpace: 'nowrap' } as const

  const columns: TableProps<WalletTransaction>['columns'] = [
    {
      title: t('columns.time'),
      dataIndex: 'createdAt',
      render: (value: string) => <span style={nowrap}>{formatLocalDateTime(value)}</span>,
    },
    {
      title: t('columns.type'),
      dataIndex: 'type',
      render: (type: WalletTransaction['type']) => <TransactionTypeTag type={type} />,
    },
    {
      title: t('columns.description'),
      dataIndex: 'description',
      render: (_, entry) => describeEntry(entry, t),
    },
    {
      title: t('columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number) => <Money amount={amount} signed strong />,
    },
    {
      title: t('columns.balanceAfter'),
      dataIndex: 'balanceAfter',
      align: 'right',
      render: (amount: number) => <Money amount={amount} />,
    },
    {
      title: t('columns.orderNo'),
      dataIndex: 'orderNo',
      render: (orderNo: string | null) =>
        orderNo ? (
          <Typography.Text copyable style={{ ...nowrap, fontFamily: token.fontFamilyCode }}>
            {orderNo}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ]

  return (
    <Table<WalletTransaction>
      size="middle"
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={isLoading}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (total) => t('total', { total }),
        onChange: onPage,
      }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(isFiltered ? 'emptyFiltered' : 'empty')}
          />
        ),
      }}
      data-testid="transaction-table"
    />
  )
}

// Top-up orders as a table: number, amount, channel, status, times, and 继续支付 where it still applies;
// cards on a phone.
import type { TopUpOrder } from '@proxy/contract/wallet/topups'
import type { TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { copyableColumn, dateTimeColumn, moneyColumn } from '../../../shared/ui/paged-table/columns.tsx'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { ChannelName } from './channels.tsx'
import { ContinueButton, type TopUpListProps } from './top-up-list.tsx'
import { TopUpOrderCard } from './top-up-order-cards.tsx'
import { TopUpStatusTag } from './top-up-status-tag.tsx'

// Minutes are enough to tell orders apart here, and the table stays within a laptop screen.
const SHORT = { withSeconds: false }

export const TopUpOrderTable = ({ list, now, continueOf }: TopUpListProps) => {
  const { t } = useTranslation('wallet')

  const columns: TableColumnsType<TopUpOrder> = [
    copyableColumn(t('order.orderNo'), 'orderNo'),
    moneyColumn(t('order.amount'), 'amount'),
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
    dateTimeColumn(t('order.createdAt'), 'createdAt', SHORT),
    dateTimeColumn(t('order.paidAt'), 'paidAt', SHORT),
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
    <PagedTable<TopUpOrder>
      {...list}
      columns={columns}
      rowKey="orderNo"
      renderCard={(order) => <TopUpOrderCard order={order} now={now} onContinue={continueOf(order)} />}
      cardsTestId="topup-cards"
      totalText={(total) => t('orders.total', { total })}
      empty={t('orders.empty')}
      emptyFiltered={t('orders.emptyFiltered')}
      data-testid="topup-table"
    />
  )
}

// Wallet entries, newest first: time, type, description, signed amount, balance after and the order;
// cards on a phone.
import type { WalletTransaction } from '@proxy/contract/wallet/transactions'
import type { TableColumnsType } from 'antd'
import { useTranslation } from 'react-i18next'
import { copyableColumn, dateTimeColumn, moneyColumn } from '../../../shared/ui/paged-table/columns.tsx'
import type { PagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { TransactionCard } from './transaction-cards.tsx'
import { describeEntry, TransactionTypeTag } from './transaction-type-tag.tsx'

export const TransactionTable = ({ list }: { list: PagedList<WalletTransaction> }) => {
  const { t, i18n } = useTranslation('wallet', { keyPrefix: 'transactions' })

  const columns: TableColumnsType<WalletTransaction> = [
    dateTimeColumn(t('columns.time'), 'createdAt'),
    {
      title: t('columns.type'),
      dataIndex: 'type',
      render: (type: WalletTransaction['type']) => <TransactionTypeTag type={type} />,
    },
    {
      title: t('columns.description'),
      dataIndex: 'description',
      render: (_, entry) => describeEntry(entry, t, i18n.language),
    },
    moneyColumn(t('columns.amount'), 'amount', { isSigned: true, isStrong: true }),
    moneyColumn(t('columns.balanceAfter'), 'balanceAfter'),
    copyableColumn(t('columns.orderNo'), 'orderNo'),
  ]

  return (
    <PagedTable<WalletTransaction>
      {...list}
      columns={columns}
      rowKey="id"
      renderCard={(entry) => <TransactionCard entry={entry} />}
      cardsTestId="transaction-cards"
      totalText={(total) => t('total', { total })}
      empty={t('empty')}
      emptyFiltered={t('emptyFiltered')}
      data-testid="transaction-table"
    />
  )
}

// Wallet entries as cards on small screens: type and amount first, then time, balance after and the order.
import type { WalletTransaction } from '@proxy/contract/wallet/transactions'
import { Flex, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { CardList } from '../../../shared/ui/card-list.tsx'
import { Money } from '../../../shared/ui/money.tsx'
import type { TransactionListProps } from './transaction-table.tsx'
import { describeEntry, TransactionTypeTag } from './transaction-type-tag.tsx'

export const TransactionCards = ({ items, isLoading, isFiltered, ...paging }: TransactionListProps) => {
  const { t } = useTranslation('billing')
  const { token } = theme.useToken()
  const small = { fontSize: token.fontSizeSM }
  return (
    <CardList
      items={items}
      rowKey={(entry) => entry.id}
      isLoading={isLoading}
      emptyText={t(isFiltered ? 'emptyFiltered' : 'empty')}
      {...paging}
      data-testid="transaction-cards"
      renderItem={(entry: WalletTransaction) => (
        <Flex vertical gap={token.marginXXS}>
          <Flex justify="space-between" align="center" gap={token.marginXS}>
            <Flex align="center" gap={token.marginXS} style={{ minWidth: 0 }}>
              <TransactionTypeTag type={entry.type} />
              <Typography.Text ellipsis>{describeEntry(entry, t)}</Typography.Text>
            </Flex>
            <Money amount={entry.amount} signed strong />
          </Flex>
          <Flex justify="space-between" gap={token.marginXS} wrap>
            <Typography.Text type="secondary" style={small}>
              {formatLocalDateTime(entry.createdAt)}
            </Typography.Text>
            <Typography.Text type="secondary" style={small}>
              {t('columns.balanceAfter')} <Money amount={entry.balanceAfter} />
            </Typography.Text>
          </Flex>
          {entry.orderNo && (
            <Typography.Text type="secondary" style={small}>
              {t('columns.orderNo')}{' '}
              <Typography.Text copyable style={{ ...small, fontFamily: token.fontFamilyCode }}>
                {entry.orderNo}
              </Typography.Text>
            </Typography.Text>
          )}
        </Flex>
      )}
    />
  )
}

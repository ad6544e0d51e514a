// One wallet entry as a card on a phone: type and amount first, then time, balance after and the order.
import type { WalletTransaction } from '@proxy/contract/wallet/transactions'
import { Flex, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { CopyableCell } from '../../../shared/ui/paged-table/columns.tsx'
import { describeEntry, TransactionTypeTag } from './transaction-type-tag.tsx'

export const TransactionCard = ({ entry }: { entry: WalletTransaction }) => {
  const { t, i18n } = useTranslation('wallet', { keyPrefix: 'transactions' })
  const { token } = theme.useToken()
  const small = { fontSize: token.fontSizeSM }
  return (
    <Flex vertical gap={token.marginXXS}>
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Flex align="center" gap={token.marginXS} style={{ minWidth: 0 }}>
          <TransactionTypeTag type={entry.type} />
          <Typography.Text ellipsis>{describeEntry(entry, t, i18n.language)}</Typography.Text>
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
          {t('columns.orderNo')} <CopyableCell value={entry.orderNo} isSmall />
        </Typography.Text>
      )}
    </Flex>
  )
}

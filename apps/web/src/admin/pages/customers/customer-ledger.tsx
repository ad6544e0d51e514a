// The customer's wallet entries in the drawer, newest first and paged: what each was (in the reader's
// language when the entry has a key), its type, the amount signed and coloured, the balance after it and
// its order.
import type { CustomerDetail, CustomerTransaction } from '@proxy/contract/admin/customers'
import { describeEntry } from '@proxy/contract/wallet/descriptions'
import { formatBalance } from '@proxy/contract/wire'
import { Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd'
import { useState } from 'react'
import type { Language } from '../../../shared/i18n/language.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { useCustomerTransactions } from '../../api/customers.ts'
import { useAdminT } from '../../app/i18n.ts'
import { DRAWER_PAGE_SIZE, DrawerPages } from './drawer-pages.tsx'

const TYPE_COLORS = {
  topup: 'green',
  purchase: 'blue',
  renewal: 'geekblue',
  refund: 'orange',
  adjustment: 'purple',
} as const

/** The entry in the reader's language from its key; entries from before keys keep their stored text. */
const textOf = (entry: CustomerTransaction, language: Language) =>
  entry.about ? describeEntry(entry.about, language) : entry.description

export const CustomerLedger = ({ customer }: { customer: CustomerDetail }) => {
  const { t, language } = useAdminT()
  const [page, setPage] = useState(1)
  const entries = useCustomerTransactions(customer.id, page, DRAWER_PAGE_SIZE)
  const items = entries.data?.items ?? []
  const total = entries.data?.total ?? 0

  if (entries.isLoading) return <Skeleton active />
  if (items.length === 0) return <Empty description={t('customers.ledger.empty')} />
  return (
    <Flex vertical gap={8} data-testid="customer-ledger">
      {items.map((entry) => (
        <Card key={entry.id} size="small" data-testid={`ledger-${entry.id}`}>
          <Flex justify="space-between" align="start" gap={8}>
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Typography.Text style={{ wordBreak: 'break-word' }}>{textOf(entry, language)}</Typography.Text>
              <Flex gap={8} wrap align="center">
                <Tag color={TYPE_COLORS[entry.type]}>{t(`customers.ledger.types.${entry.type}`)}</Tag>
                <Typography.Text type="secondary">{formatLocalDateTime(entry.createdAt)}</Typography.Text>
              </Flex>
              {entry.orderNo && (
                <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                  {t('customers.ledger.order', { orderNo: entry.orderNo })}
                </Typography.Text>
              )}
            </Flex>
            <Flex vertical align="end" gap={2} style={{ flexShrink: 0 }}>
              <Money amount={entry.amount} signed strong data-testid={`ledger-amount-${entry.id}`} />
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {t('customers.ledger.balanceAfter', { balance: formatBalance(entry.balanceAfter) })}
              </Typography.Text>
            </Flex>
          </Flex>
        </Card>
      ))}
      <DrawerPages page={page} total={total} onChange={setPage} data-testid="customer-ledger-pages" />
    </Flex>
  )
}

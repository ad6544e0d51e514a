// Paid top-ups, orders and refunds with their receipt or credit note: time, type, what was paid, the
// amount, the order and the document with its actions; cards on a phone.
import type { ReceiptListItem } from '@proxy/contract/receipts/endpoints'
import { describeEntry } from '@proxy/contract/wallet/descriptions'
import { Flex, type TableColumnsType, Tag, Typography, theme } from 'antd'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import {
  CopyableCell,
  dateTimeColumn,
  moneyColumn,
  NoValue,
} from '../../../shared/ui/paged-table/columns.tsx'
import type { PagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { ReceiptActions } from './receipt-actions.tsx'

const COLOURS = { topup: 'green', purchase: 'blue', renewal: 'geekblue', refund: 'orange' } as const

const KindTag = ({ kind }: { kind: ReceiptListItem['kind'] }) => {
  const { t } = useTranslation('receipts')
  return (
    <Tag color={COLOURS[kind]} style={{ marginInlineEnd: 0 }}>
      {t(`kinds.${kind}`)}
    </Tag>
  )
}

/** The payment in the reader's language (entries from before keys keep their stored text). */
const describe = (item: ReceiptListItem, language: string) =>
  item.about ? describeEntry(item.about, language === 'en-US' ? 'en-US' : 'zh-CN') : item.description

/** The top-up or order number (a refund's reference names its order second: `refund:<order>:…`). */
const orderOf = (item: ReceiptListItem) =>
  item.kind === 'refund' ? (item.reference?.split(':')[1] ?? null) : item.reference

const DocumentCell = ({ item, t }: { item: ReceiptListItem; t: TFunction<'receipts'> }) =>
  item.document ? (
    <Flex vertical gap={4} align="flex-start">
      <Typography.Text style={{ whiteSpace: 'nowrap' }} data-testid="receipt-number-cell">
        {item.document.number}
      </Typography.Text>
      <ReceiptActions id={item.document.id} />
    </Flex>
  ) : (
    <Typography.Text type="secondary">{t('notIssued')}</Typography.Text>
  )

const ReceiptCard = ({ item }: { item: ReceiptListItem }) => {
  const { t, i18n } = useTranslation('receipts')
  const { token } = theme.useToken()
  const order = orderOf(item)
  return (
    <Flex vertical gap={token.marginXXS}>
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Flex align="center" gap={token.marginXS} style={{ minWidth: 0 }}>
          <KindTag kind={item.kind} />
          <Typography.Text ellipsis>{describe(item, i18n.language)}</Typography.Text>
        </Flex>
        <Money amount={item.amount} strong />
      </Flex>
      <CardLine label={t('columns.paidAt')}>{formatLocalDateTime(item.paidAt)}</CardLine>
      {order && (
        <CardLine label={t('columns.reference')}>
          <CopyableCell value={order} isSmall />
        </CardLine>
      )}
      <CardLine label={t('columns.document')}>
        <DocumentCell item={item} t={t} />
      </CardLine>
    </Flex>
  )
}

export const ReceiptTable = ({ list }: { list: PagedList<ReceiptListItem> }) => {
  const { t, i18n } = useTranslation('receipts')
  const columns: TableColumnsType<ReceiptListItem> = [
    dateTimeColumn(t('columns.paidAt'), 'paidAt'),
    {
      title: t('columns.kind'),
      dataIndex: 'kind',
      render: (kind: ReceiptListItem['kind']) => <KindTag kind={kind} />,
    },
    {
      title: t('columns.description'),
      key: 'description',
      render: (_, item) => describe(item, i18n.language),
    },
    moneyColumn(t('columns.amount'), 'amount', { isStrong: true }),
    {
      title: t('columns.reference'),
      key: 'reference',
      render: (_, item) => {
        const order = orderOf(item)
        return order ? <CopyableCell value={order} /> : <NoValue />
      },
    },
    {
      title: t('columns.document'),
      key: 'document',
      render: (_, item) => <DocumentCell item={item} t={t} />,
    },
  ]
  return (
    <PagedTable<ReceiptListItem>
      {...list}
      columns={columns}
      rowKey="transactionId"
      renderCard={(item) => <ReceiptCard item={item} />}
      cardsTestId="receipt-cards"
      rowTestId="receipt-row"
      totalText={(total) => t('total', { total })}
      empty={t('empty')}
      emptyFiltered={t('empty')}
      data-testid="receipts-table"
    />
  )
}

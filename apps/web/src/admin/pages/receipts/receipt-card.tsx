// One issued receipt or credit note as a card on a phone (the list's row), and the tag of its type.
import type { AdminReceipt } from '@proxy/contract/admin/receipts'
import { Flex, Tag, Typography, theme } from 'antd'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { useAdminT } from '../../app/i18n.ts'

type Row = AdminReceipt

export const TypeTag = ({ type }: { type: Row['type'] }) => {
  const { t } = useAdminT()
  return (
    <Tag color={type === 'receipt' ? 'blue' : 'orange'} style={{ marginInlineEnd: 0 }}>
      {t(`receipts.types.${type}`)}
    </Tag>
  )
}

export const ReceiptCard = ({ row, onOpen }: { row: Row; onOpen: (id: string) => void }) => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXXS} onClick={() => onOpen(row.id)} style={{ cursor: 'pointer' }}>
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
          {row.number}
        </Typography.Text>
        <TypeTag type={row.type} />
      </Flex>
      <Typography.Text type="secondary" ellipsis>
        {row.customerEmail}
      </Typography.Text>
      <CardLine label={t('receipts.total')}>
        <Money amount={row.total} strong />
      </CardLine>
      <CardLine label={t('receipts.reference')}>{row.reference}</CardLine>
      <CardLine label={t('receipts.issuedAt')}>
        {formatLocalDateTime(row.issuedAt, { withSeconds: false })}
      </CardLine>
    </Flex>
  )
}

// One static-IP order as a card, the phone form of an order row: kind and amount, number, region,
// quantity and term, time, and the way to its proxies.
import type { Order } from '@proxy/contract/orders/endpoints'
import { Button, Flex, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { CopyableCell } from '../../../shared/ui/paged-table/columns.tsx'
import { OrderKindTag } from './order-kind-tag.tsx'

type Props = { order: Order; region: ReactNode; onOpen: () => void }

export const OrderCard = ({ order, region, onOpen }: Props) => {
  const { t } = useTranslation(['orders', 'static-ip'])
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXS} data-testid="order-card">
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <OrderKindTag kind={order.kind} />
        <Money amount={order.total} strong />
      </Flex>
      <CardLine label={t('columns.orderNo')}>
        <CopyableCell value={order.orderNo} isSmall />
      </CardLine>
      <CardLine label={t('columns.region')}>{region}</CardLine>
      <CardLine label={t('columns.quantity')}>
        {order.quantity} × {t('static-ip:days', { count: order.durationDays })}
      </CardLine>
      <CardLine label={t('columns.time')}>
        {formatLocalDateTime(order.createdAt, { withSeconds: false })}
      </CardLine>
      <Button block onClick={onOpen} data-testid="open-order">
        {t('detail')}
      </Button>
    </Flex>
  )
}

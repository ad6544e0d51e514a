// 新购 / 续费 (and traffic orders, which the same list returns) as a coloured tag.

import type { Order } from '@proxy/contract/orders/endpoints'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

const COLORS: Record<Order['kind'], string> = { new: 'blue', renewal: 'green', traffic: 'purple' }

export const OrderKindTag = ({ kind }: { kind: Order['kind'] }) => {
  const { t } = useTranslation('orders')
  return (
    <Tag color={COLORS[kind]} data-testid="order-kind">
      {t(`kinds.${kind}`)}
    </Tag>
  )
}

// The five latest orders of every kind, each with its kind, size, amount and time.
import { ProfileOutlined } from '@ant-design/icons'
import type { Order } from '@proxy/contract/orders/endpoints'
import { Card, Empty, Flex, Skeleton, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useOrders } from '../../../features/orders/api/list-orders.ts'
import { OrderKindTag } from '../../../features/orders/components/order-kind-tag.tsx'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { Text } from '../../../shared/ui/text.tsx'

const RECENT_ORDERS = 5

export const RecentOrders = () => {
  const { t } = useTranslation('overview')
  const { token } = theme.useToken()
  const { data, isPending, isError } = useOrders({ page: 1, pageSize: RECENT_ORDERS })
  const summary = (order: Order) =>
    order.kind === 'traffic'
      ? t('orders.trafficSummary', { quantity: order.quantity })
      : t('orders.ipSummary', { quantity: order.quantity, days: order.durationDays })

  const body = () => {
    if (isPending && !isError) return <Skeleton active paragraph={{ rows: 4 }} />
    const items = data?.items ?? []
    if (items.length === 0)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.empty')} />
    return (
      <Flex vertical data-testid="overview-orders">
        {items.map((order, index) => (
          <Flex
            key={order.orderNo}
            justify="space-between"
            align="center"
            gap={token.marginSM}
            style={{
              padding: `${token.paddingXS}px 0`,
              borderTop: index === 0 ? undefined : `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <Flex align="center" gap={token.marginXS} wrap>
                <OrderKindTag kind={order.kind} />
                <Text style={{ fontFamily: token.fontFamilyCode, fontSize: token.fontSizeSM }}>
                  {order.orderNo}
                </Text>
              </Flex>
              <Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {summary(order)} · {formatLocalDateTime(order.createdAt, { withSeconds: false })}
              </Text>
            </Flex>
            <Money amount={order.total} strong />
          </Flex>
        ))}
      </Flex>
    )
  }

  return (
    <Card
      variant="borderless"
      title={
        <span>
          <ProfileOutlined /> {t('orders.title')}
        </span>
      }
      extra={<Link to="/console/ipOrderList">{t('orders.more')}</Link>}
      style={{ height: '100%' }}
    >
      {body()}
    </Card>
  )
}

// One order in a drawer: what was bought, by whom, at what price, and — for an operator who may refund —
// the refund of the static IP or traffic package it bought.
import type { AdminOrder } from '@proxy/contract/admin/orders'
import { Button, Descriptions, Drawer, Flex, Tag, Typography } from 'antd'
import { useState } from 'react'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { type AdminT, useAdminT } from '../../app/i18n.ts'
import { useCan } from '../../app/operator-context.ts'
import { RefundModal, refundTargetOf } from './refund-modal.tsx'

/** What an order bought, in one line: `2 static IPs · us-east · socks5 · 30 days` or `Traffic package`. */
export const itemsOf = (t: AdminT, order: AdminOrder): string =>
  order.kind === 'traffic'
    ? t('orders.items.traffic', { count: order.quantity })
    : [
        t('orders.items.staticIp', { count: order.quantity }),
        order.regionId,
        order.protocol,
        t('orders.items.days', { count: order.durationDays }),
      ]
        .filter(Boolean)
        .join(' · ')

export const OrderKindTag = ({ kind }: { kind: AdminOrder['kind'] }) => {
  const { t } = useAdminT()
  const color = kind === 'new' ? 'blue' : kind === 'renewal' ? 'cyan' : 'purple'
  return <Tag color={color}>{t(`orders.kinds.${kind}`)}</Tag>
}

export const OrderDrawer = ({ order, onClose }: { order: AdminOrder | null; onClose: () => void }) => {
  const { t } = useAdminT()
  const can = useCan()
  const isNarrow = useIsNarrow()
  const [isRefunding, setIsRefunding] = useState(false)
  const isIp = order !== null && refundTargetOf(order) === 'static-ip'

  const actions = order && can('refunds.create') && (
    <Button danger onClick={() => setIsRefunding(true)} data-testid="order-refund">
      {t(isIp ? 'orders.refund.actionIp' : 'orders.refund.actionTraffic')}
    </Button>
  )

  return (
    <Drawer
      open={order !== null}
      onClose={onClose}
      title={t('orders.detail.title')}
      size={isNarrow ? '100%' : 560}
      extra={isNarrow ? undefined : actions}
      footer={isNarrow && actions ? actions : undefined}
      data-testid="order-drawer"
    >
      {order && (
        <Flex vertical gap={16}>
          <Descriptions column={1} bordered size="small" data-testid="order-detail">
            <Descriptions.Item label={t('orders.orderNo')}>
              <Typography.Text copyable code>
                {order.orderNo}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.kind')}>
              <OrderKindTag kind={order.kind} />
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.status')}>
              {t(`orders.statuses.${order.status}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.customer')}>
              <Flex vertical>
                <span>{order.customerEmail || '—'}</span>
                <Typography.Text type="secondary" copyable style={{ fontSize: 12, wordBreak: 'break-all' }}>
                  {order.customerId}
                </Typography.Text>
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.createdAt')}>
              {formatLocalDateTime(order.createdAt)}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('orders.detail.items')}
          </Typography.Title>
          <Descriptions column={1} bordered size="small" data-testid="order-items">
            <Descriptions.Item label={t('orders.detail.bought')}>{itemsOf(t, order)}</Descriptions.Item>
            {order.regionId && (
              <Descriptions.Item label={t('orders.detail.region')}>{order.regionId}</Descriptions.Item>
            )}
            {order.protocol && (
              <Descriptions.Item label={t('orders.detail.protocol')}>{order.protocol}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('orders.detail.quantity')}>{order.quantity}</Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.duration')}>
              {t('orders.items.days', { count: order.durationDays })}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.unitPrice')}>
              <Money amount={order.unitPrice} />
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.detail.discount')}>
              <Money amount={order.discount} />
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.total')}>
              <Money amount={order.total} strong />
            </Descriptions.Item>
          </Descriptions>
          {can('refunds.create') && (
            <Typography.Text type="secondary">
              {t(isIp ? 'orders.refund.howIp' : 'orders.refund.howTraffic')}
            </Typography.Text>
          )}
          {isRefunding && <RefundModal order={order} onClose={() => setIsRefunding(false)} />}
        </Flex>
      )}
    </Drawer>
  )
}

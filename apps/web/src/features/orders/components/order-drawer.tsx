// One order: what was paid, the proxies it bought or renewed, and their address replacements.
import { Descriptions, Drawer, Flex, Skeleton, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { formatDiscount, savingFromTotal } from '../../../shared/ui/buy-flow/discount.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { ProxyCredentials } from '../../../shared/ui/proxy-credentials.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useOrder } from '../api/get-order.ts'
import { OrderKindTag } from './order-kind-tag.tsx'
import { OrderReplacements } from './order-replacements.tsx'

export const OrderDrawer = ({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) => {
  const { t } = useTranslation(['orders', 'static-ip'])
  const { token } = theme.useToken()
  const isNarrow = useIsNarrow()
  const { data, isPending } = useOrder(orderNo)
  const discount = data
    ? formatDiscount(data.order.discount, savingFromTotal(data.order.total, data.order.discount))
    : null
  return (
    <Drawer
      open={orderNo !== null}
      onClose={onClose}
      title={t('drawerTitle', { orderNo: orderNo ?? '' })}
      size={isNarrow ? '100%' : 760}
      destroyOnHidden
    >
      {isPending || !data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={token.marginLG} data-testid="order-drawer">
          <Descriptions
            size="small"
            column={isNarrow ? 1 : 2}
            items={[
              { key: 'kind', label: t('columns.kind'), children: <OrderKindTag kind={data.order.kind} /> },
              { key: 'time', label: t('columns.time'), children: formatLocalDateTime(data.order.createdAt) },
              { key: 'quantity', label: t('columns.quantity'), children: data.order.quantity },
              {
                key: 'duration',
                label: t('columns.duration'),
                children: t('static-ip:days', { count: data.order.durationDays }),
              },
              { key: 'unit', label: t('unitPrice'), children: <Money amount={data.order.unitPrice} /> },
              // An order without a discount has no discount line rather than a misleading "$0.00".
              ...(discount === null
                ? []
                : [
                    {
                      key: 'discount',
                      label: t('discount'),
                      children: <span data-testid="order-discount">{discount}</span>,
                    },
                  ]),
              {
                key: 'total',
                label: t('columns.amount'),
                children: <Money amount={data.order.total} strong />,
              },
            ]}
          />
          <div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t('proxies')}
            </Typography.Title>
            <ProxyCredentials instances={data.instances} />
          </div>
          {data.replacements.length > 0 && (
            <OrderReplacements replacements={data.replacements} instances={data.instances} />
          )}
        </Flex>
      )}
    </Drawer>
  )
}

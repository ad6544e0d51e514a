// Static-IP orders: number, type, region, quantity, term, amount and time; a row opens its proxies.
import type { Order } from '@proxy/contract/orders/endpoints'
import type { Region } from '@proxy/contract/static-ip/catalog'
import { type TableColumnsType, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import {
  copyableColumn,
  dateTimeColumn,
  moneyColumn,
  NOWRAP,
  openColumn,
} from '../../../shared/ui/paged-table/columns.tsx'
import type { PagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { RegionName } from '../../../shared/ui/region-name.tsx'
import { OrderCard } from './order-card.tsx'
import { OrderKindTag } from './order-kind-tag.tsx'

type Props = {
  list: PagedList<Order>
  regions: Region[]
  onOpen: (orderNo: string) => void
}

export const OrderTable = ({ list, regions, onOpen }: Props) => {
  const { t } = useTranslation(['orders', 'static-ip'])

  const regionOf = (regionId: string | null) => {
    const region = regions.find((item) => item.id === regionId)
    return region ? (
      <RegionName region={region} />
    ) : (
      <Typography.Text type="secondary">{regionId ?? '—'}</Typography.Text>
    )
  }

  const columns: TableColumnsType<Order> = [
    copyableColumn(t('columns.orderNo'), 'orderNo'),
    {
      title: t('columns.kind'),
      dataIndex: 'kind',
      render: (kind: Order['kind']) => <OrderKindTag kind={kind} />,
    },
    {
      title: t('columns.region'),
      dataIndex: 'regionId',
      render: regionOf,
    },
    { title: t('columns.quantity'), dataIndex: 'quantity', align: 'right' },
    {
      title: t('columns.duration'),
      dataIndex: 'durationDays',
      render: (days: number) => <span style={NOWRAP}>{t('static-ip:days', { count: days })}</span>,
    },
    moneyColumn(t('columns.amount'), 'total', { isStrong: true }),
    dateTimeColumn(t('columns.time'), 'createdAt'),
    openColumn(t('columns.actions'), {
      label: t('detail'),
      onOpen: (row) => onOpen(row.orderNo),
      testId: 'open-order',
    }),
  ]

  return (
    <PagedTable<Order>
      {...list}
      columns={columns}
      rowKey="orderNo"
      totalText={(total) => t('total', { total })}
      empty={t('empty')}
      emptyFiltered={t('emptyFiltered')}
      renderCard={(order) => (
        <OrderCard order={order} region={regionOf(order.regionId)} onOpen={() => onOpen(order.orderNo)} />
      )}
      data-testid="order-table"
    />
  )
}

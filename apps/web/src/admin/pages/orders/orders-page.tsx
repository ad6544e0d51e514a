// /admin/orders: every customer's orders, newest first; by order number or customer (email or id), kind and days, all
// kept in the address with the page; a row opens the order in a drawer (?order=<number>) where an
// operator who may refund gives back the static IP or traffic package it bought. Finance (`exports.read`)
// downloads the filtered rows as a CSV file.
import { type AdminOrder, AdminOrderQuery, exportAdminOrders } from '@proxy/contract/admin/orders'
import { OrderKind } from '@proxy/contract/orders/endpoints'
import { DatePicker, Flex, Select, Typography, theme } from 'antd'
import dayjs from 'dayjs'
import { dayRangeToInstants } from '../../../shared/lib/date-range.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { pickOption, useListParams } from '../../../shared/lib/list-params.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import {
  copyableColumn,
  dateTimeColumn,
  moneyColumn,
  openColumn,
} from '../../../shared/ui/paged-table/columns.tsx'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { useAdminOrders } from '../../api/orders.ts'
import { useAdminT } from '../../app/i18n.ts'
import { ListPage, SearchFilter } from '../list-page.tsx'
import { ExportCsvButton } from './export-csv-button.tsx'
import { itemsOf, OrderDrawer, OrderKindTag } from './order-drawer.tsx'

type Row = AdminOrder

/** The days picked (YYYY-MM-DD, both included) as the API's instants; nothing for a bad or half range. */
const placedWithin = (first: string | null, last: string | null): { from?: string; to?: string } => {
  const range = first !== null && last !== null ? dayRangeToInstants({ first, last }) : null
  // The API's `to` is inclusive: one millisecond before the day after the last.
  if (!range) return {}
  return { from: new Date(range.from).toISOString(), to: new Date(Date.parse(range.to) - 1).toISOString() }
}

const ORDER_NO = /^[SRF]\d{8}[A-Z0-9]{10}$/i

/** The search as the API's filter: an order number, else a customer (whole email or id), or none. */
const searchFilter = (value: string): Pick<AdminOrderQuery, 'orderNo' | 'customer'> => {
  if (value === '') return {}
  if (ORDER_NO.test(value)) return { orderNo: value }
  const customer = AdminOrderQuery.shape.customer.safeParse(value).data
  return customer === undefined ? {} : { customer }
}

export const OrdersPage = () => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const list = useListParams()
  const customer = list.params.get('customer') ?? ''
  const kind = pickOption(list.params.get('kind'), OrderKind.options)
  const first = list.params.get('first')
  const last = list.params.get('last')
  const placed = placedWithin(first, last)
  const filters = { ...searchFilter(customer), kind, ...placed }
  const orders = useAdminOrders({ page: list.page, pageSize: list.pageSize, ...filters })
  const paged = pagedList(list, orders.data, {
    isLoading: orders.isPending,
    isFiltered: customer !== '' || kind !== undefined || placed.from !== undefined,
  })
  const openNo = list.params.get('order')
  const openOrder = orders.data?.items.find((order) => order.orderNo === openNo) ?? null
  const open = (row: Row) => list.update({ order: row.orderNo, page: list.page })

  return (
    <ListPage
      title={t('orders.title')}
      filters={
        <>
          <SearchFilter
            value={customer}
            placeholder={t('orders.search')}
            label={t('orders.search')}
            onSearch={(value) => list.update({ customer: value })}
            data-testid="orders-search"
          />
          <Select<string>
            value={kind ?? ''}
            onChange={(value) => list.update({ kind: value })}
            options={[
              { value: '', label: t('orders.allKinds') },
              ...OrderKind.options.map((value) => ({ value, label: t(`orders.kinds.${value}`) })),
            ]}
            aria-label={t('orders.kind')}
            style={{ width: 160 }}
            data-testid="orders-kind"
          />
          <DatePicker.RangePicker
            aria-label={t('orders.range')}
            value={placed.from && first && last ? [dayjs(first), dayjs(last)] : null}
            onChange={(days) =>
              list.update({
                first: days?.[0]?.format('YYYY-MM-DD') ?? null,
                last: days?.[1]?.format('YYYY-MM-DD') ?? null,
              })
            }
            style={{ maxWidth: '100%' }}
            data-testid="orders-range"
          />
          <ExportCsvButton
            path={exportAdminOrders.path}
            filters={filters}
            area="orders"
            testId="orders-export"
          />
        </>
      }
    >
      <PagedTable<Row>
        {...paged}
        rowKey="orderNo"
        totalText={(count) => t('orders.totalCount', { count })}
        empty={t('orders.empty')}
        emptyFiltered={t('orders.emptyFiltered')}
        columns={[
          copyableColumn<Row>(t('orders.orderNo'), 'orderNo'),
          { title: t('orders.customer'), dataIndex: 'customerEmail' },
          {
            title: t('orders.kind'),
            dataIndex: 'kind',
            render: (value: Row['kind']) => <OrderKindTag kind={value} />,
          },
          { title: t('orders.items.title'), key: 'items', render: (_, row) => itemsOf(t, row) },
          moneyColumn<Row>(t('orders.total'), 'total', { isStrong: true }),
          dateTimeColumn<Row>(t('orders.createdAt'), 'createdAt', { withSeconds: false }),
          openColumn<Row>('', { label: t('orders.open'), onOpen: open, testId: 'order-open' }),
        ]}
        renderCard={(row) => (
          <Flex vertical gap={token.marginXXS} onClick={() => open(row)} style={{ cursor: 'pointer' }}>
            <Flex justify="space-between" align="center" gap={token.marginXS}>
              <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
                {row.orderNo}
              </Typography.Text>
              <OrderKindTag kind={row.kind} />
            </Flex>
            <Typography.Text type="secondary" ellipsis>
              {row.customerEmail}
            </Typography.Text>
            <CardLine label={t('orders.items.title')}>{itemsOf(t, row)}</CardLine>
            <CardLine label={t('orders.total')}>
              <Money amount={row.total} strong />
            </CardLine>
            <CardLine label={t('orders.createdAt')}>
              {formatLocalDateTime(row.createdAt, { withSeconds: false })}
            </CardLine>
          </Flex>
        )}
        rowTestId="order-row"
        data-testid="orders-table"
      />
      <OrderDrawer order={openOrder} onClose={() => list.update({ order: null, page: list.page })} />
    </ListPage>
  )
}

// /admin/topups: every customer's top-up orders, newest first; by status, channel and a search that takes
// a whole order number or a customer's email or id, kept in the address with the page. An operator who
// may reconcile asks the gateway about an order and, when it has it paid, marks it paid. Finance
// (`exports.read`) downloads the filtered rows as a CSV file.
import { type AdminTopUp, AdminTopUpQuery, exportAdminTopUps } from '@proxy/contract/admin/orders'
import { TopUpChannel, TopUpStatus } from '@proxy/contract/wallet/topups'
import { formatYuan } from '@proxy/contract/wire'
import { Button, Flex, Select, Typography, theme } from 'antd'
import { useState } from 'react'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { pickOption, useListParams } from '../../../shared/lib/list-params.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { copyableColumn, dateTimeColumn, moneyColumn } from '../../../shared/ui/paged-table/columns.tsx'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { useAdminTopUps } from '../../api/topups.ts'
import { useAdminT } from '../../app/i18n.ts'
import { useCan } from '../../app/operator-context.ts'
import { ListPage, SearchFilter } from '../list-page.tsx'
import { ExportCsvButton } from '../orders/export-csv-button.tsx'
import { ReconcileModal } from './reconcile-modal.tsx'
import { TopUpStatusTag } from './topup-status-tag.tsx'

type Row = AdminTopUp

const TOPUP_NO = /^T\d{8}[A-Z0-9]{10}$/i

/** The search as the API's filter: a top-up number, else a customer (whole email or id). */
const searchFilter = (value: string): Pick<AdminTopUpQuery, 'orderNo' | 'customer'> => {
  if (value === '') return {}
  if (TOPUP_NO.test(value)) return { orderNo: value }
  const customer = AdminTopUpQuery.shape.customer.safeParse(value).data
  return customer === undefined ? {} : { customer }
}

export const TopupsPage = () => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const can = useCan()
  const list = useListParams()
  const q = list.params.get('q') ?? ''
  const status = pickOption(list.params.get('status'), TopUpStatus.options)
  const channel = pickOption(list.params.get('channel'), TopUpChannel.options)
  const filters = { status, channel, ...searchFilter(q) }
  const topups = useAdminTopUps({ page: list.page, pageSize: list.pageSize, ...filters })
  const paged = pagedList(list, topups.data, {
    isLoading: topups.isPending,
    isFiltered: q !== '' || status !== undefined || channel !== undefined,
  })
  const [reconciling, setReconciling] = useState<Row | null>(null)
  const mayReconcile = can('topups.reconcile')
  const reconcileButton = (row: Row) => (
    <Button size="small" onClick={() => setReconciling(row)} data-testid="topup-reconcile">
      {t('topups.reconcile.action')}
    </Button>
  )

  return (
    <ListPage
      title={t('topups.title')}
      filters={
        <>
          <SearchFilter
            value={q}
            placeholder={t('topups.search')}
            label={t('topups.search')}
            onSearch={(value) => list.update({ q: value })}
            maxWidth={420}
            data-testid="topups-search"
          />
          <Select<string>
            value={status ?? ''}
            onChange={(value) => list.update({ status: value })}
            options={[
              { value: '', label: t('topups.allStatuses') },
              ...TopUpStatus.options.map((value) => ({ value, label: t(`topups.statuses.${value}`) })),
            ]}
            aria-label={t('topups.status')}
            style={{ width: 150 }}
            data-testid="topups-status"
          />
          <Select<string>
            value={channel ?? ''}
            onChange={(value) => list.update({ channel: value })}
            options={[
              { value: '', label: t('topups.allChannels') },
              ...TopUpChannel.options.map((value) => ({ value, label: t(`topups.channels.${value}`) })),
            ]}
            aria-label={t('topups.channel')}
            style={{ width: 150 }}
            data-testid="topups-channel"
          />
          <ExportCsvButton
            path={exportAdminTopUps.path}
            filters={filters}
            area="topups"
            testId="topups-export"
          />
        </>
      }
    >
      <PagedTable<Row>
        {...paged}
        rowKey="orderNo"
        totalText={(count) => t('topups.total', { count })}
        empty={t('topups.empty')}
        emptyFiltered={t('topups.emptyFiltered')}
        columns={[
          copyableColumn<Row>(t('topups.orderNo'), 'orderNo'),
          { title: t('topups.customer'), dataIndex: 'customerEmail' },
          moneyColumn<Row>(t('topups.amount'), 'amount', { isStrong: true }),
          {
            title: t('topups.cnyAmount'),
            dataIndex: 'cnyAmount',
            align: 'right',
            render: (value: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatYuan(value)}</span>,
          },
          {
            title: t('topups.channel'),
            dataIndex: 'channel',
            render: (value: Row['channel']) => t(`topups.channels.${value}`),
          },
          {
            title: t('topups.status'),
            dataIndex: 'status',
            render: (value: Row['status']) => <TopUpStatusTag status={value} />,
          },
          dateTimeColumn<Row>(t('topups.createdAt'), 'createdAt', { withSeconds: false }),
          dateTimeColumn<Row>(t('topups.paidAt'), 'paidAt', { withSeconds: false }),
          ...(mayReconcile
            ? [{ title: '', key: 'actions', render: (_: unknown, row: Row) => reconcileButton(row) }]
            : []),
        ]}
        renderCard={(row) => (
          <Flex vertical gap={token.marginXXS}>
            <Flex justify="space-between" align="center" gap={token.marginXS}>
              <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
                {row.orderNo}
              </Typography.Text>
              <TopUpStatusTag status={row.status} />
            </Flex>
            <Typography.Text type="secondary" ellipsis>
              {row.customerEmail}
            </Typography.Text>
            <CardLine label={t('topups.amount')}>
              <Money amount={row.amount} strong /> · {formatYuan(row.cnyAmount)}
            </CardLine>
            <CardLine label={t('topups.channel')}>{t(`topups.channels.${row.channel}`)}</CardLine>
            <CardLine label={t('topups.createdAt')}>
              {formatLocalDateTime(row.createdAt, { withSeconds: false })}
            </CardLine>
            {mayReconcile && <Flex justify="flex-end">{reconcileButton(row)}</Flex>}
          </Flex>
        )}
        rowTestId="topup-row"
        data-testid="topups-table"
      />
      {reconciling && <ReconcileModal topUp={reconciling} onClose={() => setReconciling(null)} />}
    </ListPage>
  )
}

// /admin/customers: search by email or id, filter by status, a paged table (cards on phones); a row
// opens the customer in a drawer (?customer=<id>, so a reload keeps it open).
import {
  type CustomerStatus,
  type CustomerSummary,
  CustomerStatus as Statuses,
} from '@proxy/contract/admin/customers'
import { Flex, Select, Typography, theme } from 'antd'
import { pickOption, useListParams } from '../../../shared/lib/list-params.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { dateTimeColumn, moneyColumn, openColumn } from '../../../shared/ui/paged-table/columns.tsx'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { useCustomers } from '../../api/customers.ts'
import { useAdminT } from '../../app/i18n.ts'
import { ListPage, SearchFilter } from '../list-page.tsx'
import { CustomerDrawer } from './customer-drawer.tsx'
import { CustomerStatusTag } from './customer-status-tag.tsx'

type Row = CustomerSummary

export const CustomersPage = () => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const list = useListParams()
  const q = list.params.get('q') ?? ''
  const status = pickOption(list.params.get('status'), Statuses.options)
  const openId = list.params.get('customer')
  const customers = useCustomers({ page: list.page, pageSize: list.pageSize, q: q || undefined, status })
  const paged = pagedList(list, customers.data, {
    isLoading: customers.isPending,
    isFiltered: q !== '' || status !== undefined,
  })
  const open = (row: CustomerSummary) => list.update({ customer: row.id, page: list.page })
  const yesNo = (value: boolean) => t(value ? 'customers.yes' : 'customers.no')

  return (
    <ListPage
      title={t('customers.title')}
      filters={
        <>
          <SearchFilter
            value={q}
            placeholder={t('customers.search')}
            label={t('customers.search')}
            onSearch={(value) => list.update({ q: value })}
            maxWidth={420}
            data-testid="customers-search"
          />
          <Select<CustomerStatus | ''>
            value={status ?? ''}
            onChange={(value) => list.update({ status: value })}
            options={[
              { value: '', label: t('customers.allStatuses') },
              ...Statuses.options.map((value) => ({ value, label: t(`customers.statuses.${value}`) })),
            ]}
            aria-label={t('customers.status')}
            style={{ width: 160 }}
            data-testid="customers-status"
          />
        </>
      }
    >
      <PagedTable<Row>
        {...paged}
        rowKey="id"
        totalText={(count) => t('customers.total', { count })}
        empty={t('customers.empty')}
        emptyFiltered={t('customers.emptyFiltered')}
        columns={[
          { title: t('customers.email'), dataIndex: 'email' },
          {
            title: t('customers.status'),
            dataIndex: 'status',
            render: (value: CustomerStatus) => <CustomerStatusTag status={value} />,
          },
          { title: t('customers.verified'), dataIndex: 'emailVerified', render: yesNo },
          moneyColumn<Row>(t('customers.balance'), 'balance'),
          { title: t('customers.activeStaticIps'), dataIndex: 'activeStaticIps', align: 'right' },
          dateTimeColumn<Row>(t('customers.createdAt'), 'createdAt', { withSeconds: false }),
          openColumn<Row>('', { label: t('customers.open'), onOpen: open, testId: 'customer-open' }),
        ]}
        renderCard={(row) => (
          <Flex vertical gap={token.marginXXS} onClick={() => open(row)} style={{ cursor: 'pointer' }}>
            <Typography.Text strong ellipsis>
              {row.email}
            </Typography.Text>
            <CardLine label={t('customers.status')}>
              <CustomerStatusTag status={row.status} />
            </CardLine>
            <CardLine label={t('customers.balance')}>
              <Money amount={row.balance} />
            </CardLine>
            <CardLine label={t('customers.activeStaticIps')}>{row.activeStaticIps}</CardLine>
          </Flex>
        )}
        rowTestId="customer-row"
        data-testid="customers-table"
      />
      <CustomerDrawer id={openId} onClose={() => list.update({ customer: null, page: list.page })} />
    </ListPage>
  )
}

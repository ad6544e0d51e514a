// /admin/receipts: every issued receipt and credit note, newest first; searched by a document number, an
// order or top-up number, or a customer's whole email or id (kept in the address), and by type. A row
// opens the document as printed, with its PDF.
import { type AdminReceipt, AdminReceiptQuery } from '@proxy/contract/admin/receipts'
import { DocumentType } from '@proxy/contract/receipts/endpoints'
import { Select } from 'antd'
import { useState } from 'react'
import { pickOption, useListParams } from '../../../shared/lib/list-params.ts'
import {
  copyableColumn,
  dateTimeColumn,
  moneyColumn,
  openColumn,
} from '../../../shared/ui/paged-table/columns.tsx'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { useAdminReceipts } from '../../api/receipts.ts'
import { useAdminT } from '../../app/i18n.ts'
import { ListPage, SearchFilter } from '../list-page.tsx'
import { ReceiptCard, TypeTag } from './receipt-card.tsx'
import { ReceiptDrawer } from './receipt-drawer.tsx'

type Row = AdminReceipt

export const ReceiptsPage = () => {
  const { t } = useAdminT()
  const list = useListParams()
  const q = list.params.get('q') ?? ''
  const type = pickOption(list.params.get('type'), DocumentType.options)
  const search = AdminReceiptQuery.shape.q.safeParse(q === '' ? undefined : q).data
  const receipts = useAdminReceipts({ page: list.page, pageSize: list.pageSize, q: search, type })
  const [openId, setOpenId] = useState<string | null>(null)
  const paged = pagedList(list, receipts.data, {
    isLoading: receipts.isPending,
    isFiltered: q !== '' || type !== undefined,
  })

  return (
    <ListPage
      title={t('receipts.title')}
      filters={
        <>
          <SearchFilter
            value={q}
            placeholder={t('receipts.search')}
            label={t('receipts.search')}
            onSearch={(value) => list.update({ q: value })}
            maxWidth={420}
            data-testid="receipts-search"
          />
          <Select<string>
            value={type ?? ''}
            onChange={(value) => list.update({ type: value })}
            options={[
              { value: '', label: t('receipts.allTypes') },
              ...DocumentType.options.map((value) => ({ value, label: t(`receipts.types.${value}`) })),
            ]}
            aria-label={t('receipts.type')}
            style={{ width: 150 }}
            data-testid="receipts-type"
          />
        </>
      }
    >
      <PagedTable<Row>
        {...paged}
        rowKey="id"
        totalText={(count) => t('receipts.count', { count })}
        empty={t('receipts.empty')}
        emptyFiltered={t('receipts.emptyFiltered')}
        columns={[
          copyableColumn<Row>(t('receipts.number'), 'number'),
          {
            title: t('receipts.type'),
            dataIndex: 'type',
            render: (value: Row['type']) => <TypeTag type={value} />,
          },
          { title: t('receipts.customer'), dataIndex: 'customerEmail' },
          { title: t('receipts.billTo'), dataIndex: 'billToName' },
          copyableColumn<Row>(t('receipts.reference'), 'reference'),
          moneyColumn<Row>(t('receipts.total'), 'total', { isStrong: true }),
          dateTimeColumn<Row>(t('receipts.issuedAt'), 'issuedAt', { withSeconds: false }),
          openColumn<Row>('', {
            label: t('receipts.open'),
            onOpen: (row) => setOpenId(row.id),
            testId: 'receipt-open',
          }),
        ]}
        renderCard={(row) => <ReceiptCard row={row} onOpen={setOpenId} />}
        rowTestId="admin-receipt-row"
        data-testid="admin-receipts-table"
      />
      <ReceiptDrawer id={openId} onClose={() => setOpenId(null)} />
    </ListPage>
  )
}

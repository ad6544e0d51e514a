// /admin/inventory: the stocked addresses, newest first, filtered by region, status and node (kept in the
// address, so a reload or a shared link shows the same list); retire a free address or restore a retired
// one; import a CSV checked in a dry run first. A table on a desk, cards on a phone.

import { ImportOutlined } from '@ant-design/icons'
import {
  type InventoryAddress,
  type InventoryStatus,
  InventoryStatus as Statuses,
} from '@proxy/contract/admin/inventory'
import { Button, Flex, Select, Typography, theme } from 'antd'
import { useState } from 'react'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { pickOption, useListParams } from '../../../shared/lib/list-params.ts'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { CopyableCell, dateTimeColumn } from '../../../shared/ui/paged-table/columns.tsx'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { regionLabel } from '../../../shared/ui/region-name.tsx'
import { useInventory, useRegions } from '../../api/inventory.ts'
import { useNodes } from '../../api/nodes.ts'
import { useAdminT } from '../../app/i18n.ts'
import { useCan } from '../../app/operator-context.ts'
import { ListPage } from '../list-page.tsx'
import { AddressChangeModal, AddressStatusTag, addressOf, changeOf } from './address-status.tsx'
import { ImportDrawer } from './import-drawer.tsx'

type Row = InventoryAddress

/** Options for a filter, keeping the value in the address even when the list does not name it (yet). */
const optionsWith = (current: string, options: { value: string; label: string }[]) =>
  current === '' || options.some((option) => option.value === current)
    ? options
    : [{ value: current, label: current }, ...options]

export const InventoryPage = () => {
  const { t, language } = useAdminT()
  const { token } = theme.useToken()
  const can = useCan()
  const list = useListParams()
  const regionId = list.params.get('region') ?? ''
  const node = list.params.get('node') ?? ''
  const status = pickOption(list.params.get('status'), Statuses.options)
  const inventory = useInventory({
    page: list.page,
    pageSize: list.pageSize,
    regionId: regionId || undefined,
    status,
    node: node || undefined,
  })
  const regions = useRegions()
  const nodes = useNodes({ enabled: can('nodes.manage') })
  const paged = pagedList(list, inventory.data, {
    isLoading: inventory.isPending,
    isFiltered: regionId !== '' || node !== '' || status !== undefined,
  })
  const [changing, setChanging] = useState<Row | null>(null)
  const [isImporting, setIsImporting] = useState(false)

  const regionOptions = optionsWith(
    regionId,
    (regions.data ?? []).map((region) => ({
      value: region.id,
      label: `${regionLabel(region, language)} (${region.id})`,
    })),
  )
  const nodeOptions = optionsWith(
    node,
    (nodes.data?.items ?? []).map((item) => ({ value: item.name, label: item.name })),
  )
  const filterStyle = { flex: '1 1 160px', maxWidth: 260 }
  const action = (row: Row) => {
    const change = changeOf(row)
    if (change === null) return null
    return (
      <Button
        size="small"
        danger={change === 'retire'}
        onClick={() => setChanging(row)}
        data-testid={`address-${change}`}
      >
        {t(`inventory.${change}.action`)}
      </Button>
    )
  }

  return (
    <ListPage
      title={t('inventory.title')}
      filters={
        <>
          <Select<string>
            value={regionId}
            onChange={(value) => list.update({ region: value })}
            options={[{ value: '', label: t('inventory.allRegions') }, ...regionOptions]}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('inventory.region')}
            style={filterStyle}
            data-testid="inventory-region"
          />
          <Select<InventoryStatus | ''>
            value={status ?? ''}
            onChange={(value) => list.update({ status: value })}
            options={[
              { value: '', label: t('inventory.allStatuses') },
              ...Statuses.options.map((value) => ({ value, label: t(`inventory.statuses.${value}`) })),
            ]}
            aria-label={t('inventory.status')}
            style={filterStyle}
            data-testid="inventory-status"
          />
          <Select<string>
            value={node}
            onChange={(value) => list.update({ node: value })}
            options={[{ value: '', label: t('inventory.allNodes') }, ...nodeOptions]}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('inventory.node')}
            style={filterStyle}
            data-testid="inventory-node"
          />
          <Button
            icon={<ImportOutlined />}
            onClick={() => setIsImporting(true)}
            data-testid="inventory-import"
          >
            {t('inventory.import.action')}
          </Button>
        </>
      }
    >
      <PagedTable<Row>
        {...paged}
        rowKey="id"
        totalText={(count) => t('inventory.total', { count })}
        empty={t('inventory.empty')}
        emptyFiltered={t('inventory.emptyFiltered')}
        columns={[
          {
            title: t('inventory.address'),
            key: 'address',
            render: (_, row) => <CopyableCell value={addressOf(row)} />,
          },
          { title: t('inventory.region'), dataIndex: 'regionId' },
          { title: t('inventory.node'), dataIndex: 'node' },
          {
            title: t('inventory.status'),
            dataIndex: 'status',
            render: (_, row) => <AddressStatusTag address={row} />,
          },
          dateTimeColumn<Row>(t('inventory.createdAt'), 'createdAt', { withSeconds: false }),
          { title: '', key: 'actions', render: (_, row) => action(row) },
        ]}
        renderCard={(row) => (
          <Flex vertical gap={token.marginXXS}>
            <Flex justify="space-between" align="start" gap={token.marginXS}>
              {/* An IPv6 address with its port is wider than a phone: it breaks rather than overflow. */}
              <Typography.Text copyable strong style={{ minWidth: 0, wordBreak: 'break-all' }}>
                {addressOf(row)}
              </Typography.Text>
              <AddressStatusTag address={row} />
            </Flex>
            <CardLine label={t('inventory.region')}>{row.regionId}</CardLine>
            <CardLine label={t('inventory.node')}>{row.node}</CardLine>
            <CardLine label={t('inventory.createdAt')}>
              {formatLocalDateTime(row.createdAt, { withSeconds: false })}
            </CardLine>
            {changeOf(row) && <div style={{ marginTop: token.marginXS }}>{action(row)}</div>}
          </Flex>
        )}
        rowTestId="address-row"
        data-testid="inventory-table"
      />
      <AddressChangeModal address={changing} onClose={() => setChanging(null)} />
      <ImportDrawer open={isImporting} onClose={() => setIsImporting(false)} />
    </ListPage>
  )
}

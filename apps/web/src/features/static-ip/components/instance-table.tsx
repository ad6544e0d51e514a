// The IP list: inline rename, address and password with copy, status, expiry and the auto-renew switch.
import type { Region } from '@proxy/contract/static-ip/catalog'
import type { Instance } from '@proxy/contract/static-ip/instances'
import { LINE_NAME_MAX_LENGTH } from '@proxy/contract/static-ip/instances'
import { App, Flex, Switch, type TableColumnsType, Tag, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CopyableCode } from '../../../shared/ui/copyable-code.tsx'
import { openColumn } from '../../../shared/ui/paged-table/columns.tsx'
import type { PagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { addressOf } from '../../../shared/ui/proxy-credentials.tsx'
import { RegionName } from '../../../shared/ui/region-name.tsx'
import { SecretText } from '../../../shared/ui/secret-text.tsx'
import { useUpdateInstance } from '../api/update-instance.ts'
import { InstanceCard } from './instance-card.tsx'
import { ExpiryCell, InstanceStatusTag } from './instance-status.tsx'

type Props = {
  list: PagedList<Instance>
  regions: Region[]
  selected: Instance[]
  onSelect: (rows: Instance[]) => void
  onOpen: (id: string) => void
}

export const InstanceTable = ({ list, regions, selected, onSelect, onOpen }: Props) => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const update = useUpdateInstance()

  const onRename = (instance: Instance, name: string) => {
    const next = name.trim()
    if (!next || next === instance.lineInstanceName) return
    update.mutate(
      { id: instance.id, input: { lineInstanceName: next } },
      { onSuccess: () => void message.success(t('list.renamed')) },
    )
  }
  const onAutoRenew = (instance: Instance, autoRenew: boolean) =>
    update.mutate(
      { id: instance.id, input: { autoRenew } },
      { onSuccess: () => void message.success(t(autoRenew ? 'list.autoRenewOn' : 'list.autoRenewOff')) },
    )
  const regionOf = (instance: Instance) =>
    regions.find((region) => region.id === instance.regionId) ?? instance
  const selectedIds = selected.map((instance) => instance.id)
  // A card's box adds or drops one row, keeping the rows chosen on other pages (as the table does).
  const onToggle = (instance: Instance, isSelected: boolean) =>
    onSelect(
      isSelected
        ? [...selected.filter((row) => row.id !== instance.id), instance]
        : selected.filter((row) => row.id !== instance.id),
    )

  const columns: TableColumnsType<Instance> = [
    {
      title: t('columns.name'),
      dataIndex: 'lineInstanceName',
      render: (name: string, row) => (
        <Typography.Text
          editable={{
            onChange: (value) => onRename(row, value),
            maxLength: LINE_NAME_MAX_LENGTH,
            tooltip: `${t('list.rename')} (${t('list.renameHint')})`,
            text: name,
          }}
          // A 64-character name must not widen the table past 1280 px: cut with an ellipsis, whole in the tooltip.
          ellipsis={{ tooltip: name }}
          style={{ maxWidth: 96, marginBottom: 0 }}
          data-testid="line-name"
        >
          {name}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.address'),
      key: 'address',
      render: (_, row) => (
        <Flex align="center" gap={token.marginXXS} style={{ whiteSpace: 'nowrap' }}>
          <CopyableCode value={addressOf(row)} iconOnly data-testid="address" />
          <Tag style={{ marginInlineEnd: 0 }}>{t(`protocols.${row.protocol}`)}</Tag>
        </Flex>
      ),
    },
    {
      title: t('columns.region'),
      key: 'region',
      render: (_, row) => <RegionName region={regionOf(row)} isCompact />,
    },
    {
      title: t('columns.password'),
      dataIndex: 'password',
      render: (value: string) => <SecretText value={value} isCompact />,
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      render: (status: Instance['status']) => <InstanceStatusTag status={status} />,
    },
    {
      title: t('columns.expiresAt'),
      dataIndex: 'expiresAt',
      render: (_, row) => <ExpiryCell instance={row} />,
    },
    {
      title: <span style={{ whiteSpace: 'nowrap' }}>{t('columns.autoRenew')}</span>,
      dataIndex: 'autoRenew',
      render: (value: boolean, row) => (
        <Switch
          size="small"
          checked={value}
          disabled={row.status === 'released'}
          onChange={(checked) => onAutoRenew(row, checked)}
          aria-label={t('columns.autoRenew')}
        />
      ),
    },
    {
      ...openColumn<Instance>(t('columns.actions'), {
        label: t('list.detail'),
        onOpen: (row) => onOpen(row.id),
        testId: 'open-detail',
      }),
      fixed: 'right',
    },
  ]

  return (
    <PagedTable<Instance>
      {...list}
      columns={columns}
      rowKey="id"
      rowSelection={{
        selectedRowKeys: selectedIds,
        preserveSelectedRowKeys: true,
        onChange: (_, rows) => onSelect(rows.filter(Boolean)),
      }}
      renderCard={(row) => (
        <InstanceCard
          instance={row}
          region={regionOf(row)}
          isSelected={selectedIds.includes(row.id)}
          onToggle={(isSelected) => onToggle(row, isSelected)}
          onAutoRenew={(autoRenew) => onAutoRenew(row, autoRenew)}
          onOpen={() => onOpen(row.id)}
        />
      )}
      totalText={(total) => t('list.total', { total })}
      empty={t('list.empty')}
      emptyFiltered={t('list.emptyFiltered')}
      data-testid="instance-table"
    />
  )
}

// The IP list: inline rename, address and password with copy, status, expiry and the auto-renew switch.
import type { Region } from '@proxy/contract/static-ip/catalog'
import type { Instance } from '@proxy/contract/static-ip/instances'
import { LINE_NAME_MAX_LENGTH } from '@proxy/contract/static-ip/instances'
import { App, Button, Empty, Flex, Switch, Table, type TableProps, Tag, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { PAGE_SIZES } from '../../../shared/lib/list-params.ts'
import { CopyButton } from '../../../shared/ui/copy-button.tsx'
import { addressOf } from '../../../shared/ui/proxy-credentials.tsx'
import { RegionName } from '../../../shared/ui/region-name.tsx'
import { SecretText } from '../../../shared/ui/secret-text.tsx'
import { useUpdateInstance } from '../api/update-instance.ts'
import { ExpiryCell, InstanceStatusTag } from './instance-status.tsx'

type Props = {
  items: Instance[]
  regions: Region[]
  total: number
  page: number
  pageSize: number
  isLoading: boolean
  isFiltered: boolean
  selectedIds: string[]
  onSelect: (ids: string[], rows: Instance[]) => void
  onPage: (page: number, pageSize: number) => void
  onOpen: (id: string) => void
}

export const InstanceTable = ({ items, regions, selectedIds, onSelect, onOpen, ...list }: Props) => {
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

  const columns: TableProps<Instance>['columns'] = [
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
          style={{ whiteSpace: 'nowrap', marginBottom: 0 }}
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
          <span style={{ fontFamily: token.fontFamilyCode }} data-testid="address">
            {addressOf(row)}
          </span>
          <CopyButton value={addressOf(row)} type="text" iconOnly />
          <Tag style={{ marginInlineEnd: 0 }}>{t(`protocols.${row.protocol}`)}</Tag>
        </Flex>
      ),
    },
    { title: t('columns.region'), key: 'region', render: (_, row) => <RegionName region={regionOf(row)} /> },
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
      title: t('columns.autoRenew'),
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
      title: t('columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => onOpen(row.id)} data-testid="open-detail">
          {t('list.detail')}
        </Button>
      ),
    },
  ]

  return (
    <Table<Instance>
      size="middle"
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={list.isLoading}
      scroll={{ x: 'max-content' }}
      rowSelection={{
        selectedRowKeys: selectedIds,
        preserveSelectedRowKeys: true,
        onChange: (keys, rows) => onSelect(keys as string[], rows),
      }}
      pagination={{
        current: list.page,
        pageSize: list.pageSize,
        total: list.total,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (total) => t('list.total', { total }),
        onChange: list.onPage,
      }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(list.isFiltered ? 'list.emptyFiltered' : 'list.empty')}
          />
        ),
      }}
      data-testid="instance-table"
    />
  )
}

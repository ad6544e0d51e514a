// The package list: plan, order, used of total, remaining, status, purchase and expiry; cards on a phone.
import type { TrafficPackage } from '@proxy/contract/traffic/endpoints'
import { Button, Empty, Flex, Table, type TableProps, Typography } from 'antd'
import type { HTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { PAGE_SIZES } from '../../../shared/lib/list-params.ts'
import { CardList } from '../../../shared/ui/card-list.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { OrderNo, PackageCard } from './package-card.tsx'
import { PackageExpiry } from './package-expiry.tsx'
import { PackageStatusTag } from './package-status-tag.tsx'
import { PackageUsage } from './package-usage.tsx'
import { BUY_TRAFFIC_PATH } from './traffic-paths.ts'

type Props = {
  items: TrafficPackage[]
  total: number
  page: number
  pageSize: number
  isLoading: boolean
  isFiltered: boolean
  /** The plan's name in the reader's language. */
  labelOf: (planName: string) => string
  onPage: (page: number, pageSize: number) => void
}

const PackageEmpty = ({ isFiltered }: { isFiltered: boolean }) => {
  const { t } = useTranslation('traffic')
  const navigate = useNavigate()
  if (isFiltered) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('packs.emptyFiltered')} />
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical gap={4}>
          <span>{t('packs.empty')}</span>
          <Typography.Text type="secondary">{t('packs.emptyHint')}</Typography.Text>
        </Flex>
      }
      data-testid="packages-empty"
    >
      <Button type="primary" onClick={() => navigate(BUY_TRAFFIC_PATH)} data-testid="empty-buy">
        {t('packs.buy')}
      </Button>
    </Empty>
  )
}

export const PackageTable = ({ items, labelOf, ...list }: Props) => {
  const { t, i18n } = useTranslation('traffic')
  const isNarrow = useIsNarrow()
  const isEmpty = items.length === 0 && !list.isLoading

  if (isNarrow)
    return isEmpty ? (
      <PackageEmpty isFiltered={list.isFiltered} />
    ) : (
      <CardList
        items={items}
        rowKey={(item) => item.id}
        renderItem={(item) => <PackageCard item={item} label={labelOf(item.planName)} />}
        isLoading={list.isLoading}
        emptyText={t('packs.empty')}
        page={list.page}
        pageSize={list.pageSize}
        total={list.total}
        onPage={list.onPage}
        data-testid="package-table"
      />
    )

  const nowrap = { whiteSpace: 'nowrap' } as const
  const columns: TableProps<TrafficPackage>['columns'] = [
    {
      title: t('packs.columns.plan'),
      dataIndex: 'planName',
      render: (name: string) => <span style={nowrap}>{labelOf(name)}</span>,
    },
    {
      title: t('packs.columns.orderNo'),
      dataIndex: 'orderNo',
      render: (value: string) => <OrderNo value={value} />,
    },
    {
      title: t('packs.columns.usage'),
      key: 'usage',
      render: (_, row) => <PackageUsage item={row} />,
    },
    {
      title: t('packs.columns.remaining'),
      dataIndex: 'remainingBytes',
      align: 'right',
      render: (value: number) => (
        <span style={{ ...nowrap, fontVariantNumeric: 'tabular-nums' }} data-testid="package-remaining">
          {formatBytes(value, i18n.language)}
        </span>
      ),
    },
    {
      title: t('packs.columns.status'),
      dataIndex: 'status',
      render: (status: TrafficPackage['status']) => <PackageStatusTag status={status} />,
    },
    {
      title: t('packs.columns.purchasedAt'),
      dataIndex: 'purchasedAt',
      render: (value: string) => (
        <span style={nowrap}>{formatLocalDateTime(value, { withSeconds: false })}</span>
      ),
    },
    {
      title: t('packs.columns.expiresAt'),
      dataIndex: 'expiresAt',
      render: (_, row) => <PackageExpiry item={row} />,
    },
  ]

  return (
    <Table<TrafficPackage>
      size="middle"
      rowKey="id"
      columns={columns}
      dataSource={items}
      loading={list.isLoading}
      scroll={{ x: 'max-content' }}
      onRow={() => ({ 'data-testid': 'package-row' }) as HTMLAttributes<HTMLElement>}
      pagination={{
        current: list.page,
        pageSize: list.pageSize,
        total: list.total,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (total) => t('packs.total', { total }),
        onChange: list.onPage,
      }}
      locale={{
        emptyText: isEmpty ? <PackageEmpty isFiltered={list.isFiltered} /> : <div style={{ height: 120 }} />,
      }}
      data-testid="package-table"
    />
  )
}

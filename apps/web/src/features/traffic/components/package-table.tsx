// The package list: plan, order, used of total, remaining, status, purchase and expiry; cards on a phone.
import type { TrafficPackage } from '@proxy/contract/traffic/endpoints'
import { Button, Empty, Flex, type TableColumnsType, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { dateTimeColumn, NOWRAP } from '../../../shared/ui/paged-table/columns.tsx'
import type { PagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { OrderNo, PackageCard } from './package-card.tsx'
import { PackageExpiry } from './package-expiry.tsx'
import { PackageStatusTag } from './package-status-tag.tsx'
import { PackageUsage } from './package-usage.tsx'
import { BUY_TRAFFIC_PATH } from './traffic-paths.ts'

type Props = {
  list: PagedList<TrafficPackage>
  /** The plan's name in the reader's language. */
  labelOf: (planName: string) => string
}

const NoPackages = () => {
  const { t } = useTranslation('traffic')
  const navigate = useNavigate()
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

export const PackageTable = ({ list, labelOf }: Props) => {
  const { t, i18n } = useTranslation('traffic')
  const columns: TableColumnsType<TrafficPackage> = [
    {
      title: t('packs.columns.plan'),
      dataIndex: 'planName',
      render: (name: string) => <span style={NOWRAP}>{labelOf(name)}</span>,
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
        <span style={{ ...NOWRAP, fontVariantNumeric: 'tabular-nums' }} data-testid="package-remaining">
          {formatBytes(value, i18n.language)}
        </span>
      ),
    },
    {
      title: t('packs.columns.status'),
      dataIndex: 'status',
      render: (status: TrafficPackage['status']) => <PackageStatusTag status={status} />,
    },
    dateTimeColumn(t('packs.columns.purchasedAt'), 'purchasedAt', { withSeconds: false }),
    {
      title: t('packs.columns.expiresAt'),
      dataIndex: 'expiresAt',
      render: (_, row) => <PackageExpiry item={row} />,
    },
  ]

  return (
    <PagedTable<TrafficPackage>
      {...list}
      columns={columns}
      rowKey="id"
      rowTestId="package-row"
      renderCard={(item) => <PackageCard item={item} label={labelOf(item.planName)} />}
      totalText={(total) => t('packs.total', { total })}
      empty={<NoPackages />}
      emptyFiltered={t('packs.emptyFiltered')}
      data-testid="package-table"
    />
  )
}

// One package as a card, the phone form of a table row.
import type { TrafficPackage } from '@proxy/contract/traffic/endpoints'
import { Flex, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { CopyableCell } from '../../../shared/ui/paged-table/columns.tsx'
import { PackageExpiry } from './package-expiry.tsx'
import { PackageStatusTag } from './package-status-tag.tsx'
import { PackageUsage } from './package-usage.tsx'

export const OrderNo = ({ value }: { value: string }) => (
  <CopyableCell value={value} isSmall data-testid="package-order" />
)

export const PackageCard = ({ item, label }: { item: TrafficPackage; label: string }) => {
  const { t, i18n } = useTranslation('traffic')
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXS} data-testid="package-row">
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
          {label}
        </Typography.Text>
        <PackageStatusTag status={item.status} />
      </Flex>
      <PackageUsage item={item} width="100%" />
      <CardLine label={t('packs.columns.remaining')}>
        <span data-testid="package-remaining">{formatBytes(item.remainingBytes, i18n.language)}</span>
      </CardLine>
      <CardLine label={t('packs.columns.orderNo')}>
        <OrderNo value={item.orderNo} />
      </CardLine>
      <CardLine label={t('packs.columns.purchasedAt')}>
        {formatLocalDateTime(item.purchasedAt, { withSeconds: false })}
      </CardLine>
      <CardLine label={t('packs.columns.expiresAt')}>
        <PackageExpiry item={item} />
      </CardLine>
    </Flex>
  )
}

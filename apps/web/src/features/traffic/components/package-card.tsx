// One package as a card, the phone form of a table row.
import type { TrafficPackage } from '@proxy/contract/traffic/endpoints'
import { Flex, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { PackageExpiry } from './package-expiry.tsx'
import { PackageStatusTag } from './package-status-tag.tsx'
import { PackageUsage } from './package-usage.tsx'

export const OrderNo = ({ value }: { value: string }) => {
  const { token } = theme.useToken()
  return (
    <Typography.Text
      copyable
      style={{ whiteSpace: 'nowrap', fontFamily: token.fontFamilyCode, fontSize: token.fontSizeSM }}
      data-testid="package-order"
    >
      {value}
    </Typography.Text>
  )
}

export const PackageCard = ({ item, label }: { item: TrafficPackage; label: string }) => {
  const { t, i18n } = useTranslation('traffic')
  const { token } = theme.useToken()
  const line = (name: string, value: ReactNode) => (
    <Flex justify="space-between" align="center" gap={token.marginXS}>
      <Typography.Text type="secondary">{name}</Typography.Text>
      <span style={{ textAlign: 'end' }}>{value}</span>
    </Flex>
  )
  return (
    <Flex vertical gap={token.marginXS} data-testid="package-row">
      <Flex justify="space-between" align="center" gap={token.marginXS}>
        <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
          {label}
        </Typography.Text>
        <PackageStatusTag status={item.status} />
      </Flex>
      <PackageUsage item={item} width="100%" />
      {line(
        t('packs.columns.remaining'),
        <span data-testid="package-remaining">{formatBytes(item.remainingBytes, i18n.language)}</span>,
      )}
      {line(t('packs.columns.orderNo'), <OrderNo value={item.orderNo} />)}
      {line(t('packs.columns.purchasedAt'), formatLocalDateTime(item.purchasedAt, { withSeconds: false }))}
      {line(t('packs.columns.expiresAt'), <PackageExpiry item={item} />)}
    </Flex>
  )
}

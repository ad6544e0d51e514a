// Expiry date with the days left while the package is active; under 3 days the count turns orange.
import type { TrafficPackage } from '@proxy/contract/traffic/endpoints'
import { Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { packageDaysLeft } from './traffic-package.ts'

const WARNING_DAYS = 3

export const PackageExpiry = ({ item }: { item: Pick<TrafficPackage, 'expiresAt' | 'status'> }) => {
  const { t } = useTranslation('traffic')
  const { token } = theme.useToken()
  const left = packageDaysLeft(item)
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <div>{formatLocalDateTime(item.expiresAt, { withSeconds: false })}</div>
      {left !== null && (
        <Typography.Text
          type={left <= WARNING_DAYS ? 'warning' : 'secondary'}
          style={{ fontSize: token.fontSizeSM }}
          data-testid="package-days-left"
        >
          {t('packs.daysLeft', { count: left })}
        </Typography.Text>
      )}
    </div>
  )
}

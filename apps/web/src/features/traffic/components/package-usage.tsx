// Used of total as a bar with both numbers; the bar turns orange when nearly used up.
import type { TrafficPackage } from '@proxy/contract/traffic/endpoints'
import { Flex, Progress, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { usedPercent } from './traffic-package.ts'

const NEARLY_USED_PERCENT = 90

type Props = { item: Pick<TrafficPackage, 'usedBytes' | 'totalBytes' | 'status'>; width?: number | string }

export const PackageUsage = ({ item, width = 180 }: Props) => {
  const { i18n } = useTranslation()
  const { token } = theme.useToken()
  const percent = usedPercent(item)
  const color =
    item.status === 'expired'
      ? token.colorTextQuaternary
      : percent >= NEARLY_USED_PERCENT
        ? token.colorWarning
        : token.colorPrimary
  return (
    <Flex vertical gap={2} style={{ width }}>
      <Typography.Text style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        <span data-testid="package-used">{formatBytes(item.usedBytes, i18n.language)}</span>
        <Typography.Text type="secondary"> / {formatBytes(item.totalBytes, i18n.language)}</Typography.Text>
      </Typography.Text>
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        strokeColor={color}
        aria-label={`${percent}%`}
        style={{ margin: 0 }}
      />
    </Flex>
  )
}

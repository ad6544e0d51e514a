// A package's status as a tag: active green, exhausted orange, expired grey.
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { type PackageStatus, STATUS_COLORS } from './traffic-package.ts'

export const PackageStatusTag = ({ status }: { status: PackageStatus }) => {
  const { t } = useTranslation('traffic')
  return (
    <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }} data-testid="package-status">
      {t(`status.${status}`)}
    </Tag>
  )
}

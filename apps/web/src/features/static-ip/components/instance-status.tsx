// Status tag and expiry with days left; under 3 days left the expiry turns to the warning colour.
import type { Instance, InstanceStatus } from '@proxy/contract/static-ip/instances'
import { Tag, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { daysLeft } from '../../../shared/lib/days-left.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'

const COLORS: Record<InstanceStatus, string> = { active: 'success', expired: 'error', released: 'default' }

export const InstanceStatusTag = ({ status }: { status: InstanceStatus }) => {
  const { t } = useTranslation('static-ip')
  return <Tag color={COLORS[status]}>{t(`status.${status}`)}</Tag>
}

export const WARNING_DAYS = 3

export const ExpiryCell = ({ instance }: { instance: Pick<Instance, 'expiresAt' | 'status'> }) => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  const left = daysLeft(instance.expiresAt)
  const isSoon = instance.status === 'active' && left < WARNING_DAYS
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <div>{formatLocalDateTime(instance.expiresAt, { withSeconds: false }).slice(0, 10)}</div>
      <Typography.Text
        type={left === 0 ? 'danger' : isSoon ? 'warning' : 'secondary'}
        style={{ fontSize: token.fontSizeSM }}
        data-testid="days-left"
      >
        {left === 0 ? t('list.expired') : t('list.daysLeft', { count: left })}
      </Typography.Text>
    </div>
  )
}

// The small parts a sub-user row shows in the table and in its phone card: its status (with the end of
// a pause), its limit as a bar, and what it used today, this month and in all.
import type { SubUser } from '@proxy/contract/traffic/sub-users'
import { Flex, Progress, Tag, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'

const STATUS_COLOR = { active: 'success', disabled: 'default', spent: 'error', paused: 'warning' } as const

export const SubUserStatus = ({ sub }: { sub: SubUser }) => {
  const { t } = useTranslation('traffic', { keyPrefix: 'subUsers' })
  const { token } = theme.useToken()
  return (
    <Flex vertical gap={token.marginXXS} align="flex-start">
      <Tag color={STATUS_COLOR[sub.status]} style={{ marginInlineEnd: 0 }} data-testid="sub-user-status">
        {t(`status.${sub.status}`)}
      </Tag>
      {sub.pausedUntil && (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, whiteSpace: 'nowrap' }}>
          {t('pausedUntil', { time: formatLocalDateTime(sub.pausedUntil, { withSeconds: false }) })}
        </Typography.Text>
      )}
    </Flex>
  )
}

/** The limit and how much of it is used, as a bar; "no limit" without one. */
export const SubUserLimit = ({ sub }: { sub: SubUser }) => {
  const { t, i18n } = useTranslation('traffic', { keyPrefix: 'subUsers' })
  const { token } = theme.useToken()
  const { limit } = sub
  if (!limit) return <Typography.Text type="secondary">{t('noLimit')}</Typography.Text>
  const bytes = (value: number) => formatBytes(value, i18n.language)
  const percent = Math.min(100, Math.floor((limit.usedBytes / limit.bytes) * 100))
  return (
    <Flex vertical gap={0} style={{ minWidth: 150 }} data-testid="sub-user-limit">
      <Typography.Text style={{ fontSize: token.fontSizeSM, whiteSpace: 'nowrap' }}>
        {bytes(limit.usedBytes)} / {t(`perPeriod.${limit.period}`, { bytes: bytes(limit.bytes) })}
      </Typography.Text>
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        status={sub.status === 'spent' ? 'exception' : 'normal'}
        aria-label={`${percent}%`}
      />
      {limit.resetsAt && (
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('resetsAt', { time: formatLocalDateTime(limit.resetsAt, { withSeconds: false }) })}
        </Typography.Text>
      )}
    </Flex>
  )
}

export const SubUserUsage = ({ sub }: { sub: SubUser }) => {
  const { t, i18n } = useTranslation('traffic', { keyPrefix: 'subUsers' })
  const { token } = theme.useToken()
  const bytes = (value: number) => formatBytes(value, i18n.language)
  return (
    <Flex
      vertical
      gap={0}
      style={{ fontSize: token.fontSizeSM, whiteSpace: 'nowrap' }}
      data-testid="sub-user-usage"
    >
      <Typography.Text>{t('usage.today', { bytes: bytes(sub.usage.todayBytes) })}</Typography.Text>
      <Typography.Text type="secondary">
        {t('usage.month', { bytes: bytes(sub.usage.monthBytes) })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('usage.total', { bytes: bytes(sub.usage.totalBytes) })}
      </Typography.Text>
    </Flex>
  )
}

/** The auto-stop cap per day, or a dash. */
export const SubUserAutoStop = ({ sub }: { sub: SubUser }) => {
  const { i18n } = useTranslation('traffic')
  return sub.autoStopBytes === null ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <Typography.Text style={{ whiteSpace: 'nowrap' }}>
      {formatBytes(sub.autoStopBytes, i18n.language)}
    </Typography.Text>
  )
}

// A node's status as a coloured tag, and its last heartbeat as an age with the exact local time.
import type { NodeStatus } from '@proxy/contract/admin/nodes'
import { Flex, Tag, Tooltip, Typography, theme } from 'antd'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useAdminT } from '../../app/i18n.ts'
import { relativeTime } from './node-time.ts'

const COLOURS: Record<NodeStatus, string> = { up: 'green', down: 'red', revoked: 'default' }

export const NodeStatusTag = ({ status }: { status: NodeStatus }) => {
  const { t } = useAdminT()
  return (
    <Tooltip title={t(`nodes.statusHints.${status}`)}>
      <Tag color={COLOURS[status]} data-testid="node-status">
        {t(`nodes.statuses.${status}`)}
      </Tag>
    </Tooltip>
  )
}

/** "12 seconds ago" over "2026-11-25 19:30:05", or "never" before the first heartbeat. */
export const Heartbeat = ({ at, now }: { at: string | null; now: number }) => {
  const { t, language } = useAdminT()
  const { token } = theme.useToken()
  if (at === null) return <Typography.Text type="secondary">{t('nodes.never')}</Typography.Text>
  return (
    <Flex vertical style={{ whiteSpace: 'nowrap' }} data-testid="node-heartbeat">
      <span>{relativeTime(at, now, language)}</span>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {formatLocalDateTime(at)}
      </Typography.Text>
    </Flex>
  )
}

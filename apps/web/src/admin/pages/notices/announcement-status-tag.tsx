// An announcement's status (derived from its times by the server) as a coloured tag.
import type { AnnouncementStatus } from '@proxy/contract/admin/announcements'
import { Tag } from 'antd'
import { useAdminT } from '../../app/i18n.ts'

const COLORS: Record<AnnouncementStatus, string> = {
  draft: 'default',
  scheduled: 'blue',
  published: 'green',
  expired: 'orange',
}

export const AnnouncementStatusTag = ({ status }: { status: AnnouncementStatus }) => {
  const { t } = useAdminT()
  return (
    <Tag color={COLORS[status]} data-testid="announcement-status">
      {t(`notices.statuses.${status}`)}
    </Tag>
  )
}

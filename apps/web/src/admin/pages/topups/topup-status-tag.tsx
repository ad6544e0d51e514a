// A top-up order's state as a coloured tag.
import type { TopUpStatus } from '@proxy/contract/wallet/topups'
import { Tag } from 'antd'
import { useAdminT } from '../../app/i18n.ts'

const COLOURS: Record<TopUpStatus, string> = {
  pending: 'gold',
  paid: 'green',
  closed: 'default',
  cancelled: 'default',
}

export const TopUpStatusTag = ({ status }: { status: TopUpStatus }) => {
  const { t } = useAdminT()
  return <Tag color={COLOURS[status]}>{t(`topups.statuses.${status}`)}</Tag>
}

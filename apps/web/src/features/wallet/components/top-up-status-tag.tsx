// The status of a top-up order as a coloured tag; a pending order past its expiry shows as expired.
import type { TopUpOrder, TopUpStatus } from '@proxy/contract/wallet/topups'
import { Tag } from 'antd'
import { useTranslation } from 'react-i18next'

export const TOPUP_STATUSES = [
  'pending',
  'paid',
  'closed',
  'cancelled',
] as const satisfies readonly TopUpStatus[]

const COLOURS = {
  pending: 'processing',
  paid: 'success',
  closed: 'default',
  cancelled: 'warning',
  expired: 'default',
} as const

export const TopUpStatusTag = ({ order, now }: { order: TopUpOrder; now: number }) => {
  const { t } = useTranslation('wallet')
  const isExpired = order.status === 'pending' && new Date(order.expiresAt).getTime() <= now
  const status = isExpired ? 'expired' : order.status
  return (
    <Tag color={COLOURS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  )
}

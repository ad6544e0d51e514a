// The last look before money moves: the plan, how much traffic, for how long, and what it costs.
import type { TrafficPlan } from '@proxy/contract/traffic/endpoints'
import type { TrafficQuote } from '@proxy/contract/traffic/purchase'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { ConfirmModal, type PayProblem } from '../../../shared/ui/buy-flow/confirm-modal.tsx'
import { planName } from './traffic-package.ts'

type Props = {
  isOpen: boolean
  plan: TrafficPlan
  quote: TrafficQuote
  isPaying: boolean
  problem: PayProblem | null
  onConfirm: () => void
  onCancel: () => void
}

export const TrafficConfirm = ({ plan, quote, ...rest }: Props) => {
  const { t, i18n } = useTranslation('traffic')
  return (
    <ConfirmModal
      {...rest}
      title={t('confirm.title')}
      okText={t('confirm.ok')}
      items={[
        { key: 'plan', label: t('buy.plan'), children: planName(plan, i18n.language) },
        { key: 'quantity', label: t('buy.quantity'), children: quote.quantity },
        { key: 'size', label: t('buy.totalSize'), children: formatBytes(quote.totalBytes, i18n.language) },
        { key: 'validity', label: t('buy.validity'), children: t('days', { count: quote.validityDays }) },
      ]}
      totalLabel={t('confirm.total')}
      total={quote.total}
      note={t('confirm.note')}
    />
  )
}

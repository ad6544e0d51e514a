// The last look before money moves: what is bought and what it costs.

import type { ProxyProtocol } from '@proxy/contract/static-ip/catalog'
import type { StaticIpQuote } from '@proxy/contract/static-ip/purchase'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmModal } from '../../../shared/ui/buy-flow/confirm-modal.tsx'
import { formatDiscount } from '../../../shared/ui/buy-flow/discount.ts'

type Props = {
  isOpen: boolean
  region: ReactNode
  quote: StaticIpQuote
  protocol: ProxyProtocol
  autoRenew: boolean
  isPaying: boolean
  error: string | null
  onConfirm: () => void
  onCancel: () => void
}

export const PurchaseConfirm = ({ region, quote, protocol, autoRenew, error, ...rest }: Props) => {
  const { t } = useTranslation('static-ip')
  const discount = formatDiscount(quote.discount, quote.saving)
  return (
    <ConfirmModal
      {...rest}
      title={t('confirm.title')}
      okText={t('confirm.ok')}
      items={[
        { key: 'region', label: t('buy.region'), children: region },
        { key: 'quantity', label: t('confirm.quantity'), children: quote.quantity },
        { key: 'duration', label: t('confirm.duration'), children: t('days', { count: quote.durationDays }) },
        ...(discount === null
          ? []
          : [{ key: 'discount', label: t('buy.discountAmount'), children: discount }]),
        { key: 'protocol', label: t('confirm.protocol'), children: t(`protocols.${protocol}`) },
        {
          key: 'autoRenew',
          label: t('confirm.autoRenew'),
          children: t(autoRenew ? 'confirm.on' : 'confirm.off'),
        },
      ]}
      totalLabel={t('confirm.total')}
      total={quote.total}
      note={t('confirm.note')}
      problem={error === null ? null : { text: error }}
    />
  )
}

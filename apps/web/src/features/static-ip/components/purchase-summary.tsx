// The right-hand summary of the purchase: the live quote, the balance after it or the shortfall, and the button.
import type { StaticIpQuote } from '@proxy/contract/static-ip/purchase'
import { Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDiscount } from '../../../shared/ui/buy-flow/discount.ts'
import { QuoteTotals } from '../../../shared/ui/buy-flow/quote-totals.tsx'
import { SummaryCard, SummaryLine } from '../../../shared/ui/buy-flow/summary-card.tsx'
import { Money } from '../../../shared/ui/money.tsx'

type Props = {
  region: ReactNode
  quote: StaticIpQuote | undefined
  isQuoting: boolean
  error: string | null
  onSubmit: () => void
}

export const PurchaseSummary = ({ region, quote, isQuoting, error, onSubmit }: Props) => {
  const { t } = useTranslation('static-ip')
  const discount = quote && formatDiscount(quote.discount, quote.saving)
  return (
    <SummaryCard title={t('buy.summaryTitle')} isBusy={isQuoting} data-testid="purchase-summary">
      <SummaryLine label={t('buy.region')}>{region}</SummaryLine>
      <SummaryLine label={t('buy.unitPrice')}>{quote && <Money amount={quote.unitPrice} />}</SummaryLine>
      <SummaryLine label={t('confirm.quantity')}>{quote && `× ${quote.quantity}`}</SummaryLine>
      <SummaryLine label={t('confirm.duration')}>
        {quote && t('days', { count: quote.durationDays })}
      </SummaryLine>
      {discount && (
        <SummaryLine label={t('buy.discountAmount')}>
          <Typography.Text type="success" data-testid="quote-discount">
            {discount}
          </Typography.Text>
        </SummaryLine>
      )}
      <QuoteTotals
        quote={quote}
        isQuoting={isQuoting}
        error={error}
        labelOf={(name) => t(`buy.${name}`)}
        onSubmit={onSubmit}
      />
    </SummaryCard>
  )
}

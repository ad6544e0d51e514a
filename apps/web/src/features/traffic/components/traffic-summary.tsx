// The right-hand summary of a traffic order: plan, size, the server's price, the balance after it or the shortfall,
// and the button.
import type { TrafficPlan } from '@proxy/contract/traffic/endpoints'
import type { TrafficQuote } from '@proxy/contract/traffic/purchase'
import { Alert, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { QuoteTotals } from '../../../shared/ui/buy-flow/quote-totals.tsx'
import { SummaryCard, SummaryLine } from '../../../shared/ui/buy-flow/summary-card.tsx'
import { Money } from '../../../shared/ui/money.tsx'
import { planName } from './traffic-package.ts'

type Props = {
  plan: TrafficPlan | undefined
  quote: TrafficQuote | undefined
  /** The wallet's balance, shown until the first quote arrives. */
  balance: number | undefined
  isQuoting: boolean
  error: string | null
  onSubmit: () => void
}

export const TrafficSummary = ({ plan, quote, balance, isQuoting, error, onSubmit }: Props) => {
  const { t, i18n } = useTranslation('traffic')
  const { token } = theme.useToken()
  return (
    <SummaryCard title={t('buy.summaryTitle')} isBusy={isQuoting} data-testid="traffic-summary">
      <SummaryLine label={t('buy.plan')}>{plan && planName(plan, i18n.language)}</SummaryLine>
      <SummaryLine label={t('buy.unitPrice')}>{quote && <Money amount={quote.unitPrice} />}</SummaryLine>
      <SummaryLine label={t('buy.quantity')}>{quote && `× ${quote.quantity}`}</SummaryLine>
      <SummaryLine label={t('buy.totalSize')}>
        {quote && <span data-testid="quote-size">{formatBytes(quote.totalBytes, i18n.language)}</span>}
      </SummaryLine>
      <SummaryLine label={t('buy.validity')}>{quote && t('days', { count: quote.validityDays })}</SummaryLine>
      <QuoteTotals
        quote={quote}
        walletBalance={balance}
        isQuoting={isQuoting}
        error={error}
        notice={plan ? null : <Alert type="info" showIcon title={t('buy.choosePlan')} />}
        labelOf={(name) => t(`buy.${name}`)}
        onSubmit={onSubmit}
      />
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('buy.note')}
      </Typography.Text>
    </SummaryCard>
  )
}

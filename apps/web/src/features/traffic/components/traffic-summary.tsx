// The right-hand summary of a traffic order: plan, size, price, the balance after it or the shortfall, and the button.
import type { TrafficPlan } from '@proxy/contract/traffic/endpoints'
import { Alert, Button, Card, Divider, Flex, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { RECHARGE_PATH } from '../../../shared/lib/wallet-paths.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { planName } from './traffic-package.ts'
import type { TrafficQuote } from './traffic-quote.ts'

type Props = {
  plan: TrafficPlan | undefined
  quantity: number
  quote: TrafficQuote | undefined
  balance: number | undefined
  onSubmit: () => void
}

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <Flex justify="space-between" align="center" gap={12}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    <span style={{ textAlign: 'end' }}>{children}</span>
  </Flex>
)

export const TrafficSummary = ({ plan, quantity, quote, balance, onSubmit }: Props) => {
  const { t, i18n } = useTranslation('traffic')
  const { token } = theme.useToken()
  const dash = <Typography.Text type="secondary">—</Typography.Text>
  const isShort = quote !== undefined && quote.shortfall > 0
  const canBuy = quote !== undefined && balance !== undefined && !isShort
  return (
    <Card variant="borderless" title={t('buy.summaryTitle')} data-testid="traffic-summary">
      <Flex vertical gap={token.marginSM}>
        <Line label={t('buy.plan')}>{plan ? planName(plan, i18n.language) : dash}</Line>
        <Line label={t('buy.unitPrice')}>{plan ? <Money amount={plan.price} /> : dash}</Line>
        <Line label={t('buy.quantity')}>{plan ? `× ${quantity}` : dash}</Line>
        <Line label={t('buy.totalSize')}>
          {quote ? (
            <span data-testid="quote-size">{formatBytes(quote.totalBytes, i18n.language)}</span>
          ) : (
            dash
          )}
        </Line>
        <Line label={t('buy.validity')}>{plan ? t('days', { count: plan.validityDays }) : dash}</Line>
        <Divider style={{ margin: `${token.marginXXS}px 0` }} />
        <Line label={t('buy.total')}>
          {quote ? (
            <Money
              amount={quote.total}
              strong
              style={{ fontSize: token.fontSizeHeading4, color: token.colorPrimary }}
              data-testid="quote-total"
            />
          ) : (
            dash
          )}
        </Line>
        <Line label={t('buy.balance')}>
          {balance === undefined ? dash : <Money amount={balance} data-testid="quote-balance" />}
        </Line>
        {quote?.balanceAfter !== undefined && (
          <Line label={t('buy.balanceAfter')}>
            <Money amount={quote.balanceAfter} data-testid="quote-after" />
          </Line>
        )}
        {!plan && <Alert type="info" showIcon title={t('buy.choosePlan')} />}
        {quote && isShort && (
          <Alert
            type="warning"
            showIcon
            data-testid="quote-shortfall"
            title={
              <Flex justify="space-between" align="center" gap={token.marginXS} wrap>
                <span>
                  {t('buy.shortfall')} <Money amount={quote.shortfall} strong />
                </span>
                <Link to={RECHARGE_PATH}>{t('buy.recharge')}</Link>
              </Flex>
            }
          />
        )}
        <Button
          type="primary"
          size="large"
          block
          disabled={!canBuy}
          onClick={onSubmit}
          data-testid="buy-submit"
        >
          {t('buy.submit')}
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('buy.note')}
        </Typography.Text>
      </Flex>
    </Card>
  )
}

// The right-hand summary of the purchase: the live quote, the balance after it or the shortfall, and the button.
import type { Quote } from '@proxy/contract/orders/endpoints'
import { Alert, Button, Card, Divider, Flex, Spin, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { RECHARGE_PATH } from '../../../shared/lib/wallet-paths.ts'
import { Money } from '../../../shared/ui/money.tsx'

type Props = {
  region: ReactNode
  quote: Quote | undefined
  isQuoting: boolean
  error: string | null
  onSubmit: () => void
}

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <Flex justify="space-between" align="center" gap={12}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    <span style={{ textAlign: 'end' }}>{children}</span>
  </Flex>
)

export const PurchaseSummary = ({ region, quote, isQuoting, error, onSubmit }: Props) => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  const dash = <Typography.Text type="secondary">—</Typography.Text>
  const isShort = quote !== undefined && quote.shortfall > 0
  const canBuy = quote !== undefined && !isShort && error === null && !isQuoting
  return (
    <Card variant="borderless" title={t('buy.summaryTitle')} data-testid="purchase-summary">
      <Spin spinning={isQuoting} delay={200}>
        <Flex vertical gap={token.marginSM}>
          <Line label={t('buy.region')}>{region ?? dash}</Line>
          <Line label={t('buy.unitPrice')}>{quote ? <Money amount={quote.unitPrice} /> : dash}</Line>
          <Line label={t('confirm.quantity')}>{quote ? `× ${quote.quantity}` : dash}</Line>
          <Line label={t('confirm.duration')}>{quote ? t('days', { count: quote.durationDays }) : dash}</Line>
          {quote && quote.discount > 0 && (
            <Line label={t('buy.discountAmount')}>
              <Money amount={-quote.discount} signed />
            </Line>
          )}
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
          <Line label={t('buy.balance')}>{quote ? <Money amount={quote.balance} /> : dash}</Line>
          {quote && !isShort && (
            <Line label={t('buy.balanceAfter')}>
              <Money
                amount={Math.round((quote.balance - quote.total) * 100) / 100}
                data-testid="quote-after"
              />
            </Line>
          )}
          {error && <Alert type="error" showIcon title={error} data-testid="quote-error" />}
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
        </Flex>
      </Spin>
    </Card>
  )
}

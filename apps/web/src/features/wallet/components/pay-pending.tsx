// Payment result while the order is still pending: a spinner while polling, then a plain "not confirmed yet".
import { ClockCircleOutlined, LoadingOutlined } from '@ant-design/icons'
import type { TopUpOrder } from '@proxy/contract/wallet/topups'
import { Button, Result, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { PayActions } from './pay-actions.tsx'

type Props = { order: TopUpOrder; hasGivenUp: boolean; onCheckAgain: () => void }

export const PayPending = ({ order, hasGivenUp, onCheckAgain }: Props) => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const { payUrl } = order
  const continuePay = payUrl && (
    <Button
      key="pay"
      type={hasGivenUp ? 'primary' : 'default'}
      onClick={() => window.location.assign(payUrl)}
      data-testid="continue-pay"
    >
      {t('actions.continuePay')}
    </Button>
  )
  return (
    <Result
      icon={
        hasGivenUp ? (
          <ClockCircleOutlined style={{ color: token.colorWarning }} />
        ) : (
          <LoadingOutlined spin style={{ color: token.colorPrimary }} />
        )
      }
      title={
        <span data-testid="pay-result-title">
          {t(hasGivenUp ? 'paySuccess.timeoutTitle' : 'paySuccess.pendingTitle')}
        </span>
      }
      subTitle={
        <div style={{ maxWidth: 460, margin: '0 auto' }}>
          {t(hasGivenUp ? 'paySuccess.timeoutText' : 'paySuccess.pendingText')}
          {payUrl && !hasGivenUp && ` ${t('paySuccess.pendingHint')}`}
        </div>
      }
      data-testid={hasGivenUp ? 'pay-timeout' : 'pay-pending'}
      extra={
        <PayActions>
          {hasGivenUp && (
            <Button onClick={onCheckAgain} data-testid="check-again">
              {t('actions.checkAgain')}
            </Button>
          )}
          {continuePay}
        </PayActions>
      }
    />
  )
}

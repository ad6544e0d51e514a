// The right-hand summary of the top-up page: balance now, what is being paid, balance after, and the button.
import type { TopUpChannel } from '@proxy/contract/wallet/topups'
import { TOPUP_TTL_MINUTES } from '@proxy/contract/wire'
import { Alert, Button, Card, Divider, Flex, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useWallet } from '../../../shared/api/get-wallet.ts'
import { Money } from '../../../shared/ui/money.tsx'
import { addAmounts } from './amount-rules.ts'
import { ChannelName } from './channels.tsx'

type Props = {
  amount: number | null
  channel: TopUpChannel
  isSubmitting: boolean
  error: string | null
  onSubmit: () => void
}

const Line = ({ label, children }: { label: string; children: ReactNode }) => (
  <Flex justify="space-between" align="center" gap={12}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    <span style={{ textAlign: 'end' }}>{children}</span>
  </Flex>
)

export const RechargeSummary = ({ amount, channel, isSubmitting, error, onSubmit }: Props) => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const { data: wallet } = useWallet()
  const balance = wallet?.wallet.balance
  const dash = <Typography.Text type="secondary">—</Typography.Text>
  return (
    <Card variant="borderless" title={t('recharge.summaryTitle')} data-testid="recharge-summary">
      <Flex vertical gap={token.marginSM}>
        <Line label={t('recharge.balance')}>{balance === undefined ? dash : <Money amount={balance} />}</Line>
        <Line label={t('recharge.amount')}>
          {amount === null ? dash : <Money amount={amount} data-testid="summary-amount" />}
        </Line>
        <Line label={t('recharge.channel')}>
          <ChannelName channel={channel} />
        </Line>
        <Divider style={{ margin: `${token.marginXXS}px 0` }} />
        <Line label={t('recharge.balanceAfter')}>
          {amount === null || balance === undefined ? (
            dash
          ) : (
            <Money
              amount={addAmounts(balance, amount)}
              strong
              style={{ fontSize: token.fontSizeHeading4, color: token.colorPrimary }}
              data-testid="summary-balance-after"
            />
          )}
        </Line>
        <Button
          type="primary"
          size="large"
          block
          loading={isSubmitting}
          onClick={onSubmit}
          style={{ marginTop: token.marginXS }}
          data-testid="recharge-submit"
        >
          {t('recharge.submit')}
        </Button>
        {error && <Alert type="error" showIcon title={error} data-testid="recharge-error" />}
        <ul
          style={{
            margin: 0,
            paddingInlineStart: token.paddingLG,
            color: token.colorTextTertiary,
            fontSize: token.fontSizeSM,
            lineHeight: 1.8,
          }}
        >
          <li>{t('recharge.notes.expiry', { minutes: TOPUP_TTL_MINUTES })}</li>
          <li>{t('recharge.notes.instant')}</li>
          <li>{t('recharge.notes.records')}</li>
        </ul>
      </Flex>
    </Card>
  )
}

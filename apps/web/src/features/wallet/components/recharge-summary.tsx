// The right-hand summary of the top-up page: balance now, what is being paid, balance after, and the button.
import type { TopUpChannel } from '@proxy/contract/wallet/topups'
import { TOPUP_TTL_MINUTES } from '@proxy/contract/wire'
import { Alert, Button, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useWallet } from '../../../shared/api/get-wallet.ts'
import {
  SummaryAmount,
  SummaryCard,
  SummaryDivider,
  SummaryLine,
} from '../../../shared/ui/buy-flow/summary-card.tsx'
import { Money } from '../../../shared/ui/money.tsx'
import { addAmounts } from './amount-rules.ts'
import { ChannelName } from './channels.tsx'
import { YuanCharge } from './yuan-charge.tsx'

type Props = {
  amount: number | null
  channel: TopUpChannel
  isSubmitting: boolean
  error: string | null
  onSubmit: () => void
}

export const RechargeSummary = ({ amount, channel, isSubmitting, error, onSubmit }: Props) => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const { data: wallet } = useWallet()
  const balance = wallet?.wallet.balance
  return (
    <SummaryCard title={t('recharge.summaryTitle')} data-testid="recharge-summary">
      <SummaryLine label={t('recharge.balance')}>
        {balance !== undefined && <Money amount={balance} />}
      </SummaryLine>
      <SummaryLine label={t('recharge.amount')}>
        {amount !== null && <Money amount={amount} data-testid="summary-amount" />}
      </SummaryLine>
      <SummaryLine label={t('recharge.payCny')}>
        {amount !== null && wallet && (
          <YuanCharge amount={amount} rate={wallet.usdCnyRate} data-testid="summary-cny" />
        )}
      </SummaryLine>
      <SummaryLine label={t('recharge.channel')}>
        <ChannelName channel={channel} />
      </SummaryLine>
      <SummaryDivider />
      <SummaryLine label={t('recharge.balanceAfter')}>
        {amount !== null && balance !== undefined && (
          <SummaryAmount amount={addAmounts(balance, amount)} data-testid="summary-balance-after" />
        )}
      </SummaryLine>
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
    </SummaryCard>
  )
}

// What the payment gateway will charge in yuan for a top-up in dollars, and at which rate. The recharge
// page works it out with the contract's rule; an order shows the amount the server fixed on it.
import { amountToCents, centsToAmount, cnyFenFor } from '@proxy/contract/money'
import { formatBalance, formatRate, formatYuan } from '@proxy/contract/wire'
import { Typography } from 'antd'
import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'

type Props = {
  amount: number
  rate: number
  /** The order's own yuan amount, when there is an order. */
  cnyAmount?: number
  style?: CSSProperties
  'data-testid'?: string
}

export const YuanCharge = ({ amount, rate, cnyAmount, style, ...rest }: Props) => {
  const { t } = useTranslation('wallet')
  const cny = cnyAmount ?? centsToAmount(cnyFenFor(amountToCents(amount), rate))
  return (
    <Typography.Text type="secondary" style={style} data-testid={rest['data-testid']}>
      {t('payment.charge', { cny: formatYuan(cny), usd: formatBalance(amount), rate: formatRate(rate) })}
    </Typography.Text>
  )
}

// The money half of a buy summary: the server's total, the balance, what is left after paying or the shortfall
// with a way to top up, why there is no price, and the buy button, which works only on a fresh, affordable quote.
import { amountToCents, centsToAmount } from '@proxy/contract/money'
import { Alert, Button, Flex, theme } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { RECHARGE_PATH } from '../../lib/wallet-paths.ts'
import { Money } from '../money.tsx'
import { SummaryAmount, SummaryDivider, SummaryLine } from './summary-card.tsx'

/** What every server quote carries about money. */
export type QuotedPrice = { total: number; balance: number; shortfall: number }

/** The texts this block needs, each product in its own words. */
export type QuoteTotalsLabel = 'total' | 'balance' | 'balanceAfter' | 'shortfall' | 'recharge' | 'submit'

type Props = {
  /** The server's latest quote; undefined until it first answers. */
  quote: QuotedPrice | undefined
  /** The wallet's balance, shown until a quote brings the one it was priced against. */
  walletBalance?: number
  /** True while the choice on screen is not priced yet (waiting for the input to settle, or for the server). */
  isQuoting: boolean
  /** Why there is no usable price (the quote failed, nothing is chosen), shown beside the total. */
  error: string | null
  /** A hint under the lines, such as what to choose first. */
  notice?: ReactNode
  labelOf: (name: QuoteTotalsLabel) => string
  onSubmit: () => void
}

export const QuoteTotals = ({ quote, walletBalance, isQuoting, error, notice, labelOf, onSubmit }: Props) => {
  const { token } = theme.useToken()
  const balance = quote?.balance ?? walletBalance
  const isShort = quote !== undefined && quote.shortfall > 0
  const canBuy = quote !== undefined && !isShort && error === null && !isQuoting
  return (
    <>
      <SummaryDivider />
      <SummaryLine label={labelOf('total')}>
        {quote && <SummaryAmount amount={quote.total} data-testid="quote-total" />}
      </SummaryLine>
      <SummaryLine label={labelOf('balance')}>
        {balance !== undefined && <Money amount={balance} data-testid="quote-balance" />}
      </SummaryLine>
      {quote && !isShort && (
        <SummaryLine label={labelOf('balanceAfter')}>
          <Money
            amount={centsToAmount(amountToCents(quote.balance) - amountToCents(quote.total))}
            data-testid="quote-after"
          />
        </SummaryLine>
      )}
      {error && <Alert type="error" showIcon title={error} data-testid="quote-error" />}
      {notice}
      {quote && isShort && (
        <Alert
          type="warning"
          showIcon
          data-testid="quote-shortfall"
          title={
            <Flex justify="space-between" align="center" gap={token.marginXS} wrap>
              <span>
                {labelOf('shortfall')} <Money amount={quote.shortfall} strong />
              </span>
              <Link to={RECHARGE_PATH}>{labelOf('recharge')}</Link>
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
        {labelOf('submit')}
      </Button>
    </>
  )
}

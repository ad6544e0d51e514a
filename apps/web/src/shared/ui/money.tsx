// An amount as the console shows money (SPEC §9: `$` and 2 decimals); signed amounts are coloured.
import { formatBalance } from '@proxy/contract/wire'
import { theme } from 'antd'
import type { CSSProperties } from 'react'

type Props = {
  amount: number
  /** + for money in (green), − for money out (red). */
  signed?: boolean
  strong?: boolean
  style?: CSSProperties
  'data-testid'?: string
}

export const formatSignedAmount = (amount: number): string => {
  if (amount > 0) return `+${formatBalance(amount)}`
  if (amount < 0) return `\u2212${formatBalance(-amount)}`
  return formatBalance(0)
}

export const Money = ({ amount, signed = false, strong = false, style, ...rest }: Props) => {
  const { token } = theme.useToken()
  const color = !signed || amount === 0 ? undefined : amount > 0 ? token.colorSuccess : token.colorError
  return (
    <span
      style={{
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        fontWeight: strong ? 600 : undefined,
        color,
        ...style,
      }}
      data-testid={rest['data-testid']}
    >
      {signed ? formatSignedAmount(amount) : formatBalance(amount)}
    </span>
  )
}

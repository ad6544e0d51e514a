// The right-hand summary of a buy or top-up page: a titled card of label/value lines (a dash for what is not known
// yet), a divider and the big amount. Labels and values come from the feature; the look lives here.
import { Card, Divider, Flex, Spin, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { Money } from '../money.tsx'

type CardProps = {
  title: string
  /** Given while a live price is on its way: the card shows a spinner over the lines (after 200 ms). */
  isBusy?: boolean
  'data-testid': string
  children: ReactNode
}

export const SummaryCard = ({ title, isBusy, children, ...rest }: CardProps) => {
  const { token } = theme.useToken()
  const lines = (
    <Flex vertical gap={token.marginSM}>
      {children}
    </Flex>
  )
  return (
    <Card variant="borderless" title={title} data-testid={rest['data-testid']}>
      {isBusy === undefined ? (
        lines
      ) : (
        <Spin spinning={isBusy} delay={200}>
          {lines}
        </Spin>
      )}
    </Card>
  )
}

type LineProps = {
  label: string
  /** The value; left empty (undefined, null or false) while it is not known, the line shows a dash. */
  children?: ReactNode
}

export const SummaryLine = ({ label, children }: LineProps) => (
  <Flex justify="space-between" align="center" gap={12}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    <span style={{ textAlign: 'end' }}>
      {children === undefined || children === null || children === false ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        children
      )}
    </span>
  </Flex>
)

/** Between what is bought and what it costs. */
export const SummaryDivider = () => {
  const { token } = theme.useToken()
  return <Divider style={{ margin: `${token.marginXXS}px 0` }} />
}

/** The amount the summary is about (the total to pay, the balance after a top-up): large and in the brand colour. */
export const SummaryAmount = ({ amount, ...rest }: { amount: number; 'data-testid': string }) => {
  const { token } = theme.useToken()
  return (
    <Money
      amount={amount}
      strong
      style={{ fontSize: token.fontSizeHeading4, color: token.colorPrimary }}
      data-testid={rest['data-testid']}
    />
  )
}

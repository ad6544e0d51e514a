// After a purchase: success, the order in one line, the ways on, and below them what was bought.
import { Card, Flex, Result, theme } from 'antd'
import { type ReactNode, useEffect, useRef } from 'react'

type Props = {
  title: string
  subTitle: string
  /** The buttons under the title, centred. */
  actions: ReactNode
  /** Whether the result scrolls itself into view when it appears (the pay button may sit far down on a phone). */
  shouldScrollIntoView?: boolean
  children: ReactNode
}

export const ResultView = ({ title, subTitle, actions, shouldScrollIntoView = false, children }: Props) => {
  const { token } = theme.useToken()
  const card = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (shouldScrollIntoView) card.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }, [shouldScrollIntoView])
  return (
    <Card
      ref={card}
      variant="borderless"
      style={{ scrollMarginTop: 64 + token.marginLG }}
      data-testid="purchase-result"
    >
      <Result
        status="success"
        title={title}
        subTitle={subTitle}
        style={{ paddingBottom: token.padding }}
        extra={
          <Flex gap={token.marginXS} wrap justify="center">
            {actions}
          </Flex>
        }
      />
      {children}
    </Card>
  )
}

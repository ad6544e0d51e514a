// The card of a list with a cap (the IP whitelist and the download links): its title with an icon, how
// many of the allowed it holds, and what the list shows while it is read: a skeleton, then the rows, an
// empty note, or a failure with a retry button.
import { Alert, Button, Card, Empty, Flex, Skeleton, Typography, theme } from 'antd'
import type { ComponentType, CSSProperties, ReactNode } from 'react'

type CappedListCardProps = {
  icon: ComponentType<{ style?: CSSProperties }>
  title: string
  /** "n of max", once the list is read. */
  count: string | undefined
  isFull: boolean
  testId: string
  countTestId: string
  children: ReactNode
}

export const CappedListCard = ({
  icon: Icon,
  title,
  count,
  isFull,
  testId,
  countTestId,
  children,
}: CappedListCardProps) => {
  const { token } = theme.useToken()
  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={token.marginXS}>
          <Icon style={{ color: token.colorPrimary }} />
          {title}
        </Flex>
      }
      extra={
        count !== undefined && (
          <Typography.Text type={isFull ? 'warning' : 'secondary'} data-testid={countTestId}>
            {count}
          </Typography.Text>
        )
      }
      data-testid={testId}
    >
      {children}
    </Card>
  )
}

type Props = {
  hasData: boolean
  isError: boolean
  isEmpty: boolean
  texts: { failed: string; retry: string; empty: string }
  onRetry: () => void
  children: ReactNode
}

export const CardListBody = ({ hasData, isError, isEmpty, texts, onRetry, children }: Props) => {
  if (isError && !hasData)
    return (
      <Alert
        type="error"
        showIcon
        title={texts.failed}
        action={
          <Button size="small" onClick={onRetry}>
            {texts.retry}
          </Button>
        }
      />
    )
  if (!hasData) return <Skeleton active title={false} paragraph={{ rows: 2 }} />
  if (isEmpty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.empty} />
  return children
}

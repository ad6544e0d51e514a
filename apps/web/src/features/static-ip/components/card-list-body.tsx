// What a card's list shows while it is read: a skeleton, then the rows, an empty note, or a failure with a
// retry button (the IP whitelist and the download links).
import { Alert, Button, Empty, Skeleton } from 'antd'
import type { ReactNode } from 'react'

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

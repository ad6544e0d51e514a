// The frame both lists of the alerts page share: an add button beside "used of the limit", then the
// rows — or a skeleton while the first answer is on its way, an error with a retry, or "none yet".
import { PlusOutlined } from '@ant-design/icons'
import { Alert, Button, Empty, Flex, Skeleton, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

type Listed<T> = { data?: { items: T[]; max: number }; isError: boolean; refetch: () => unknown }

type Props<T> = {
  list: Listed<T>
  texts: { add: string; empty: string; failed: string; count: (used: number, max: number) => string }
  onAdd: () => void
  renderRow: (item: T, index: number) => ReactNode
  /** Above the add button (an explanation). */
  intro?: ReactNode
  /** After the rows (the dialogs the rows open). */
  children?: ReactNode
  testIds: { section: string; add: string }
}

function Rows<T>({ list, texts, renderRow }: Pick<Props<T>, 'list' | 'texts' | 'renderRow'>) {
  const { t } = useTranslation('alerts')
  if (list.data === undefined && list.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={texts.failed}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('rules.retry')}
          </Button>
        }
      />
    )
  if (list.data === undefined) return <Skeleton active title={false} paragraph={{ rows: 3 }} />
  if (list.data.items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.empty} />
  return (
    <Flex vertical role="list">
      {list.data.items.map(renderRow)}
    </Flex>
  )
}

export function ListSection<T>({ list, texts, onAdd, renderRow, intro, children, testIds }: Props<T>) {
  const { token } = theme.useToken()
  const used = list.data?.items.length ?? 0
  const isFull = list.data !== undefined && used >= list.data.max
  return (
    <Flex vertical gap={token.margin} data-testid={testIds.section}>
      {intro}
      <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={list.data === undefined || isFull}
          onClick={onAdd}
          data-testid={testIds.add}
        >
          {texts.add}
        </Button>
        {list.data && (
          <Typography.Text type={isFull ? 'warning' : 'secondary'}>
            {texts.count(used, list.data.max)}
          </Typography.Text>
        )}
      </Flex>
      <Rows list={list} texts={texts} renderRow={renderRow} />
      {children}
    </Flex>
  )
}

/** The divider between two rows of a list, none above the first. */
export const rowBorder = (isFirst: boolean, color: string) => (isFirst ? undefined : `1px solid ${color}`)

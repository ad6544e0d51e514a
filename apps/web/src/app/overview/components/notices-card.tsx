// Notices from the server, newest first, written in the reader's language; unread ones can be marked read.
import { BellOutlined } from '@ant-design/icons'
import type { Notice } from '@proxy/contract/notices/endpoints'
import { Badge, Button, Card, Empty, Flex, Skeleton, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { Text } from '../../../shared/ui/text.tsx'
import { useOverview } from '../api/get-overview.ts'
import { useNotices } from '../api/list-notices.ts'
import { useMarkNoticeRead } from '../api/mark-notice-read.ts'
import { noticeText } from './notice-text.ts'

const NoticeItem = ({ notice, isFirst }: { notice: Notice; isFirst: boolean }) => {
  const { t, i18n } = useTranslation('overview')
  const { token } = theme.useToken()
  const markRead = useMarkNoticeRead()
  const { title, body } = noticeText(notice, t, i18n.language)
  const isUnread = notice.readAt === null
  return (
    <Flex
      vertical
      gap={2}
      style={{
        padding: `${token.paddingSM}px 0`,
        borderTop: isFirst ? undefined : `1px solid ${token.colorBorderSecondary}`,
      }}
      data-testid="notice"
      data-kind={notice.kind}
      data-unread={isUnread}
    >
      <Flex justify="space-between" align="flex-start" gap={token.marginXS}>
        <Text strong={isUnread} type={isUnread ? undefined : 'secondary'}>
          {isUnread && <Badge status="processing" style={{ marginInlineEnd: token.marginXS }} />}
          {title}
        </Text>
        {isUnread && (
          <Button
            type="link"
            size="small"
            loading={markRead.isPending}
            onClick={() => markRead.mutate(notice.id)}
            style={{ paddingInline: 0, flex: 'none', height: 'auto' }}
            data-testid="notice-mark-read"
          >
            {t('notices.markRead')}
          </Button>
        )}
      </Flex>
      <Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {body}
      </Text>
      <Text type="secondary" style={{ fontSize: token.fontSizeSM, color: token.colorTextTertiary }}>
        {formatLocalDateTime(notice.createdAt, { withSeconds: false })}
      </Text>
    </Flex>
  )
}

/** Shown before "show all": the card sits beside the usage chart and should not outgrow it. */
const FIRST_NOTICES = 3

export const NoticesCard = () => {
  const { t } = useTranslation('overview')
  const { data, isPending, isError } = useNotices()
  const [isExpanded, setIsExpanded] = useState(false)
  const unread =
    useOverview().data?.unreadNotices ?? data?.items.filter((item) => item.readAt === null).length ?? 0

  const body = () => {
    if (!data)
      return isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.failed')} />
      )
    if (data.items.length === 0 && !isError)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />
    const shown = isExpanded ? data.items : data.items.slice(0, FIRST_NOTICES)
    return (
      <Flex vertical style={{ marginTop: -8 }} data-testid="notices">
        {shown.map((notice, index) => (
          <NoticeItem key={notice.id} notice={notice} isFirst={index === 0} />
        ))}
        {data.items.length > shown.length && (
          <Button type="link" onClick={() => setIsExpanded(true)} style={{ alignSelf: 'center' }}>
            {t('notices.showAll', { count: data.items.length })}
          </Button>
        )}
      </Flex>
    )
  }

  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={8}>
          <BellOutlined /> {t('notices.title')}
          {unread > 0 && <Badge count={unread} title={t('notices.unread', { count: unread })} />}
        </Flex>
      }
      style={{ height: '100%' }}
      data-testid="overview-notices"
    >
      {body()}
    </Card>
  )
}

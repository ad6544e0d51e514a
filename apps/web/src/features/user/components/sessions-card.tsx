// 登录设备: the browsers signed in to the account, this one marked; each other one can be signed out, or
// all of them at once, after a confirmation.
import { LaptopOutlined } from '@ant-design/icons'
import type { ActiveSession } from '@proxy/contract/user/endpoints'
import { App, Button, Card, Flex, Popconfirm, type TableColumnsType, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../shared/lib/format-date.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions.ts'
import { describeUserAgent } from './user-agent.ts'

export const SessionsCard = () => {
  const { t, i18n } = useTranslation('user')
  const { message } = App.useApp()
  const { data, isPending } = useSessions()
  const revoke = useRevokeSession()
  const revokeOthers = useRevokeOtherSessions()
  const items = data?.items ?? []
  const hasOthers = items.some((session) => !session.current)

  const onRevoke = (id: string) =>
    revoke.mutateAsync(id).then(() => void message.success(t('security.sessions.revoked')))
  const onRevokeOthers = () =>
    revokeOthers
      .mutateAsync()
      .then(({ revoked }) => void message.success(t('security.sessions.revokedOthers', { count: revoked })))

  const columns: TableColumnsType<ActiveSession> = [
    {
      title: t('security.sessions.browser'),
      key: 'browser',
      ellipsis: true,
      render: (_, session) => (
        <Flex gap={8} align="center" wrap>
          <span title={session.userAgent ?? undefined}>
            {describeUserAgent(session.userAgent) ?? t('security.sessions.unknown')}
          </span>
          {session.current && <Tag color="processing">{t('security.sessions.current')}</Tag>}
        </Flex>
      ),
    },
    { title: t('security.sessions.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
    {
      title: t('security.sessions.createdAt'),
      dataIndex: 'createdAt',
      responsive: ['md'],
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      title: t('security.sessions.lastSeenAt'),
      dataIndex: 'lastSeenAt',
      responsive: ['sm'],
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      key: 'actions',
      align: 'right',
      render: (_, session) =>
        !session.current && (
          <Popconfirm
            title={t('security.sessions.revoke')}
            description={<div style={{ maxWidth: 260 }}>{t('security.sessions.revokeConfirm')}</div>}
            okButtonProps={{ danger: true }}
            onConfirm={() => onRevoke(session.id)}
          >
            <Button type="link" danger size="small" data-testid="revoke-session">
              {t('security.sessions.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ]

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <LaptopOutlined />
          {t('security.sessions.title')}
        </Flex>
      }
      extra={
        <Popconfirm
          title={t('security.sessions.revokeOthers')}
          description={<div style={{ maxWidth: 260 }}>{t('security.sessions.revokeOthersConfirm')}</div>}
          okButtonProps={{ danger: true }}
          onConfirm={onRevokeOthers}
          disabled={!hasOthers}
        >
          <Button danger size="small" disabled={!hasOthers} data-testid="revoke-other-sessions">
            {t('security.sessions.revokeOthers')}
          </Button>
        </Popconfirm>
      }
      data-testid="sessions-card"
    >
      <Typography.Paragraph type="secondary">{t('security.sessions.description')}</Typography.Paragraph>
      <PagedTable<ActiveSession>
        items={items}
        columns={columns}
        rowKey="id"
        paging={false}
        isLoading={isPending}
        size="small"
        fitsWidth
        empty={t('security.sessions.empty')}
        data-testid="sessions-table"
      />
    </Card>
  )
}

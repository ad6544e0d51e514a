// /admin/sessions: the operator's own sessions, each revocable but the one in use, and the way to a
// password change.
import type { OperatorSession } from '@proxy/contract/admin/auth'
import { App, Button, Flex, Popconfirm, Tag, Typography, theme } from 'antd'
import { Link } from 'react-router'
import { formatLocalDateTime } from '../../shared/lib/format-date.ts'
import { CardLine } from '../../shared/ui/paged-table/card-line.tsx'
import { dateTimeColumn } from '../../shared/ui/paged-table/columns.tsx'
import { PagedTable } from '../../shared/ui/paged-table/paged-table.tsx'
import { useOperatorSessions, useRevokeSession } from '../api/operator.ts'
import { useAdminT } from '../app/i18n.ts'

const RevokeButton = ({ session }: { session: OperatorSession }) => {
  const { t } = useAdminT()
  const { message } = App.useApp()
  const revoke = useRevokeSession()
  if (session.isCurrent) return <Tag color="green">{t('sessions.current')}</Tag>
  return (
    <Popconfirm
      title={t('sessions.revokeConfirm')}
      okText={t('sessions.revoke')}
      cancelText={t('customers.cancel')}
      onConfirm={() => revoke.mutateAsync(session.id).then(() => void message.success(t('sessions.revoked')))}
    >
      <Button size="small" danger loading={revoke.isPending} data-testid="session-revoke">
        {t('sessions.revoke')}
      </Button>
    </Popconfirm>
  )
}

export const SessionsPage = () => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const sessions = useOperatorSessions()
  return (
    <Flex vertical gap={token.margin}>
      <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('sessions.title')}
        </Typography.Title>
        <Link to="/password" data-testid="sessions-change-password">
          {t('sessions.changePassword')}
        </Link>
      </Flex>
      <PagedTable<OperatorSession>
        items={sessions.data?.items ?? []}
        rowKey="id"
        paging={false}
        isLoading={sessions.isPending}
        empty={t('sessions.empty')}
        columns={[
          dateTimeColumn(t('sessions.createdAt'), 'createdAt'),
          dateTimeColumn(t('sessions.lastSeenAt'), 'lastSeenAt'),
          dateTimeColumn(t('sessions.expiresAt'), 'expiresAt'),
          { title: t('sessions.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
          { title: t('sessions.userAgent'), dataIndex: 'userAgent', ellipsis: true },
          { key: 'revoke', render: (_, session) => <RevokeButton session={session} /> },
        ]}
        renderCard={(session) => (
          <Flex vertical gap={token.marginXXS}>
            <CardLine label={t('sessions.lastSeenAt')}>{formatLocalDateTime(session.lastSeenAt)}</CardLine>
            <CardLine label={t('sessions.ip')}>{session.ip ?? '—'}</CardLine>
            <CardLine label={t('sessions.userAgent')}>
              <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                {session.userAgent ?? '—'}
              </Typography.Text>
            </CardLine>
            <Flex justify="end">
              <RevokeButton session={session} />
            </Flex>
          </Flex>
        )}
        data-testid="sessions-table"
      />
    </Flex>
  )
}

// /admin/operators (owners): the operators with their role, last sign-in and open sessions, each one's
// role change and disable / enable behind a confirmation; the pending invitations, each revocable; and
// the invite dialog, which shows the new link once.
import type { PendingInvitation, TeamOperator } from '@proxy/contract/admin/operators'
import { App, Button, Flex, Popconfirm, Tag, Typography, theme } from 'antd'
import { useState } from 'react'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { dateTimeColumn } from '../../../shared/ui/paged-table/columns.tsx'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { useRevokeInvitation, useSetDisabled, useTeam } from '../../api/operators.ts'
import { useAdminT } from '../../app/i18n.ts'
import { useSignedInOperator } from '../../app/operator-context.ts'
import { ListPage } from '../list-page.tsx'
import { InviteModal } from './invite-modal.tsx'
import { RoleModal } from './role-modal.tsx'

const StatusTag = ({ operator }: { operator: TeamOperator }) => {
  const { t } = useAdminT()
  return operator.disabledAt ? (
    <Tag color="red">{t('operators.status.disabled')}</Tag>
  ) : (
    <Tag color="green">{t('operators.status.active')}</Tag>
  )
}

const OperatorActions = ({ operator, onRole }: { operator: TeamOperator; onRole: () => void }) => {
  const { t } = useAdminT()
  const { message } = App.useApp()
  const me = useSignedInOperator()
  const setDisabled = useSetDisabled()
  const isSelf = operator.id === me.id
  const disabling = operator.disabledAt === null
  const texts = disabling ? 'disable' : 'enable'
  return (
    <Flex gap={8} wrap justify="end">
      <Button size="small" onClick={onRole} data-testid="operator-role">
        {t('operators.roleChange.action')}
      </Button>
      {!isSelf && (
        <Popconfirm
          title={t(`operators.${texts}.title`, { email: operator.email })}
          description={t(`operators.${texts}.body`)}
          okText={t(`operators.${texts}.ok`)}
          okButtonProps={{ danger: disabling }}
          cancelText={t('operators.cancel')}
          onConfirm={() =>
            setDisabled
              .mutateAsync({ id: operator.id, disabled: disabling })
              .then(() => void message.success(t(`operators.${texts}.done`)))
          }
        >
          <Button
            size="small"
            danger={disabling}
            loading={setDisabled.isPending}
            data-testid={`operator-${texts}`}
          >
            {t(`operators.${texts}.action`)}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  )
}

const RevokeButton = ({ invitation }: { invitation: PendingInvitation }) => {
  const { t } = useAdminT()
  const { message } = App.useApp()
  const revoke = useRevokeInvitation()
  return (
    <Popconfirm
      title={t('operators.revoke.title', { email: invitation.email })}
      okText={t('operators.revoke.ok')}
      okButtonProps={{ danger: true }}
      cancelText={t('operators.cancel')}
      onConfirm={() =>
        revoke.mutateAsync(invitation.id).then(() => void message.success(t('operators.revoke.done')))
      }
    >
      <Button size="small" danger loading={revoke.isPending} data-testid="invitation-revoke">
        {t('operators.revoke.action')}
      </Button>
    </Popconfirm>
  )
}

export const OperatorsPage = () => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const me = useSignedInOperator()
  const team = useTeam()
  const [inviting, setInviting] = useState(false)
  const [roleOf, setRoleOf] = useState<TeamOperator | null>(null)
  const when = (value: string | null) => (value ? formatLocalDateTime(value) : t('operators.never'))
  const emailOf = (operator: TeamOperator) => (
    <Flex gap={4} align="center" wrap>
      <Typography.Text strong={operator.id === me.id} style={{ wordBreak: 'break-all' }}>
        {operator.email}
      </Typography.Text>
      {operator.id === me.id && <Tag>{t('operators.you')}</Tag>}
    </Flex>
  )

  return (
    <ListPage
      title={t('operators.title')}
      filters={
        <Button type="primary" onClick={() => setInviting(true)} data-testid="operators-invite">
          {t('operators.invite.action')}
        </Button>
      }
    >
      <PagedTable<TeamOperator>
        items={team.data?.operators ?? []}
        rowKey="id"
        paging={false}
        isLoading={team.isPending}
        empty={t('operators.empty')}
        columns={[
          { title: t('operators.email'), key: 'email', render: (_, row) => emailOf(row) },
          {
            title: t('operators.role'),
            dataIndex: 'role',
            render: (role: TeamOperator['role']) => t(`roles.${role}`),
          },
          {
            title: t('operators.statusTitle'),
            key: 'status',
            render: (_, row) => <StatusTag operator={row} />,
          },
          {
            title: t('operators.lastSignInAt'),
            dataIndex: 'lastSignInAt',
            render: (value: string | null) => when(value),
          },
          { title: t('operators.openSessions'), dataIndex: 'openSessions', align: 'right' },
          dateTimeColumn<TeamOperator>(t('operators.createdAt'), 'createdAt', { withSeconds: false }),
          {
            key: 'actions',
            render: (_, row) => <OperatorActions operator={row} onRole={() => setRoleOf(row)} />,
          },
        ]}
        renderCard={(row) => (
          <Flex vertical gap={token.marginXXS}>
            {emailOf(row)}
            <CardLine label={t('operators.role')}>{t(`roles.${row.role}`)}</CardLine>
            <CardLine label={t('operators.statusTitle')}>
              <StatusTag operator={row} />
            </CardLine>
            <CardLine label={t('operators.lastSignInAt')}>{when(row.lastSignInAt)}</CardLine>
            <CardLine label={t('operators.openSessions')}>{row.openSessions}</CardLine>
            <OperatorActions operator={row} onRole={() => setRoleOf(row)} />
          </Flex>
        )}
        rowTestId="operator-row"
        data-testid="operators-table"
      />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('operators.invitations')}
      </Typography.Title>
      <PagedTable<PendingInvitation>
        items={team.data?.invitations ?? []}
        rowKey="id"
        paging={false}
        isLoading={team.isPending}
        empty={t('operators.noInvitations')}
        columns={[
          { title: t('operators.email'), dataIndex: 'email' },
          {
            title: t('operators.role'),
            dataIndex: 'role',
            render: (role: PendingInvitation['role']) => t(`roles.${role}`),
          },
          {
            title: t('operators.invitedBy'),
            dataIndex: 'invitedBy',
            render: (value: string | null) => value ?? '—',
          },
          {
            title: t('operators.opened'),
            dataIndex: 'opened',
            render: (value: boolean) => t(value ? 'operators.yes' : 'operators.no'),
          },
          dateTimeColumn<PendingInvitation>(t('operators.expiresAt'), 'expiresAt', { withSeconds: false }),
          { key: 'revoke', render: (_, row) => <RevokeButton invitation={row} /> },
        ]}
        renderCard={(row) => (
          <Flex vertical gap={token.marginXXS}>
            <Typography.Text strong style={{ wordBreak: 'break-all' }}>
              {row.email}
            </Typography.Text>
            <CardLine label={t('operators.role')}>{t(`roles.${row.role}`)}</CardLine>
            <CardLine label={t('operators.expiresAt')}>{formatLocalDateTime(row.expiresAt)}</CardLine>
            <Flex justify="end">
              <RevokeButton invitation={row} />
            </Flex>
          </Flex>
        )}
        rowTestId="invitation-row"
        data-testid="invitations-table"
      />
      <InviteModal open={inviting} onClose={() => setInviting(false)} />
      <RoleModal operator={roleOf} onClose={() => setRoleOf(null)} />
    </ListPage>
  )
}

// /admin/nodes: every proxy node with its health at a glance (status from the last heartbeat, its age
// and time, push lag, open tunnels, version, refused destinations); add a node, rotate its token,
// revoke it, see whose tunnels it refused. A token is shown once, in the answer that made it. A table
// on a desk, cards on a phone. Below it, the destination policy every node applies.

import { PlusOutlined } from '@ant-design/icons'
import type { AdminNode } from '@proxy/contract/admin/nodes'
import { App, Button, Empty, Flex, Typography, theme } from 'antd'
import { useState } from 'react'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import { NoValue } from '../../../shared/ui/paged-table/columns.tsx'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { useNodes, useRevokeNode, useRotateNodeToken } from '../../api/nodes.ts'
import { useAdminT } from '../../app/i18n.ts'
import { ListPage } from '../list-page.tsx'
import { AddNodeModal } from './add-node-modal.tsx'
import { Heartbeat, NodeStatusTag } from './node-cells.tsx'
import { formatLag, useNow } from './node-time.ts'
import { PasswordGuessingPanel } from './password-guessing.tsx'
import { PolicyCard } from './policy-card.tsx'
import { RefusalsDrawer } from './refusals-drawer.tsx'
import { type IssuedToken, TokenModal } from './token-modal.tsx'

type Row = AdminNode

export const NodesPage = () => {
  const { t, language } = useAdminT()
  const { token } = theme.useToken()
  const { modal, message } = App.useApp()
  const nodes = useNodes()
  const rotate = useRotateNodeToken()
  const revoke = useRevokeNode()
  const now = useNow(15_000)
  const [isAdding, setIsAdding] = useState(false)
  const [issued, setIssued] = useState<IssuedToken | null>(null)
  const [refusalsOf, setRefusalsOf] = useState<Row | null>(null)

  const confirmRotate = (node: Row) =>
    modal.confirm({
      title: t('nodes.rotate.title', { name: node.name }),
      content: t('nodes.rotate.body'),
      okText: t('nodes.rotate.ok'),
      cancelText: t('nodes.cancel'),
      onOk: async () => {
        const rotated = await rotate.mutateAsync(node.id)
        setIssued({ nodeName: rotated.node.name, token: rotated.token, isRotation: true })
        rotate.reset()
      },
    })

  const confirmRevoke = (node: Row) =>
    modal.confirm({
      title: t('nodes.revoke.title', { name: node.name }),
      content: t('nodes.revoke.body'),
      okText: t('nodes.revoke.ok'),
      okButtonProps: { danger: true },
      cancelText: t('nodes.cancel'),
      onOk: async () => {
        await revoke.mutateAsync(node.id)
        void message.success(t('nodes.revoke.done'))
      },
    })

  const lag = (row: Row) => (row.pushLagMs === null ? <NoValue /> : formatLag(row.pushLagMs, language))
  const count = (value: number | null) => (value === null ? <NoValue /> : value)
  const refused = (row: Row) => (
    <Button size="small" type="link" onClick={() => setRefusalsOf(row)} data-testid="node-refusals">
      {row.refusals}
    </Button>
  )
  const actions = (row: Row) =>
    row.status === 'revoked' ? (
      <Typography.Text type="secondary">{t('nodes.revokedHint')}</Typography.Text>
    ) : (
      <Flex gap={token.marginXS} wrap>
        <Button size="small" onClick={() => confirmRotate(row)} data-testid="node-rotate">
          {t('nodes.rotate.action')}
        </Button>
        <Button size="small" danger onClick={() => confirmRevoke(row)} data-testid="node-revoke">
          {t('nodes.revoke.action')}
        </Button>
      </Flex>
    )
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAdding(true)} data-testid="node-add">
      {t('nodes.add.action')}
    </Button>
  )

  return (
    <ListPage title={t('nodes.title')} filters={addButton}>
      <PagedTable<Row>
        items={nodes.data?.items ?? []}
        isLoading={nodes.isPending}
        paging={false}
        rowKey="id"
        empty={
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nodes.empty')}>
            {t('nodes.emptyHint')}
          </Empty>
        }
        columns={[
          { title: t('nodes.name'), dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
          { title: t('nodes.host'), dataIndex: 'host' },
          {
            title: t('nodes.status'),
            dataIndex: 'status',
            render: (_, row) => <NodeStatusTag status={row.status} />,
          },
          {
            title: t('nodes.lastSeenAt'),
            dataIndex: 'lastSeenAt',
            render: (_, row) => <Heartbeat at={row.lastSeenAt} now={now} />,
          },
          { title: t('nodes.pushLag'), dataIndex: 'pushLagMs', align: 'right', render: (_, row) => lag(row) },
          {
            title: t('nodes.openTunnels'),
            dataIndex: 'openTunnels',
            align: 'right',
            render: (_, row) => count(row.openTunnels),
          },
          { title: t('nodes.version'), dataIndex: 'version', render: (_, row) => row.version ?? <NoValue /> },
          {
            title: t('nodes.refusalsColumn'),
            dataIndex: 'refusals',
            align: 'right',
            render: (_, row) => refused(row),
          },
          { title: '', key: 'actions', render: (_, row) => actions(row) },
        ]}
        renderCard={(row) => (
          <Flex vertical gap={token.marginXXS}>
            <Flex justify="space-between" align="center" gap={token.marginXS}>
              <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
                {row.name}
              </Typography.Text>
              <NodeStatusTag status={row.status} />
            </Flex>
            <CardLine label={t('nodes.host')}>
              <span style={{ wordBreak: 'break-all' }}>{row.host}</span>
            </CardLine>
            <CardLine label={t('nodes.lastSeenAt')}>
              <Heartbeat at={row.lastSeenAt} now={now} />
            </CardLine>
            <CardLine label={t('nodes.pushLag')}>{lag(row)}</CardLine>
            <CardLine label={t('nodes.openTunnels')}>{count(row.openTunnels)}</CardLine>
            <CardLine label={t('nodes.version')}>{row.version ?? <NoValue />}</CardLine>
            <CardLine label={t('nodes.refusalsColumn')}>{refused(row)}</CardLine>
            <div style={{ marginTop: token.marginXS }}>{actions(row)}</div>
          </Flex>
        )}
        rowTestId="node-row"
        data-testid="nodes-table"
      />
      <PasswordGuessingPanel nodes={nodes.data?.items ?? []} now={now} />
      <PolicyCard />
      <AddNodeModal
        open={isAdding}
        onClose={() => setIsAdding(false)}
        onAdded={(added) => {
          setIsAdding(false)
          setIssued({ nodeName: added.node.name, token: added.token, isRotation: false })
        }}
      />
      <TokenModal issued={issued} onClose={() => setIssued(null)} />
      <RefusalsDrawer node={refusalsOf} onClose={() => setRefusalsOf(null)} />
    </ListPage>
  )
}

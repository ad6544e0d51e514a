// The credentials whose tunnels one node refused most (its destination policy: SMTP, the deny list,
// its own and private addresses), with their customers: an id to look them up, the email masked.
import type { AdminNode, NodeRefusal } from '@proxy/contract/admin/nodes'
import { Drawer, Empty, Flex, Table, Tag, Typography } from 'antd'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useNodeRefusals } from '../../api/nodes.ts'
import { useAdminT } from '../../app/i18n.ts'

export const RefusalsDrawer = ({ node, onClose }: { node: AdminNode | null; onClose: () => void }) => {
  const { t } = useAdminT()
  const isNarrow = useIsNarrow()
  const refusals = useNodeRefusals(node?.id ?? null)

  const customer = (row: NodeRefusal) =>
    row.customerId === null ? (
      <Typography.Text type="secondary">{t('nodes.refusals.gone')}</Typography.Text>
    ) : (
      <Flex vertical>
        <span>{row.customerEmail}</span>
        <Typography.Text type="secondary" copyable style={{ fontSize: 12 }}>
          {row.customerId}
        </Typography.Text>
      </Flex>
    )

  return (
    <Drawer
      open={node !== null}
      onClose={onClose}
      title={node && t('nodes.refusals.title', { name: node.name })}
      width={isNarrow ? '100%' : 720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('nodes.refusals.hint')}</Typography.Paragraph>
      <Table<NodeRefusal>
        size="small"
        rowKey={(row) => `${row.kind}:${row.credentialId}`}
        loading={refusals.isPending}
        dataSource={refusals.data?.items ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nodes.refusals.empty')} />,
        }}
        onRow={() => ({ 'data-testid': 'refusal-row' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('nodes.refusals.credential'),
            key: 'credential',
            render: (_, row) => (
              <Flex vertical>
                <Tag style={{ width: 'fit-content' }}>{t(`nodes.refusals.kinds.${row.kind}`)}</Tag>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.credentialId}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: t('nodes.refusals.customer'), key: 'customer', render: (_, row) => customer(row) },
          { title: t('nodes.refusals.count'), dataIndex: 'count', align: 'right' },
          {
            title: t('nodes.refusals.lastRefusedAt'),
            dataIndex: 'lastRefusedAt',
            render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatLocalDateTime(at)}</span>,
          },
        ]}
      />
    </Drawer>
  )
}

// Password guessing per node, as each node's last heartbeat reported it: wrong passwords and blocks
// since its gateway started, the sources it refuses now, and its worst sources (an IPv4 address or an
// IPv6 /64) with their wrong passwords and how long each stays blocked.
import type { AdminNode } from '@proxy/contract/admin/nodes'
import type { PasswordGuessing } from '@proxy/contract/nodes/endpoints'
import { Card, Empty, Flex, Table, Typography, theme } from 'antd'
import type { HTMLAttributes } from 'react'
import { formatLocalDateTime } from '../../../shared/lib/format-date.ts'
import { useAdminT } from '../../app/i18n.ts'

type Offender = PasswordGuessing['offenders'][number]

export const PasswordGuessingPanel = ({ nodes, now }: { nodes: AdminNode[]; now: number }) => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const active = nodes.filter((node) => node.status !== 'revoked')
  if (active.length === 0) return null
  return (
    <Card title={t('nodes.guessing.title')} size="small" data-testid="guessing">
      <Flex vertical gap={token.margin}>
        <Typography.Text type="secondary">{t('nodes.guessing.hint')}</Typography.Text>
        {active.map((node) => (
          <NodeGuessing key={node.id} node={node} now={now} />
        ))}
      </Flex>
    </Card>
  )
}

const NodeGuessing = ({ node, now }: { node: AdminNode; now: number }) => {
  const { t, language } = useAdminT()
  const { token } = theme.useToken()
  const figures = node.passwordGuessing
  const number = (value: number) => value.toLocaleString(language)
  return (
    <Flex vertical gap={token.marginXS} data-testid="guessing-node">
      <Typography.Text strong>{node.name}</Typography.Text>
      {figures ? (
        <>
          <Typography.Text data-testid="guessing-totals">
            {t('nodes.guessing.totals', {
              failures: number(figures.failures),
              blocks: number(figures.blocks),
              blocked: number(figures.blockedSources),
            })}
          </Typography.Text>
          <Table<Offender>
            size="small"
            rowKey="source"
            pagination={false}
            dataSource={figures.offenders}
            onRow={() => ({ 'data-testid': 'guessing-source' }) as HTMLAttributes<HTMLElement>}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nodes.guessing.empty')} />
              ),
            }}
            columns={[
              {
                title: t('nodes.guessing.source'),
                dataIndex: 'source',
                render: (source: string) => <Typography.Text code>{source}</Typography.Text>,
              },
              {
                title: t('nodes.guessing.failures'),
                dataIndex: 'failures',
                align: 'right',
                render: number,
              },
              {
                title: t('nodes.guessing.blockedUntil'),
                dataIndex: 'blockedUntil',
                render: (until: string | null) =>
                  until !== null && Date.parse(until) > now ? (
                    formatLocalDateTime(until)
                  ) : (
                    <Typography.Text type="secondary">{t('nodes.guessing.notBlocked')}</Typography.Text>
                  ),
              },
            ]}
          />
        </>
      ) : (
        <Typography.Text type="secondary">{t('nodes.guessing.unreported')}</Typography.Text>
      )}
    </Flex>
  )
}

// The sub-users as a table, and on a phone as cards: username to copy, status, limit bar, usage, tunnel
// cap, auto-stop, note and the actions.
import type { SubUser } from '@proxy/contract/traffic/sub-users'
import { Empty, Flex, type TableColumnsType, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { CopyableCode } from '../../../shared/ui/copyable-code.tsx'
import { CardLine } from '../../../shared/ui/paged-table/card-line.tsx'
import type { PagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import { SubUserActions, type SubUserHandlers } from './sub-user-actions.tsx'
import { SubUserAutoStop, SubUserLimit, SubUserStatus, SubUserUsage } from './sub-user-bits.tsx'

type Props = { list: PagedList<SubUser>; handlers: SubUserHandlers }

export const SubUserTable = ({ list, handlers }: Props) => {
  const { t } = useTranslation('traffic', { keyPrefix: 'subUsers' })
  const { token } = theme.useToken()
  const tunnels = (sub: SubUser) =>
    sub.maxTunnels ?? <Typography.Text type="secondary">{t('nodeCap')}</Typography.Text>
  const note = (sub: SubUser) =>
    sub.note ? (
      <Typography.Text ellipsis={{ tooltip: sub.note }} style={{ maxWidth: 180 }}>
        {sub.note}
      </Typography.Text>
    ) : (
      <Typography.Text type="secondary">—</Typography.Text>
    )
  const columns: TableColumnsType<SubUser> = [
    {
      title: t('columns.username'),
      dataIndex: 'username',
      render: (_, sub) => <CopyableCode value={sub.username} iconOnly data-testid="sub-user-username" />,
    },
    { title: t('columns.status'), dataIndex: 'status', render: (_, sub) => <SubUserStatus sub={sub} /> },
    { title: t('columns.limit'), dataIndex: 'limit', render: (_, sub) => <SubUserLimit sub={sub} /> },
    { title: t('columns.usage'), dataIndex: 'usage', render: (_, sub) => <SubUserUsage sub={sub} /> },
    { title: t('columns.tunnels'), dataIndex: 'maxTunnels', render: (_, sub) => tunnels(sub) },
    {
      title: t('columns.autoStop'),
      dataIndex: 'autoStopBytes',
      render: (_, sub) => <SubUserAutoStop sub={sub} />,
    },
    { title: t('columns.note'), dataIndex: 'note', render: (_, sub) => note(sub) },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_, sub) => <SubUserActions sub={sub} handlers={handlers} />,
    },
  ]

  const card = (sub: SubUser) => (
    <Flex vertical gap={token.marginXS} data-testid="sub-user-card">
      <Flex justify="space-between" align="flex-start" gap={token.marginXS}>
        <CopyableCode value={sub.username} isLong iconOnly data-testid="sub-user-username" />
        <SubUserStatus sub={sub} />
      </Flex>
      <SubUserLimit sub={sub} />
      <SubUserUsage sub={sub} />
      <CardLine label={t('columns.tunnels')}>{tunnels(sub)}</CardLine>
      <CardLine label={t('columns.autoStop')}>
        <SubUserAutoStop sub={sub} />
      </CardLine>
      {sub.note && <Typography.Text type="secondary">{sub.note}</Typography.Text>}
      <SubUserActions sub={sub} handlers={handlers} />
    </Flex>
  )

  return (
    <PagedTable<SubUser>
      items={list.items}
      columns={columns}
      rowKey="id"
      paging={list.paging}
      isLoading={list.isLoading}
      isFiltered={list.isFiltered}
      empty={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical gap={token.marginXXS}>
              <Typography.Text strong>{t('empty')}</Typography.Text>
              <Typography.Text type="secondary">{t('emptyHint')}</Typography.Text>
            </Flex>
          }
          data-testid="sub-users-empty"
        />
      }
      renderCard={card}
      rowTestId="sub-user-row"
      data-testid="sub-user-table"
    />
  )
}

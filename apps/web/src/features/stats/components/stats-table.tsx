// Succeeded and failed tunnels per bucket with the reasons, newest first. On a phone the reasons fold into
// each row's expansion, so the table never scrolls sideways.
import { TUNNEL_FAILURE_REASONS } from '@proxy/contract/stats/reasons'
import { Flex, Table, type TableColumnsType, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { reasonsOf, type StatsRow } from './stats-rows.ts'

export const StatsTable = ({ rows, isNarrow }: { rows: StatsRow[]; isNarrow: boolean }) => {
  const { t } = useTranslation('stats')
  const count = (key: 'opened' | 'succeeded' | 'failed' | 'peakConcurrent', title: string) => ({
    key,
    dataIndex: key,
    title,
    align: 'right' as const,
  })
  const reasonColumns: TableColumnsType<StatsRow> = TUNNEL_FAILURE_REASONS.map((reason) => ({
    key: reason,
    title: t(`reasons.${reason}`),
    align: 'right',
    render: (_, row) => row.failures[reason] || <Typography.Text type="secondary">0</Typography.Text>,
  }))
  const columns: TableColumnsType<StatsRow> = [
    { key: 'label', dataIndex: 'label', title: t('table.time'), width: isNarrow ? undefined : 150 },
    ...(isNarrow ? [] : [count('opened', t('figures.opened'))]),
    count('succeeded', t('figures.succeeded')),
    count('failed', t('figures.failed')),
    ...(isNarrow ? [] : reasonColumns),
    count('peakConcurrent', t('figures.peak')),
  ]
  return (
    <Table<StatsRow>
      rowKey="time"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={{ pageSize: 24, hideOnSinglePage: true, size: 'small' }}
      scroll={isNarrow ? undefined : { x: 'max-content' }}
      expandable={
        isNarrow
          ? {
              rowExpandable: (row) => row.failed > 0,
              expandedRowRender: (row) => (
                <Flex gap={4} wrap>
                  {reasonsOf(row).map(({ reason, count: n }) => (
                    <Tag key={reason}>{`${t(`reasons.${reason}`)} ${n}`}</Tag>
                  ))}
                </Flex>
              ),
            }
          : undefined
      }
      data-testid="stats-table"
    />
  )
}

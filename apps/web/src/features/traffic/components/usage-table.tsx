// The buckets as a table, newest first and paged on the client (the answer holds them all). On phones the
// time loses its year and up/down sit under the total, so nothing scrolls sideways.
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { Flex, type TableColumnsType, type TableColumnType, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { PagedTable } from '../../../shared/ui/paged-table/paged-table.tsx'
import type { UsageRow } from './usage-rows.ts'

const PAGE_SIZES = [24, 48, 100]
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

/** `rows` newest first. */
export const UsageTable = ({ rows, isNarrow }: { rows: UsageRow[]; isNarrow: boolean }) => {
  const { t, i18n } = useTranslation('traffic', { keyPrefix: 'usage' })
  const { token } = theme.useToken()
  const bytes = (value: number) => <span style={numeric}>{formatBytes(value, i18n.language)}</span>
  const time: TableColumnType<UsageRow> = {
    title: t('table.time'),
    dataIndex: 'time',
    render: (value: string) => <span style={numeric}>{isNarrow ? value.slice(5) : value}</span>,
  }
  const idle = (row: UsageRow) => (
    <Typography.Text type="secondary" data-testid="usage-idle">
      {t('table.idle', { count: row.idleHours })}
    </Typography.Text>
  )
  // An idle stretch is one cell across the three byte columns.
  const spanFirst = (row: UsageRow) => ({ colSpan: row.idleHours ? 3 : 1 })
  const spanRest = (row: UsageRow) => ({ colSpan: row.idleHours ? 0 : 1 })
  const columns: TableColumnsType<UsageRow> = isNarrow
    ? [
        time,
        {
          title: t('table.total'),
          dataIndex: 'totalBytes',
          align: 'right',
          render: (_, row) =>
            row.idleHours ? (
              idle(row)
            ) : (
              <Flex vertical align="flex-end">
                <Typography.Text strong style={numeric}>
                  {formatBytes(row.totalBytes, i18n.language)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ ...numeric, fontSize: token.fontSizeSM }}>
                  <ArrowUpOutlined aria-label={t('table.up')} /> {formatBytes(row.upBytes, i18n.language)}{' '}
                  <ArrowDownOutlined aria-label={t('table.down')} />{' '}
                  {formatBytes(row.downBytes, i18n.language)}
                </Typography.Text>
              </Flex>
            ),
        },
      ]
    : [
        time,
        {
          title: t('table.up'),
          dataIndex: 'upBytes',
          align: 'right',
          onCell: spanFirst,
          render: (value: number, row) => (row.idleHours ? idle(row) : bytes(value)),
        },
        { title: t('table.down'), dataIndex: 'downBytes', align: 'right', onCell: spanRest, render: bytes },
        { title: t('table.total'), dataIndex: 'totalBytes', align: 'right', onCell: spanRest, render: bytes },
      ]
  return (
    <PagedTable<UsageRow>
      items={rows}
      columns={columns}
      rowKey="startsAt"
      paging={{ pageSizes: PAGE_SIZES }}
      size="small"
      totalText={(total) => t('table.count', { total })}
      data-testid="usage-table"
    />
  )
}

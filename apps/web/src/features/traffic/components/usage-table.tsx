// The buckets as a table, newest first and paged on the client (the answer holds them all). On phones the
// time loses its year and up/down sit under the total, so nothing scrolls sideways.
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons'
import { Flex, Table, type TableProps, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import type { UsageRow } from './usage-rows.ts'

const PAGE_SIZES = [24, 48, 100]
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

/** `rows` newest first. */
export const UsageTable = ({ rows, isNarrow }: { rows: UsageRow[]; isNarrow: boolean }) => {
  const { t, i18n } = useTranslation('usage')
  const { token } = theme.useToken()
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0])
  const bytes = (value: number) => <span style={numeric}>{formatBytes(value, i18n.language)}</span>
  const time: NonNullable<TableProps<UsageRow>['columns']>[number] = {
    title: t('table.time'),
    dataIndex: 'time',
    render: (value: string) => <span style={numeric}>{isNarrow ? value.slice(5) : value}</span>,
  }
  const columns: TableProps<UsageRow>['columns'] = isNarrow
    ? [
        time,
        {
          title: t('table.total'),
          dataIndex: 'totalBytes',
          align: 'right',
          render: (_, row) => (
            <Flex vertical align="flex-end">
              <Typography.Text strong style={numeric}>
                {formatBytes(row.totalBytes, i18n.language)}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ ...numeric, fontSize: token.fontSizeSM }}>
                <ArrowUpOutlined aria-label={t('table.up')} /> {formatBytes(row.upBytes, i18n.language)}{' '}
                <ArrowDownOutlined aria-label={t('table.down')} /> {formatBytes(row.downBytes, i18n.language)}
              </Typography.Text>
            </Flex>
          ),
        },
      ]
    : [
        time,
        { title: t('table.up'), dataIndex: 'upBytes', align: 'right', render: bytes },
        { title: t('table.down'), dataIndex: 'downBytes', align: 'right', render: bytes },
        { title: t('table.total'), dataIndex: 'totalBytes', align: 'right', render: bytes },
      ]
  return (
    <Table<UsageRow>
      size="small"
      rowKey="startsAt"
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={{
        pageSize,
        showSizeChanger: !isNarrow,
        pageSizeOptions: PAGE_SIZES,
        size: 'small',
        showTotal: (total) => t('table.count', { total }),
        onShowSizeChange: (_, size) => setPageSize(size),
      }}
      data-testid="usage-table"
    />
  )
}

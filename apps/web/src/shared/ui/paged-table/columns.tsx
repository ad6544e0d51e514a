// Columns the lists share: an order number to copy, money, a local time, and a link that opens the row.
// Each helper takes the title and the field; the cell renders as every table showed it before.
import { Button, type TableColumnType, Typography, theme } from 'antd'
import type { CSSProperties } from 'react'
import { formatLocalDateTime } from '../../lib/format-date.ts'
import { Money } from '../money.tsx'

/** Cells that must stay on one line so a table scrolls sideways rather than wrapping them. */
export const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' }

/** A field of T whose values are of type V. */
type FieldOf<T, V> = { [K in keyof T & string]: T[K] extends V ? K : never }[keyof T & string]

/** An identifier (an order number) in the code font with antd's inline copy icon; small in cards. */
export const CopyableCell = ({
  value,
  isSmall = false,
  'data-testid': testId,
}: {
  value: string
  isSmall?: boolean
  'data-testid'?: string
}) => {
  const { token } = theme.useToken()
  return (
    <Typography.Text
      copyable
      style={{
        ...NOWRAP,
        fontFamily: token.fontFamilyCode,
        ...(isSmall ? { fontSize: token.fontSizeSM } : {}),
      }}
      data-testid={testId}
    >
      {value}
    </Typography.Text>
  )
}

/** What a cell shows for a missing value. */
export const NoValue = () => <Typography.Text type="secondary">—</Typography.Text>

export const copyableColumn = <T,>(
  title: string,
  dataIndex: FieldOf<T, string | null>,
): TableColumnType<T> => ({
  title,
  dataIndex,
  render: (value: string | null) => (value ? <CopyableCell value={value} /> : <NoValue />),
})

export const moneyColumn = <T,>(
  title: string,
  dataIndex: FieldOf<T, number>,
  options: { isSigned?: boolean; isStrong?: boolean } = {},
): TableColumnType<T> => ({
  title,
  dataIndex,
  align: 'right',
  render: (amount: number) => <Money amount={amount} signed={options.isSigned} strong={options.isStrong} />,
})

/** YYYY-MM-DD HH:mm(:ss) in the browser's zone; — for a time that has not come (an unpaid order's payment). */
export const dateTimeColumn = <T,>(
  title: string,
  dataIndex: FieldOf<T, string | null>,
  options: { withSeconds?: boolean } = {},
): TableColumnType<T> => ({
  title,
  dataIndex,
  render: (value: string | null) => (
    <span style={NOWRAP}>{value ? formatLocalDateTime(value, options) : '—'}</span>
  ),
})

/** A link button that opens the row (a drawer, a detail page). */
export const openColumn = <T,>(
  title: string,
  { label, onOpen, testId }: { label: string; onOpen: (row: T) => void; testId: string },
): TableColumnType<T> => ({
  title,
  key: 'actions',
  render: (_, row) => (
    <Button type="link" size="small" onClick={() => onOpen(row)} data-testid={testId}>
      {label}
    </Button>
  ),
})

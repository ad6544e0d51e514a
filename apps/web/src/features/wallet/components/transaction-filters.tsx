// Filters of the wallet entries: type and a range of whole days, plus the CSV export of what they select.
import { DownloadOutlined } from '@ant-design/icons'
import type { TransactionType } from '@proxy/contract/wallet/transactions'
import { Button, DatePicker, Flex, type GetProps, Select, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import type { DayRange } from '../../../shared/lib/date-range.ts'
import { TRANSACTION_TYPES } from './transaction-type-tag.tsx'

export type PickerRange = GetProps<typeof DatePicker.RangePicker>['value']

/** The picker's dates as calendar days (they format in local time). */
export const pickerDays = (range: PickerRange): DayRange | null => {
  const [first, last] = range ?? []
  return first && last ? { first: first.format('YYYY-MM-DD'), last: last.format('YYYY-MM-DD') } : null
}

type Props = {
  type: TransactionType | undefined
  onTypeChange: (type: TransactionType | undefined) => void
  range: PickerRange
  onRangeChange: (range: PickerRange) => void
  isNarrow: boolean
  isExporting: boolean
  onExport: () => void
}

export const TransactionFilters = ({
  type,
  onTypeChange,
  range,
  onRangeChange,
  isNarrow,
  isExporting,
  onExport,
}: Props) => {
  const { t } = useTranslation('wallet', { keyPrefix: 'transactions' })
  const { token } = theme.useToken()
  // Small screens: type and export on one line, the day range under them at full width.
  return (
    <Flex gap={token.marginSM} wrap align="center">
      <Select<TransactionType>
        allowClear
        value={type}
        placeholder={t('filters.allTypes')}
        onChange={(value) => onTypeChange(value ?? undefined)}
        options={TRANSACTION_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
        style={{ width: 140, flex: isNarrow ? 1 : 'none', order: 0 }}
        aria-label={t('columns.type')}
        data-testid="type-filter"
      />
      <DatePicker.RangePicker
        value={range}
        onChange={onRangeChange}
        allowEmpty={[false, false]}
        style={{ width: isNarrow ? '100%' : 260, order: isNarrow ? 2 : 1 }}
        data-testid="range-filter"
      />
      <Button
        icon={<DownloadOutlined />}
        loading={isExporting}
        onClick={onExport}
        style={{ marginInlineStart: 'auto', order: isNarrow ? 1 : 2 }}
        data-testid="export-csv"
      >
        {t('export')}
      </Button>
    </Flex>
  )
}

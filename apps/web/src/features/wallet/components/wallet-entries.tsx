// The 收支明细 tab: filters in the address (type, page) and in state (the day range), table and CSV export.
import type { TransactionType } from '@proxy/contract/wallet/transactions'
import { App, Flex, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../shared/http/api-error.ts'
import { describeApiError } from '../../../shared/http/describe-error.ts'
import { isLanguage } from '../../../shared/i18n/language.ts'
import { dayRangeToInstants } from '../../../shared/lib/date-range.ts'
import { pickOption, useListParams } from '../../../shared/lib/list-params.ts'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { exportTransactions } from '../api/export-transactions.ts'
import { type TransactionFilter, useTransactions } from '../api/list-transactions.ts'
import { type PickerRange, pickerDays, TransactionFilters } from './transaction-filters.tsx'
import { TransactionTable } from './transaction-table.tsx'
import { TRANSACTION_TYPES } from './transaction-type-tag.tsx'

type Props = { range: PickerRange; onRangeChange: (range: PickerRange) => void }

export const WalletEntries = ({ range, onRangeChange }: Props) => {
  const { t, i18n } = useTranslation('wallet', { keyPrefix: 'transactions' })
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const listParams = useListParams()
  const { params, page, pageSize, update } = listParams
  const [isExporting, setIsExporting] = useState(false)
  const type = pickOption<TransactionType>(params.get('type'), TRANSACTION_TYPES)
  const filter: TransactionFilter = { type, ...dayRangeToInstants(pickerDays(range)) }
  const { data, isPending, isPlaceholderData } = useTransactions({ ...filter, page, pageSize })
  const isNarrow = useIsNarrow()

  const onExport = async () => {
    setIsExporting(true)
    try {
      const fileName = await exportTransactions(filter, isLanguage(i18n.language) ? i18n.language : 'zh-CN')
      void message.success(t('exported', { fileName }))
    } catch (error) {
      const reason = isApiError(error) ? describeApiError(error) : String(error)
      void message.error(t('exportFailed', { reason }))
    } finally {
      setIsExporting(false)
    }
  }

  return (
    <Flex vertical gap={token.margin}>
      <TransactionFilters
        type={type}
        onTypeChange={(next) => update({ type: next ?? null })}
        range={range}
        onRangeChange={(next) => {
          onRangeChange(next)
          update({})
        }}
        isNarrow={isNarrow}
        isExporting={isExporting}
        onExport={() => void onExport()}
      />
      <TransactionTable
        list={pagedList(listParams, data, {
          isLoading: isPending || isPlaceholderData,
          isFiltered: filter.type !== undefined || filter.from !== undefined,
        })}
      />
    </Flex>
  )
}

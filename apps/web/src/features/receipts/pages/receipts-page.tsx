// /console/receipts: every paid top-up, order and refund with its receipt or credit note, to print or
// download as a PDF. Documents are issued when first listed and never change afterwards.
import { Alert, Card, Flex, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useListParams } from '../../../shared/lib/list-params.ts'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { useReceipts } from '../api/list-receipts.ts'
import { ReceiptTable } from '../components/receipt-table.tsx'

export const ReceiptsPage = () => {
  const { t } = useTranslation('receipts')
  const { token } = theme.useToken()
  const listParams = useListParams()
  const { page, pageSize } = listParams
  const { data, isPending, isPlaceholderData } = useReceipts({ page, pageSize })

  return (
    <Card variant="borderless">
      <Flex vertical gap={token.margin}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('intro')}
        </Typography.Paragraph>
        {data && !data.isIssuing && (
          <Alert type="info" showIcon title={t('notIssuing')} data-testid="receipts-not-issuing" />
        )}
        <ReceiptTable
          list={pagedList(listParams, data, { isLoading: isPending || isPlaceholderData, isFiltered: false })}
        />
      </Flex>
    </Card>
  )
}

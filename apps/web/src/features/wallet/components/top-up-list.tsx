// What the top-up order list hands its two views (a table on wide screens, cards on phones), and
// the one action both offer.
import type { TopUpOrder } from '@proxy/contract/wallet/topups'
import { Button } from 'antd'
import { useTranslation } from 'react-i18next'

export type TopUpListProps = {
  items: TopUpOrder[]
  total: number
  page: number
  pageSize: number
  isLoading: boolean
  isFiltered: boolean
  now: number
  onPage: (page: number, pageSize: number) => void
  /** Undefined for orders that cannot be paid any more. */
  continueOf: (order: TopUpOrder) => (() => void) | undefined
}

export const ContinueButton = ({ order, onClick }: { order: TopUpOrder; onClick: () => void }) => {
  const { t } = useTranslation('wallet')
  return (
    <Button
      type="link"
      size="small"
      style={{ paddingInline: 0 }}
      onClick={onClick}
      data-testid={`continue-${order.orderNo}`}
    >
      {t('actions.continuePay')}
    </Button>
  )
}

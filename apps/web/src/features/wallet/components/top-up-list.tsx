// What the top-up order list hands its table (and its cards on phones), and the one action both offer.
import type { TopUpOrder } from '@proxy/contract/wallet/topups'
import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import type { PagedList } from '../../../shared/ui/paged-table/paged-list.ts'

export type TopUpListProps = {
  list: PagedList<TopUpOrder>
  now: number
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

// The 充值订单 tab: status filter in the address, server-side paging, a table (cards on small screens).
import type { TopUpOrder } from '@proxy/contract/wallet/topups'
import { Button, Flex, Select, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { pickOption, useListParams } from '../../../shared/lib/list-params.ts'
import { checkoutPath, RECHARGE_PATH } from '../../../shared/lib/wallet-paths.ts'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { useTopUps } from '../api/list-top-ups.ts'
import { TopUpOrderTable } from './top-up-order-table.tsx'
import { TOPUP_STATUSES } from './top-up-status-tag.tsx'

export const TopUpOrders = () => {
  const { t } = useTranslation('wallet')
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const listParams = useListParams()
  const { params, page, pageSize, update } = listParams
  const status = pickOption(params.get('status'), TOPUP_STATUSES)
  const { data, isPending, isPlaceholderData } = useTopUps({ page, pageSize, status })
  const now = Date.now()

  const continueOf = (order: TopUpOrder) =>
    order.status === 'pending' && order.payUrl !== null && new Date(order.expiresAt).getTime() > now
      ? () => navigate(checkoutPath(order.orderNo))
      : undefined

  return (
    <Flex vertical gap={token.margin}>
      <Flex gap={token.marginSM} justify="space-between">
        <Select
          allowClear
          value={status}
          placeholder={t('orders.allStatuses')}
          onChange={(value?: string) => update({ status: value ?? null })}
          options={TOPUP_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          style={{ width: 160 }}
          aria-label={t('order.status')}
          data-testid="status-filter"
        />
        <Button type="primary" onClick={() => navigate(RECHARGE_PATH)}>
          {t('actions.topUp')}
        </Button>
      </Flex>
      <TopUpOrderTable
        list={pagedList(listParams, data, {
          isLoading: isPending || isPlaceholderData,
          isFiltered: status !== undefined,
        })}
        now={now}
        continueOf={continueOf}
      />
    </Flex>
  )
}

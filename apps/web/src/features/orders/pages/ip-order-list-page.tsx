// /console/ipOrderList: static-IP purchase and renewal orders, filtered by type, each opening its proxies.
import { Card, Flex, Select, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCatalog } from '../../../shared/api/get-catalog.ts'
import { pickOption, useListParams } from '../../../shared/lib/list-params.ts'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { type OrderKind, useOrders } from '../api/list-orders.ts'
import { OrderDrawer } from '../components/order-drawer.tsx'
import { OrderTable } from '../components/order-table.tsx'

const KINDS: readonly OrderKind[] = ['new', 'renewal']

export const IpOrderListPage = () => {
  const { t } = useTranslation('orders')
  const { token } = theme.useToken()
  const listParams = useListParams()
  const { params, page, pageSize, update } = listParams
  const [openOrderNo, setOpenOrderNo] = useState<string | null>(null)
  const kind = pickOption(params.get('kind'), KINDS)
  const { data, isFetching } = useOrders({ page, pageSize, kind, product: 'static-ip' })
  const regions = useCatalog().data?.regions ?? []

  return (
    <Card variant="borderless">
      <Flex vertical gap={token.margin}>
        <Flex gap={token.marginSM} wrap>
          <Select<OrderKind>
            allowClear
            value={kind}
            placeholder={t('allKinds')}
            onChange={(value) => update({ kind: value ?? null })}
            options={KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            style={{ width: 140 }}
            aria-label={t('columns.kind')}
            data-testid="kind-filter"
          />
        </Flex>
        <OrderTable
          list={pagedList(listParams, data, { isLoading: isFetching, isFiltered: kind !== undefined })}
          regions={regions}
          onOpen={setOpenOrderNo}
        />
      </Flex>
      <OrderDrawer orderNo={openOrderNo} onClose={() => setOpenOrderNo(null)} />
    </Card>
  )
}

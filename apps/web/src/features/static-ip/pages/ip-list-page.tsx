// /console/ipList: the customer's static IPs with filters, export (of the selection, else of all the
// filters match) and bulk renewal, and a detail drawer;
// below them the IP whitelist that opens those IPs without a password, and the secret download links
// that serve them to tools.
import { INSTANCE_STATUSES, type Instance } from '@proxy/contract/static-ip/instances'
import { App, Button, Card, Flex, Typography, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useCatalog } from '../../../shared/api/get-catalog.ts'
import { useInstances } from '../../../shared/api/list-instances.ts'
import { pickOption, useListParams } from '../../../shared/lib/list-params.ts'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import type { ExportFilters } from '../api/export-instances.ts'
import { DownloadLinksCard } from '../components/download-links-card.tsx'
import { ExportMenu } from '../components/export-menu.tsx'
import { InstanceDrawer } from '../components/instance-drawer.tsx'
import { InstanceFilters, type InstanceFilterValues } from '../components/instance-filters.tsx'
import { InstanceTable } from '../components/instance-table.tsx'
import { IpWhitelistCard } from '../components/ip-whitelist-card.tsx'
import { RenewModal } from '../components/renew-modal.tsx'

const EXPIRING_DAYS = 7

export const IpListPage = () => {
  const { t } = useTranslation('static-ip')
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const { message } = App.useApp()
  const listParams = useListParams()
  const { params, page, pageSize, update } = listParams
  const [selected, setSelected] = useState<Instance[]>([])
  const [isRenewing, setIsRenewing] = useState(false)
  const [openId, setOpenId] = useState<string | null>(null)
  const regions = useCatalog().data?.regions ?? []

  const filters: InstanceFilterValues = {
    status: pickOption(params.get('status'), INSTANCE_STATUSES),
    region: params.get('region') ?? undefined,
    keyword: params.get('keyword') ?? undefined,
    isExpiringSoon: params.get('expiring') === '1',
  }
  const exportFilters: ExportFilters = {
    status: filters.status,
    region: filters.region,
    keyword: filters.keyword,
    expiringWithinDays: filters.isExpiringSoon ? EXPIRING_DAYS : undefined,
  }
  const { data, isFetching } = useInstances({ page, pageSize, ...exportFilters })
  const isFiltered = Boolean(filters.status || filters.region || filters.keyword || filters.isExpiringSoon)
  const ids = selected.map((item) => item.id)
  const renewable = selected.filter((item) => item.status !== 'released')

  const onFilter = (changes: Partial<InstanceFilterValues>) => {
    const { isExpiringSoon, ...rest } = changes
    update({ ...rest, ...(isExpiringSoon === undefined ? {} : { expiring: isExpiringSoon ? 1 : null }) })
  }

  return (
    <Flex vertical gap={token.marginLG}>
      <Card variant="borderless">
        <Flex vertical gap={token.margin}>
          <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
            <InstanceFilters value={filters} regions={regions} onChange={onFilter} />
            <Button type="primary" onClick={() => navigate('/console/buyStaticIP')}>
              {t('list.buy')}
            </Button>
          </Flex>
          <Flex align="center" gap={token.marginSM} wrap data-testid="bulk-bar">
            <Typography.Text type="secondary">
              {t('list.selected', { count: selected.length })}
            </Typography.Text>
            <ExportMenu
              ids={ids}
              filters={exportFilters}
              matching={data?.total}
              disabled={ids.length === 0 && data === undefined}
              data-testid="bulk-export"
            />
            <Button
              disabled={renewable.length === 0}
              onClick={() => setIsRenewing(true)}
              data-testid="bulk-renew"
            >
              {t('list.renew')}
            </Button>
          </Flex>
          <InstanceTable
            list={pagedList(listParams, data, { isLoading: isFetching, isFiltered })}
            regions={regions}
            selected={selected}
            onSelect={setSelected}
            onOpen={setOpenId}
          />
        </Flex>
        {isRenewing && (
          <RenewModal
            instances={renewable}
            regions={regions}
            onClose={() => setIsRenewing(false)}
            onDone={() => {
              setIsRenewing(false)
              setSelected([])
              void message.success(t('renew.done'))
            }}
          />
        )}
        <InstanceDrawer id={openId} onClose={() => setOpenId(null)} />
      </Card>
      <IpWhitelistCard />
      <DownloadLinksCard />
    </Flex>
  )
}

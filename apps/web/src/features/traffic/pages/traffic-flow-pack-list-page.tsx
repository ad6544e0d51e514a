// /console/trafficFlowPackList: what is left across the packages, and every package with its use and expiry.
import { ShoppingCartOutlined } from '@ant-design/icons'
import { Button, Card, Flex, Segmented, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { pickOption, useListParams } from '../../../shared/lib/list-params.ts'
import { pagedList } from '../../../shared/ui/paged-table/paged-list.ts'
import { useTrafficPlans } from '../api/get-traffic-plans.ts'
import { useTrafficPackages } from '../api/list-traffic-packages.ts'
import { PackageSummaryCards } from '../components/package-summary-cards.tsx'
import { PackageTable } from '../components/package-table.tsx'
import { PACKAGE_STATUSES, type PackageStatus, planLabel } from '../components/traffic-package.ts'
import { BUY_TRAFFIC_PATH } from '../components/traffic-paths.ts'

const ALL = 'all' as const

export const TrafficFlowPackListPage = () => {
  const { t, i18n } = useTranslation('traffic')
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const listParams = useListParams()
  const { params, page, pageSize, update } = listParams
  const status = pickOption(params.get('status'), PACKAGE_STATUSES)
  const { data, isPending, isFetching } = useTrafficPackages({ page, pageSize, status })
  const plans = useTrafficPlans().data?.plans ?? []

  return (
    <Flex vertical gap={token.marginLG}>
      <PackageSummaryCards summary={data?.summary} />
      <Card variant="borderless">
        <Flex vertical gap={token.margin}>
          <Flex justify="space-between" align="center" gap={token.marginSM} wrap>
            <Segmented<PackageStatus | typeof ALL>
              value={status ?? ALL}
              onChange={(value) => update({ status: value === ALL ? null : value })}
              options={[
                { value: ALL, label: t('packs.all') },
                ...PACKAGE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
              ]}
              data-testid="status-filter"
            />
            <Button
              type="primary"
              icon={<ShoppingCartOutlined />}
              onClick={() => navigate(BUY_TRAFFIC_PATH)}
              data-testid="buy-traffic"
            >
              {t('packs.buy')}
            </Button>
          </Flex>
          <PackageTable
            list={pagedList(listParams, data, {
              isLoading: isPending || isFetching,
              isFiltered: status !== undefined,
            })}
            labelOf={(name) => planLabel(name, plans, i18n.language)}
          />
        </Flex>
      </Card>
    </Flex>
  )
}

// /admin/catalogue: what is on sale and at what price — static-IP regions, traffic plans, term discounts.
// A change applies to what is priced after it; a customer who confirms an older quote is asked to quote again.
import { Alert, Flex, Skeleton, Tabs, Typography, theme } from 'antd'
import { useSearchParams } from 'react-router'
import { useAdminCatalogue } from '../../api/catalogue.ts'
import { useAdminT } from '../../app/i18n.ts'
import { DiscountsTab } from './discounts-tab.tsx'
import { PlansTab } from './plans-tab.tsx'
import { RegionsTab } from './regions-tab.tsx'

const TABS = ['regions', 'plans', 'discounts'] as const
type Tab = (typeof TABS)[number]

export const CataloguePage = () => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const catalogue = useAdminCatalogue()
  const [params, setParams] = useSearchParams()
  const tab: Tab = TABS.find((item) => item === params.get('tab')) ?? 'regions'
  const data = catalogue.data

  return (
    <Flex vertical gap={token.margin}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('catalogue.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('catalogue.intro')}</Typography.Text>
      {catalogue.isError && <Alert type="error" showIcon title={t('catalogue.loadFailed')} />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          {
            key: 'regions',
            label: <span data-testid="tab-regions">{t('catalogue.tabs.regions')}</span>,
            children: <RegionsTab regions={data?.regions ?? []} isLoading={catalogue.isPending} />,
          },
          {
            key: 'plans',
            label: <span data-testid="tab-plans">{t('catalogue.tabs.plans')}</span>,
            children: <PlansTab plans={data?.plans ?? []} isLoading={catalogue.isPending} />,
          },
          {
            key: 'discounts',
            label: <span data-testid="tab-discounts">{t('catalogue.tabs.discounts')}</span>,
            children: data ? <DiscountsTab discounts={data.discounts} /> : <Skeleton active />,
          },
        ]}
      />
    </Flex>
  )
}

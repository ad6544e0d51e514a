// /console/businessFlow: the wallet entries and the top-up orders, one tab each (?tab=topups for the second).
import { Card, Tabs } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { TopUpOrders } from '../components/top-up-orders.tsx'
import type { PickerRange } from '../components/transaction-filters.tsx'
import { WalletEntries } from '../components/wallet-entries.tsx'

type TabKey = 'entries' | 'topups'

export const BusinessFlowPage = () => {
  const { t } = useTranslation('wallet', { keyPrefix: 'transactions' })
  const [params, setParams] = useSearchParams()
  // Day ranges are picker dates, kept here so they survive a switch to the other tab and back.
  const [range, setRange] = useState<PickerRange>(null)
  const tab: TabKey = params.get('tab') === 'topups' ? 'topups' : 'entries'

  return (
    <Card variant="borderless" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'topups' ? { tab: 'topups' } : {}, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'entries',
            label: <span data-testid="tab-entries">{t('tabs.entries')}</span>,
            children: <WalletEntries range={range} onRangeChange={setRange} />,
          },
          {
            key: 'topups',
            label: <span data-testid="tab-topups">{t('tabs.topups')}</span>,
            children: <TopUpOrders />,
          },
        ]}
      />
    </Card>
  )
}

// /console/alerts: the alert rules and the webhook endpoints they may go to, one tab each
// (?tab=webhooks for the second).
import { Card, Tabs, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { RuleList } from '../components/rule-list.tsx'
import { WebhookList } from '../components/webhook-list.tsx'

export const AlertsPage = () => {
  const { t } = useTranslation('alerts')
  const [params, setParams] = useSearchParams()
  const tab = params.get('tab') === 'webhooks' ? 'webhooks' : 'rules'
  return (
    <Card variant="borderless" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'webhooks' ? { tab: 'webhooks' } : {}, { replace: true })}
        items={[
          {
            key: 'rules',
            label: <span data-testid="tab-rules">{t('tabs.rules')}</span>,
            children: (
              <>
                <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
                <RuleList />
              </>
            ),
          },
          {
            key: 'webhooks',
            label: <span data-testid="tab-webhooks">{t('tabs.webhooks')}</span>,
            children: <WebhookList />,
          },
        ]}
      />
    </Card>
  )
}

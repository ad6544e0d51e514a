// "Keep top destinations": off by default (no host name is stored). On, the host names reached most in the range;
// turning it off deletes what was kept, after a confirmation.
import { App, Card, Empty, Flex, List, Skeleton, Switch, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useTopDestinations } from '../api/get-top-destinations.ts'
import { useStatsSettings, useUpdateStatsSettings } from '../api/stats-settings.ts'

export const DestinationsCard = ({ query }: { query: { from: string; to: string; subject: string } }) => {
  const { t } = useTranslation('stats')
  const { token } = theme.useToken()
  const { modal } = App.useApp()
  const settings = useStatsSettings()
  const update = useUpdateStatsSettings()
  const isKeeping = settings.data?.keepDestinations ?? false
  const destinations = useTopDestinations(query, isKeeping)

  const onToggle = (keep: boolean) => {
    if (keep) return update.mutate({ keepDestinations: true })
    modal.confirm({
      title: t('destinations.offTitle'),
      content: t('destinations.offText'),
      okText: t('destinations.offConfirm'),
      okButtonProps: { danger: true },
      cancelText: t('destinations.cancel'),
      onOk: () => update.mutateAsync({ keepDestinations: false }),
    })
  }

  const items = destinations.data?.items ?? []
  return (
    <Card
      variant="borderless"
      title={t('destinations.title')}
      extra={
        <Switch
          checked={isKeeping}
          loading={settings.isPending || update.isPending}
          onChange={onToggle}
          aria-label={t('destinations.toggle')}
          data-testid="stats-keep-destinations"
        />
      }
      data-testid="stats-destinations"
    >
      <Flex vertical gap={token.marginSM}>
        <Typography.Text type="secondary">
          {t(isKeeping ? 'destinations.onHint' : 'destinations.offHint')}
        </Typography.Text>
        {isKeeping &&
          (destinations.isPending ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('destinations.empty')} />
          ) : (
            <List
              size="small"
              dataSource={items}
              data-testid="stats-destination-list"
              renderItem={(item) => (
                <List.Item
                  extra={
                    <Typography.Text type="secondary">
                      {t('destinations.counts', { tunnels: item.tunnels, failed: item.failed })}
                    </Typography.Text>
                  }
                >
                  <Typography.Text copyable ellipsis style={{ maxWidth: '60vw' }}>
                    {item.host}
                  </Typography.Text>
                </List.Item>
              )}
            />
          ))}
      </Flex>
    </Card>
  )
}

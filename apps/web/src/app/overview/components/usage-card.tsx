// The last 30 days of usage by day, drawn with the traffic history's (lazy) chart.
import { LineChartOutlined } from '@ant-design/icons'
import { Card, Empty, Flex, Skeleton, theme } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useTrafficUsage } from '../../../features/traffic/api/get-traffic-usage.ts'
import { LazyUsageChart } from '../../../features/traffic/components/lazy-usage-chart.tsx'
import {
  browserTimeZone,
  presetDays,
  toDay,
  usageRequest,
} from '../../../features/traffic/components/usage-range.ts'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { Text } from '../../../shared/ui/text.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'

export const UsageCard = () => {
  const { t, i18n } = useTranslation('overview')
  const { token } = theme.useToken()
  const isNarrow = useIsNarrow()
  const today = toDay(new Date())
  const request = useMemo(
    () =>
      usageRequest(
        { days: presetDays('30d', today), granularity: 'day', scope: { kind: 'all' } },
        browserTimeZone(),
      ),
    [today],
  )
  const { data, isError } = useTrafficUsage(request)
  const total = data ? data.totals.upBytes + data.totals.downBytes : 0

  const body = () => {
    if (!data)
      return isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('usage.failed')} />
      ) : (
        <Skeleton active paragraph={{ rows: 5 }} />
      )
    if (total === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('usage.empty')} />
    return (
      <Flex vertical gap={token.marginXS}>
        <Text type="secondary" data-testid="overview-usage-total">
          {t('usage.total', { total: formatBytes(total, i18n.language) })}
        </Text>
        <LazyUsageChart series={data.series} granularity="day" tz={data.tz} height={isNarrow ? 240 : 300} />
      </Flex>
    )
  }

  return (
    <Card
      variant="borderless"
      title={
        <span>
          <LineChartOutlined /> {t('usage.title')}
        </span>
      }
      extra={
        <Link to="/console/trafficFlowHistory?range=30d" data-testid="overview-usage-more">
          {t('usage.more')}
        </Link>
      }
      style={{ height: '100%' }}
      data-testid="overview-usage"
    >
      {body()}
    </Card>
  )
}

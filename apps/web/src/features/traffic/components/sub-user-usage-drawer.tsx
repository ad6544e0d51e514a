// One sub-user's usage: the last 24 hours by hour or the last 30 days by local day, as the chart and the
// table of the traffic history, with its totals.
import type { SubUser } from '@proxy/contract/traffic/sub-users'
import { Drawer, Empty, Flex, Segmented, Skeleton, Statistic, theme } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useSubUserUsage } from '../api/get-sub-user-usage.ts'
import { LazyUsageChart } from './lazy-usage-chart.tsx'
import { collapseIdleHours, startedBuckets, usageRows } from './usage-rows.ts'
import { UsageTable } from './usage-table.tsx'

type Span = 'hour' | 'day'
const HOUR_MS = 3600_000

/** The last 24 whole hours, or the last 30 days to the end of this hour. */
function rangeOf(span: Span, now: number) {
  const end = Math.ceil(now / HOUR_MS) * HOUR_MS
  const hours = span === 'hour' ? 24 : 30 * 24
  return { from: new Date(end - hours * HOUR_MS).toISOString(), to: new Date(end).toISOString() }
}

const UsageBody = ({ sub }: { sub: SubUser }) => {
  const { t, i18n } = useTranslation('traffic', { keyPrefix: 'subUsers.chart' })
  const { token } = theme.useToken()
  const isNarrow = useIsNarrow()
  const [span, setSpan] = useState<Span>('hour')
  const request = useMemo(() => ({ ...rangeOf(span, Date.now()), granularity: span }), [span])
  const { data } = useSubUserUsage(sub.id, request)
  const series = useMemo(() => (data ? startedBuckets(data.series, Date.now()) : []), [data])
  // Newest first; long idle stretches of an hourly series fold into one row, as in the traffic history.
  const rows = useMemo(() => {
    if (!data) return []
    const all = usageRows(series, data.granularity, data.tz)
    return (data.granularity === 'hour' ? collapseIdleHours(all, data.tz) : all).reverse()
  }, [data, series])
  const bytes = (value: number | undefined) => formatBytes(value ?? 0, i18n.language)
  const total = data ? data.totals.upBytes + data.totals.downBytes : 0

  return (
    <Flex vertical gap={token.margin} data-testid="sub-user-usage-drawer">
      <Segmented<Span>
        value={span}
        onChange={setSpan}
        options={[
          { value: 'hour', label: t('last24h') },
          { value: 'day', label: t('last30d') },
        ]}
        data-testid="sub-user-usage-span"
      />
      <Flex gap={token.marginLG} wrap>
        <Statistic title={t('up')} value={bytes(data?.totals.upBytes)} />
        <Statistic title={t('down')} value={bytes(data?.totals.downBytes)} />
        <Statistic title={t('total')} value={bytes(total)} data-testid="sub-user-usage-total" />
      </Flex>
      {!data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : total === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('empty')}
          data-testid="sub-user-usage-empty"
        />
      ) : (
        <>
          <LazyUsageChart
            series={series}
            granularity={data.granularity}
            tz={data.tz}
            height={isNarrow ? 220 : 280}
          />
          <UsageTable rows={rows} isNarrow={isNarrow} />
        </>
      )}
    </Flex>
  )
}

export const SubUserUsageDrawer = ({ sub, onClose }: { sub: SubUser | null; onClose: () => void }) => {
  const { t } = useTranslation('traffic', { keyPrefix: 'subUsers.chart' })
  const isNarrow = useIsNarrow()
  return (
    <Drawer
      open={sub !== null}
      onClose={onClose}
      title={sub ? t('title', { username: sub.username }) : ''}
      size={isNarrow ? '100%' : 720}
      destroyOnHidden
    >
      {sub && <UsageBody sub={sub} />}
    </Drawer>
  )
}

// The statistics page's body: controls kept in the address, totals, the chart, the table by bucket and the
// top destinations.
import { Button, Card, Empty, Flex, Result, Skeleton, Spin, Typography, theme } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { nextListParams, type ParamChanges } from '../../../shared/lib/list-params.ts'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useTunnelStats } from '../api/get-tunnel-stats.ts'
import { useStatsSubjects } from '../api/list-stats-subjects.ts'
import { DestinationsCard } from './destinations-card.tsx'
import { LazyStatsChart } from './lazy-stats-chart.tsx'
import { StatsControls } from './stats-controls.tsx'
import { browserTimeZone, readStatsControls, statsRequest } from './stats-range.ts'
import { activeRows } from './stats-rows.ts'
import { StatsSummary } from './stats-summary.tsx'
import { StatsTable } from './stats-table.tsx'

export const StatsHistory = () => {
  const { t } = useTranslation('stats')
  const { token } = theme.useToken()
  const isNarrow = useIsNarrow()
  const [params, setParams] = useSearchParams()
  const tz = useMemo(browserTimeZone, [])
  const controls = readStatsControls(params)
  const request = statsRequest(controls, new Date(), tz)
  const subjects = useStatsSubjects()
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useTunnelStats(request)
  const update = (changes: ParamChanges) =>
    setParams((current) => nextListParams(current, changes), { replace: true })
  const series = useMemo(
    () => (data ? data.series.filter((point) => Date.parse(point.time) <= Date.now()) : []),
    [data],
  )
  const rows = useMemo(() => (data ? activeRows(series, data.granularity, data.tz) : []), [data, series])

  const body = () => {
    if (isError && !data)
      return (
        <Result
          status="warning"
          title={t('error.title')}
          extra={<Button onClick={() => void refetch()}>{t('error.retry')}</Button>}
        />
      )
    if (!data) return <Skeleton active paragraph={{ rows: 8 }} data-testid="stats-loading" />
    if (rows.length === 0)
      return (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.title')} data-testid="stats-empty">
          <Typography.Text type="secondary">{t('empty.hint')}</Typography.Text>
        </Empty>
      )
    return (
      <Flex vertical gap={token.marginLG}>
        <LazyStatsChart
          series={series}
          granularity={data.granularity}
          tz={data.tz}
          isNarrow={isNarrow}
          height={isNarrow ? 240 : 320}
        />
        <StatsTable key={JSON.stringify(request)} rows={rows} isNarrow={isNarrow} />
      </Flex>
    )
  }

  return (
    <Flex vertical gap={token.margin}>
      <Card
        variant="borderless"
        size="small"
        styles={{ body: { padding: isNarrow ? token.paddingSM : token.paddingMD } }}
      >
        <StatsControls
          controls={controls}
          subjects={subjects.data?.items}
          isNarrow={isNarrow}
          onRange={(range) => update({ range })}
          onSubject={(subject) => update({ subject })}
        />
      </Card>
      <StatsSummary totals={data?.totals} isLoading={isPending} />
      <Card
        variant="borderless"
        title={t('chart.title')}
        styles={isNarrow ? { body: { padding: token.paddingSM } } : undefined}
        extra={
          isNarrow ? undefined : (
            <Typography.Text type="secondary">{t('timeZone', { tz: data?.tz ?? tz })}</Typography.Text>
          )
        }
      >
        <Spin spinning={isFetching && isPlaceholderData}>{body()}</Spin>
      </Card>
      <DestinationsCard query={{ from: request.from, to: request.to, subject: request.subject }} />
    </Flex>
  )
}

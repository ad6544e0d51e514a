// The traffic history: controls kept in the address, totals, the stacked chart, the bucket table and a CSV.
import { DownloadOutlined } from '@ant-design/icons'
import { App, Button, Card, Empty, Flex, Result, Skeleton, Spin, Typography, theme } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { CSV_TYPE } from '../../../shared/lib/csv.ts'
import { downloadText } from '../../../shared/lib/download-text.ts'
import { nextListParams, type ParamChanges } from '../../../shared/lib/list-params.ts'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useTrafficUsage } from '../api/get-traffic-usage.ts'
import { LazyUsageChart } from './lazy-usage-chart.tsx'
import { UsageControls } from './usage-controls.tsx'
import {
  browserTimeZone,
  customDaysChanges,
  granularityChanges,
  presetChanges,
  readUsageControls,
  scopeChanges,
  toDay,
  usageRequest,
} from './usage-range.ts'
import { collapseIdleHours, startedBuckets, usageCsv, usageCsvFileName, usageRows } from './usage-rows.ts'
import { UsageTable } from './usage-table.tsx'
import { UsageTotals } from './usage-totals.tsx'

export const UsageHistory = () => {
  const { t } = useTranslation('traffic', { keyPrefix: 'usage' })
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const isNarrow = useIsNarrow()
  const [params, setParams] = useSearchParams()
  const today = toDay(new Date())
  const tz = useMemo(browserTimeZone, [])
  const controls = readUsageControls(params, today)
  const request = usageRequest(controls, tz)
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useTrafficUsage(request)
  const update = (changes: ParamChanges) =>
    setParams((current) => nextListParams(current, changes), { replace: true })

  const series = useMemo(() => (data ? startedBuckets(data.series, Date.now()) : []), [data])
  const rows = useMemo(() => (data ? usageRows(series, data.granularity, data.tz) : []), [data, series])
  // The table folds long idle stretches of an hourly series into one row; the chart and the CSV keep every hour.
  const newestFirst = useMemo(
    () => [...(data?.granularity === 'hour' ? collapseIdleHours(rows, data.tz) : rows)].reverse(),
    [data, rows],
  )
  const hasUsage = data ? data.totals.upBytes + data.totals.downBytes > 0 : false

  const onExport = () => {
    const csv = usageCsv(rows, {
      time: t('csv.time'),
      up: t('csv.up'),
      down: t('csv.down'),
      total: t('csv.total'),
    })
    const fileName = usageCsvFileName(controls.days.first, controls.days.last)
    downloadText(fileName, csv, CSV_TYPE)
    void message.success(t('csv.exported', { fileName }))
  }

  const body = () => {
    if (!data)
      return isPending || !isError ? (
        <Skeleton active paragraph={{ rows: 8 }} data-testid="usage-loading" />
      ) : (
        <Result
          status="warning"
          title={t('error.title')}
          subTitle={t('error.hint')}
          extra={<Button onClick={() => void refetch()}>{t('error.retry')}</Button>}
          data-testid="usage-error"
        />
      )
    if (!hasUsage)
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical gap={token.marginXXS}>
              <Typography.Text strong>{t('empty.title')}</Typography.Text>
              <Typography.Text type="secondary">{t('empty.hint')}</Typography.Text>
            </Flex>
          }
          data-testid="usage-empty"
        >
          <Flex gap={token.marginSM} justify="center" wrap>
            <Link to="/console/ipList">
              <Button>{t('empty.ipList')}</Button>
            </Link>
            <Link to="/console/buyTrafficFlow">
              <Button type="primary">{t('empty.buy')}</Button>
            </Link>
          </Flex>
        </Empty>
      )
    return (
      <Flex vertical gap={token.marginLG}>
        <LazyUsageChart
          series={series}
          granularity={data.granularity}
          tz={data.tz}
          height={isNarrow ? 240 : 320}
        />
        <Flex vertical gap={token.marginSM}>
          <Flex justify="space-between" align="center" gap={token.marginSM}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('table.title')}
            </Typography.Title>
            <Button icon={<DownloadOutlined />} onClick={onExport} data-testid="usage-export">
              {t('csv.export')}
            </Button>
          </Flex>
          <UsageTable key={JSON.stringify(request)} rows={newestFirst} isNarrow={isNarrow} />
        </Flex>
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
        <UsageControls
          controls={controls}
          today={today}
          isNarrow={isNarrow}
          onPreset={(preset) => update(presetChanges(preset, controls.days))}
          onDays={(days) => update(customDaysChanges(days, controls.granularity))}
          onGranularity={(granularity) => update(granularityChanges(granularity, controls.days))}
          onScope={(scope) => update(scopeChanges(scope))}
        />
      </Card>
      <UsageTotals
        upBytes={data?.totals.upBytes}
        downBytes={data?.totals.downBytes}
        isLoading={isPending}
        isNarrow={isNarrow}
      />
      <Card
        variant="borderless"
        title={t('chart.title')}
        styles={isNarrow ? { body: { padding: token.paddingSM } } : undefined}
        extra={<Typography.Text type="secondary">{t('timeZone', { tz: data?.tz ?? tz })}</Typography.Text>}
      >
        <Spin spinning={isFetching && isPlaceholderData}>{body()}</Spin>
      </Card>
    </Flex>
  )
}

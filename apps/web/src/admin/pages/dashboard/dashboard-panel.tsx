// The dashboard on the console's overview: money in (today / 7 / 30 UTC days), active static IPs, node
// health, failed auto-renewals, a 30-day chart (echarts, its own chunk), stock per region and traffic.
// The overview loads this file lazily, so none of it weighs on the console's first load.
import type { Dashboard, DashboardRegionStock, DashboardWindows } from '@proxy/contract/admin/dashboard'
import { formatBalance } from '@proxy/contract/wire'
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Progress,
  Row,
  Skeleton,
  Statistic,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd'
import { lazy, Suspense } from 'react'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { regionLabel } from '../../../shared/ui/region-name.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useDashboard } from '../../api/dashboard.ts'
import { useAdminT } from '../../app/i18n.ts'

const MoneyChart = lazy(async () => ({ default: (await import('./money-chart.tsx')).MoneyChart }))

const CHART_HEIGHT = 280
const cols = { xs: 24, sm: 12, xl: 6 } as const

const MoneyCard = ({
  title,
  hint,
  windows,
  testId,
}: {
  title: string
  hint: string
  windows: DashboardWindows
  testId: string
}) => {
  const { t } = useAdminT()
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={testId}>
      <Statistic title={title} value={formatBalance(windows.today)} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('dashboard.windows.today')} · {hint}
      </Typography.Text>
      <Flex gap={16} wrap style={{ marginTop: 8 }}>
        <span>
          <Typography.Text type="secondary">{t('dashboard.windows.last7Days')} </Typography.Text>
          <Typography.Text strong>{formatBalance(windows.last7Days)}</Typography.Text>
        </span>
        <span>
          <Typography.Text type="secondary">{t('dashboard.windows.last30Days')} </Typography.Text>
          <Typography.Text strong>{formatBalance(windows.last30Days)}</Typography.Text>
        </span>
      </Flex>
    </Card>
  )
}

const NodesCard = ({ nodes }: { nodes: Dashboard['nodes'] }) => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const isDown = nodes.down > 0
  const state =
    nodes.total === 0
      ? t('dashboard.nodes.none')
      : isDown
        ? t('dashboard.nodes.down', { count: nodes.down })
        : t('dashboard.nodes.allUp')
  return (
    <Card
      size="small"
      style={{ height: '100%', borderColor: isDown ? token.colorError : undefined }}
      data-testid="dashboard-nodes"
      data-state={isDown ? 'down' : 'up'}
    >
      <Statistic
        title={t('dashboard.nodes.title')}
        value={nodes.up}
        suffix={`/ ${nodes.total}`}
        styles={{ content: { color: isDown ? token.colorError : undefined } }}
      />
      <Tag color={isDown ? 'error' : nodes.total === 0 ? 'default' : 'success'} style={{ marginTop: 4 }}>
        {state}
      </Tag>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 0' }}>
        {t('dashboard.nodes.hint', { seconds: nodes.downAfterSeconds })}
      </Typography.Paragraph>
    </Card>
  )
}

const STOCK_FIELDS = ['available', 'allocated', 'cooling', 'activeIps'] as const

const RegionCell = ({ row }: { row: DashboardRegionStock }) => {
  const { t, language } = useAdminT()
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {regionLabel(row, language)}
      {!row.isActive && <Tag style={{ marginInlineStart: 8 }}>{t('dashboard.stock.offSale')}</Tag>}
    </span>
  )
}

/** A table from 768 px, a card per region below (no sideways scroll on a phone). */
const StockList = ({ regions }: { regions: DashboardRegionStock[] }) => {
  const { t } = useAdminT()
  const isNarrow = useIsNarrow()
  const empty = <Empty description={t('dashboard.stock.empty')} />
  if (!isNarrow)
    return (
      <Table
        size="small"
        rowKey="regionId"
        pagination={false}
        dataSource={regions}
        columns={[
          {
            title: t('dashboard.stock.region'),
            key: 'region',
            render: (_: unknown, row: DashboardRegionStock) => <RegionCell row={row} />,
          },
          ...STOCK_FIELDS.map((field) => ({
            title: t(`dashboard.stock.${field}`),
            dataIndex: field,
            key: field,
            align: 'right' as const,
          })),
        ]}
        locale={{ emptyText: empty }}
        data-testid="dashboard-stock"
      />
    )
  return (
    <Flex vertical gap={8} data-testid="dashboard-stock">
      {regions.length === 0 && empty}
      {regions.map((row) => (
        <Card key={row.regionId} size="small" type="inner" title={<RegionCell row={row} />}>
          <Flex wrap gap={16}>
            {STOCK_FIELDS.map((field) => (
              <span key={field}>
                <Typography.Text type="secondary">{t(`dashboard.stock.${field}`)} </Typography.Text>
                <Typography.Text strong>{row[field]}</Typography.Text>
              </span>
            ))}
          </Flex>
        </Card>
      ))}
    </Flex>
  )
}

const TrafficCard = ({ traffic }: { traffic: Dashboard['traffic'] }) => {
  const { t, language } = useAdminT()
  const percent = traffic.soldBytes === 0 ? 0 : Math.min(100, (traffic.usedBytes / traffic.soldBytes) * 100)
  const rows = [
    { label: t('dashboard.traffic.sold'), bytes: traffic.soldBytes, testId: 'dashboard-traffic-sold' },
    { label: t('dashboard.traffic.used'), bytes: traffic.usedBytes, testId: 'dashboard-traffic-used' },
    {
      label: t('dashboard.traffic.staticIp'),
      bytes: traffic.staticIpBytes,
      testId: 'dashboard-traffic-static',
    },
  ]
  return (
    <Card title={t('dashboard.traffic.title')} size="small" style={{ height: '100%' }}>
      <Flex vertical gap={8}>
        {rows.map((row) => (
          <Flex key={row.testId} justify="space-between" gap={12} wrap>
            <Typography.Text type="secondary">{row.label}</Typography.Text>
            <Typography.Text strong data-testid={row.testId}>
              {formatBytes(row.bytes, language)}
            </Typography.Text>
          </Flex>
        ))}
        <Progress percent={Math.round(percent)} showInfo={false} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="dashboard-traffic-share">
          {t('dashboard.traffic.share', {
            percent: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(percent),
          })}
        </Typography.Text>
      </Flex>
    </Card>
  )
}

const Figures = ({ data }: { data: Dashboard }) => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const hasMoney = data.daily.some((day) => day.revenue !== 0 || day.topUps !== 0)
  const failed = data.autoRenewals
  return (
    <Flex vertical gap={token.margin} data-testid="dashboard">
      <Typography.Text type="secondary" data-testid="dashboard-note">
        {t('dashboard.note', { today: data.windows.today })}
      </Typography.Text>
      <Row gutter={[token.margin, token.margin]}>
        <Col {...cols}>
          <MoneyCard
            title={t('dashboard.revenue.title')}
            hint={t('dashboard.revenue.hint')}
            windows={data.revenue}
            testId="dashboard-revenue"
          />
        </Col>
        <Col {...cols}>
          <MoneyCard
            title={t('dashboard.topUps.title')}
            hint={t('dashboard.topUps.hint')}
            windows={data.topUps}
            testId="dashboard-topups"
          />
        </Col>
        <Col {...cols}>
          <NodesCard nodes={data.nodes} />
        </Col>
        <Col {...cols}>
          <Flex vertical gap={token.margin} style={{ height: '100%' }}>
            <Card size="small" data-testid="dashboard-active-ips">
              <Statistic title={t('dashboard.activeIps.title')} value={data.staticIps.active} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('dashboard.activeIps.hint', { regions: data.staticIps.regions.length })}
              </Typography.Text>
            </Card>
            <Card size="small" data-testid="dashboard-auto-renew">
              <Statistic
                title={t('dashboard.autoRenew.title')}
                value={failed.failed}
                styles={{ content: { color: failed.failed > 0 ? token.colorWarning : undefined } }}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('dashboard.autoRenew.hint', { instances: failed.instances, customers: failed.customers })}
              </Typography.Text>
            </Card>
          </Flex>
        </Col>
      </Row>
      <Card title={t('dashboard.chart.title')} size="small">
        {hasMoney ? (
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: CHART_HEIGHT }} />}>
            <MoneyChart days={data.daily} height={CHART_HEIGHT} />
          </Suspense>
        ) : (
          <Empty description={t('dashboard.chart.empty')} data-testid="dashboard-chart-empty" />
        )}
      </Card>
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} lg={16}>
          <Card title={t('dashboard.stock.title')} size="small" style={{ height: '100%' }}>
            <StockList regions={data.staticIps.regions} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <TrafficCard traffic={data.traffic} />
        </Col>
      </Row>
    </Flex>
  )
}

export const DashboardPanel = () => {
  const { t } = useAdminT()
  const dashboard = useDashboard()
  if (dashboard.isPending) return <Skeleton active paragraph={{ rows: 6 }} data-testid="dashboard-loading" />
  if (dashboard.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('dashboard.error')}
        action={
          <Button size="small" onClick={() => dashboard.refetch()}>
            {t('dashboard.retry')}
          </Button>
        }
        data-testid="dashboard-error"
      />
    )
  return <Figures data={dashboard.data} />
}

// Four numbers from /user/overview, each a link to the page that acts on it.
import {
  ClockCircleOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  RightOutlined,
  WalletOutlined,
} from '@ant-design/icons'
import { formatBalance, OVERVIEW_EXPIRING_DAYS } from '@proxy/contract/wire'
import { Card, Col, Flex, Row, Skeleton, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatBytes } from '../../../shared/lib/format-bytes.ts'
import { Text } from '../../../shared/ui/text.tsx'
import { useIsNarrow } from '../../../shared/ui/use-is-narrow.ts'
import { useOverview } from '../api/get-overview.ts'
import { trafficStat } from './traffic-stat.ts'

type Stat = {
  testId: string
  to: string
  icon: ReactNode
  tint: string
  title: string
  value: string | null
  note: string
  isAlert?: boolean
}

export const StatCards = () => {
  const { t, i18n } = useTranslation('overview')
  const { token } = theme.useToken()
  const { data, isError } = useOverview()
  const isNarrow = useIsNarrow()
  const missing = isError ? '--' : null
  const expiring = data?.expiringInstances ?? 0
  const traffic = data ? trafficStat(data) : undefined

  const stats: Stat[] = [
    {
      testId: 'overview-balance',
      to: '/console/recharge',
      icon: <WalletOutlined />,
      tint: token.colorPrimary,
      title: t('stats.balance'),
      value: data ? formatBalance(data.balance) : missing,
      note: t('stats.balanceAction'),
    },
    {
      testId: 'overview-active-ips',
      to: '/console/ipList',
      icon: <CloudServerOutlined />,
      tint: token.colorSuccess,
      title: t('stats.activeIps'),
      value: data ? String(data.activeInstances) : missing,
      note: t('stats.activeIpsAction'),
    },
    {
      testId: 'overview-expiring-ips',
      to: '/console/ipList?expiring=1',
      icon: <ClockCircleOutlined />,
      tint: token.colorWarning,
      title: t('stats.expiringIps', { days: OVERVIEW_EXPIRING_DAYS }),
      value: data ? String(expiring) : missing,
      note: expiring > 0 ? t('stats.expiringIpsAction') : t('stats.expiringIpsNone'),
      isAlert: expiring > 0,
    },
    {
      testId: 'overview-traffic-remaining',
      to: traffic?.to ?? '/console/trafficFlowPackList',
      icon: <DashboardOutlined />,
      tint: token.colorInfo,
      title: t('stats.trafficRemaining'),
      value: data ? formatBytes(data.trafficRemainingBytes, i18n.language) : missing,
      note: traffic ? t(traffic.note) : t('stats.trafficAction'),
      isAlert: traffic?.isAlert,
    },
  ]

  return (
    <Row gutter={[isNarrow ? token.marginSM : token.margin, isNarrow ? token.marginSM : token.margin]}>
      {stats.map((stat) => (
        <Col key={stat.testId} xs={12} xl={6}>
          <Link
            to={stat.to}
            aria-label={stat.title}
            style={{ display: 'block', height: '100%' }}
            data-testid={`${stat.testId}-card`}
          >
            <Card
              variant="borderless"
              hoverable
              style={{ height: '100%' }}
              styles={{ body: { padding: isNarrow ? token.paddingSM : token.paddingMD } }}
            >
              <Flex vertical gap={token.marginXS}>
                <Flex align="center" justify="space-between" gap={token.marginXS}>
                  <Text type="secondary">{stat.title}</Text>
                  {!isNarrow && (
                    <Flex
                      align="center"
                      justify="center"
                      style={{
                        width: 32,
                        height: 32,
                        flex: 'none',
                        borderRadius: token.borderRadius,
                        background: `color-mix(in srgb, ${stat.tint} 12%, transparent)`,
                        color: stat.tint,
                        fontSize: 16,
                      }}
                    >
                      {stat.icon}
                    </Flex>
                  )}
                </Flex>
                {stat.value === null ? (
                  <Skeleton.Input active size="small" />
                ) : (
                  <Text
                    strong
                    style={{
                      fontSize: isNarrow ? token.fontSizeHeading4 : token.fontSizeHeading3,
                      lineHeight: isNarrow ? token.lineHeightHeading4 : token.lineHeightHeading3,
                      whiteSpace: 'nowrap',
                      fontVariantNumeric: 'tabular-nums',
                      color:
                        stat.isAlert && stat.testId === 'overview-expiring-ips'
                          ? token.colorWarning
                          : undefined,
                    }}
                    data-testid={stat.testId}
                  >
                    {stat.value}
                  </Text>
                )}
                <Flex align="center" justify="space-between" gap={token.marginXXS}>
                  <Text
                    type={stat.isAlert ? 'warning' : 'secondary'}
                    ellipsis
                    style={{ fontSize: token.fontSizeSM }}
                  >
                    {stat.note}
                  </Text>
                  <RightOutlined style={{ fontSize: 10, color: token.colorTextTertiary }} />
                </Flex>
              </Flex>
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  )
}

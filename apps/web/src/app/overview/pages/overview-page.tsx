// /console/overview: greeting, the operators' announcements, the four summary numbers, 30 days of usage, notices, recent orders, recent pages
// and shortcuts.
import { Col, Flex, Row, theme } from 'antd'
import { useLocation } from 'react-router'
import { Announcements } from '../components/announcements.tsx'
import { Greeting } from '../components/greeting.tsx'
import { NoticesCard } from '../components/notices-card.tsx'
import { RecentOrders } from '../components/recent-orders.tsx'
import { RecentPages } from '../components/recent-pages.tsx'
import { Shortcuts } from '../components/shortcuts.tsx'
import { StatCards } from '../components/stat-cards.tsx'
import { UsageCard } from '../components/usage-card.tsx'

export const OverviewPage = () => {
  const { token } = theme.useToken()
  const { pathname } = useLocation()
  return (
    <Flex vertical gap={token.marginLG}>
      <Greeting />
      <Announcements />
      <StatCards />
      <Row gutter={[token.marginLG, token.marginLG]}>
        <Col xs={24} xl={16}>
          <UsageCard />
        </Col>
        <Col xs={24} xl={8}>
          <NoticesCard />
        </Col>
        <Col xs={24} xl={16}>
          <RecentOrders />
        </Col>
        <Col xs={24} xl={8}>
          <RecentPages currentPath={pathname} />
        </Col>
      </Row>
      <Shortcuts />
    </Flex>
  )
}

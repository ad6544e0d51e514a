// /console/overview: greeting, balance with top-up, recent pages and shortcuts.
import { Col, Flex, Row, theme } from 'antd'
import { useLocation } from 'react-router'
import { BalanceCard } from '../../wallet/components/balance-card.tsx'
import { AccountCard } from '../components/account-card.tsx'
import { Greeting } from '../components/greeting.tsx'
import { RecentPages } from '../components/recent-pages.tsx'
import { Shortcuts } from '../components/shortcuts.tsx'

export const OverviewPage = () => {
  const { token } = theme.useToken()
  const { pathname } = useLocation()
  return (
    <Flex vertical gap={token.marginLG}>
      <Greeting />
      <Row gutter={[token.marginLG, token.marginLG]}>
        <Col xs={24} lg={10}>
          <BalanceCard />
        </Col>
        <Col xs={24} md={12} lg={7}>
          <AccountCard />
        </Col>
        <Col xs={24} md={12} lg={7}>
          <RecentPages currentPath={pathname} />
        </Col>
      </Row>
      <Shortcuts />
    </Flex>
  )
}

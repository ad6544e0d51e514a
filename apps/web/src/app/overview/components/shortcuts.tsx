// Cards leading to the other sections of the console.
import {
  AccountBookOutlined,
  DatabaseOutlined,
  LineChartOutlined,
  ProfileOutlined,
  ShoppingOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons'
import { Card, Col, Flex, Row, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Text } from '../../../shared/ui/text.tsx'

type Key = 'buyStaticIP' | 'ipList' | 'buyTrafficFlow' | 'trafficFlowHistory' | 'ipOrderList' | 'businessFlow'

const SHORTCUTS: { key: Key; icon: ReactNode }[] = [
  { key: 'buyStaticIP', icon: <ShoppingOutlined /> },
  { key: 'ipList', icon: <DatabaseOutlined /> },
  { key: 'buyTrafficFlow', icon: <ThunderboltOutlined /> },
  { key: 'trafficFlowHistory', icon: <LineChartOutlined /> },
  { key: 'ipOrderList', icon: <ProfileOutlined /> },
  { key: 'businessFlow', icon: <AccountBookOutlined /> },
]

export const Shortcuts = () => {
  const { t } = useTranslation(['overview', 'common'])
  const { token } = theme.useToken()
  return (
    <Card variant="borderless" title={t('shortcuts.title')}>
      <Row gutter={[token.margin, token.margin]}>
        {SHORTCUTS.map(({ key, icon }) => (
          <Col key={key} xs={24} sm={12} xl={8}>
            <Link to={`/console/${key}`} data-testid={`shortcut-${key}`}>
              <Card size="small" hoverable style={{ height: '100%' }}>
                <Flex align="center" gap={token.marginSM}>
                  <Flex
                    align="center"
                    justify="center"
                    style={{
                      width: 40,
                      height: 40,
                      flex: 'none',
                      borderRadius: token.borderRadiusLG,
                      background: token.colorPrimaryBg,
                      color: token.colorPrimary,
                      fontSize: 20,
                    }}
                  >
                    {icon}
                  </Flex>
                  <Flex vertical style={{ minWidth: 0 }}>
                    <Text strong>{t(`common:titles.${key}`)}</Text>
                    <Text type="secondary" ellipsis>
                      {t(`shortcuts.${key}`)}
                    </Text>
                  </Flex>
                </Flex>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </Card>
  )
}

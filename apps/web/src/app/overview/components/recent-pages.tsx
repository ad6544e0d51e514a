// Quick links from the recent-pages history (localStorage `recentRouter`).
import { HistoryOutlined, RightOutlined } from '@ant-design/icons'
import { Card, Empty, Flex, theme } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { readRecentRoutes } from '../../../shared/recent-router/recent-router.ts'

export const RecentPages = ({ currentPath }: { currentPath: string }) => {
  const { t } = useTranslation(['overview', 'common'])
  const { token } = theme.useToken()
  const [routes] = useState(() => readRecentRoutes().filter((route) => route.path !== currentPath))
  return (
    <Card
      variant="borderless"
      title={
        <span>
          <HistoryOutlined /> {t('recent.title')}
        </span>
      }
      style={{ height: '100%' }}
    >
      {routes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recent.empty')} />
      ) : (
        <Flex vertical data-testid="recent-pages">
          {routes.map((route) => (
            <Link
              key={route.path}
              to={route.path}
              style={{
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                padding: `${token.paddingXS}px 0`,
                borderBottom: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              {/* Entries store the route's title key; an unknown key falls back to itself. */}
              <span>
                {t(route.title as 'common:titles.overview', { ns: 'common', defaultValue: route.title })}
              </span>
              <RightOutlined style={{ fontSize: 12, color: token.colorTextTertiary }} />
            </Link>
          ))}
        </Flex>
      )}
    </Card>
  )
}

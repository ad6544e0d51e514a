// /admin: the dashboard (for an operator holding dashboard.read: every role), then who is signed in,
// their role and what it may do, and links to the pages it opens. The dashboard is its own chunk.
import { PERMISSIONS } from '@proxy/contract/admin/permissions'
import { Card, Descriptions, Flex, Skeleton, Tag, Typography, theme } from 'antd'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { formatLocalDateTime } from '../../shared/lib/format-date.ts'
import { useAdminT } from '../app/i18n.ts'
import { pagesFor } from '../app/menu.ts'
import { useSignedInOperator } from '../app/operator-context.ts'

const DashboardPanel = lazy(async () => ({
  default: (await import('./dashboard/dashboard-panel.tsx')).DashboardPanel,
}))

export const OverviewPage = () => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const operator = useSignedInOperator()
  const granted = PERMISSIONS.filter((permission) => operator.permissions.includes(permission))
  const links = pagesFor(operator.permissions).filter((page) => page.path !== '/')
  return (
    <Flex vertical gap={token.margin}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('overview.title')}
      </Typography.Title>
      {operator.permissions.includes('dashboard.read') && (
        <section aria-label={t('dashboard.title')}>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {t('dashboard.title')}
          </Typography.Title>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} data-testid="dashboard-loading" />}>
            <DashboardPanel />
          </Suspense>
        </section>
      )}
      <Card>
        <Descriptions column={{ xs: 1, md: 3 }} data-testid="overview-operator">
          <Descriptions.Item label={t('overview.signedInAs')}>{operator.email}</Descriptions.Item>
          <Descriptions.Item label={t('overview.role')}>
            <Tag color="blue">{t(`roles.${operator.role}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.lastSignIn')}>
            {operator.lastSignInAt ? formatLocalDateTime(operator.lastSignInAt) : t('overview.never')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('overview.permissions')}>
        <Flex wrap gap={token.marginXS} data-testid="overview-permissions">
          {granted.map((permission) => (
            <Tag key={permission}>{t(`permissions.${permission}`)}</Tag>
          ))}
        </Flex>
      </Card>
      <Card title={t('overview.shortcuts')}>
        <Flex vertical gap={token.marginXS} data-testid="overview-links">
          {links.map((page) => (
            <Link key={page.path} to={page.path}>
              {t(page.label)}
            </Link>
          ))}
        </Flex>
      </Card>
    </Flex>
  )
}

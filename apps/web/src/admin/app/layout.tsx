// The console's frame: a side menu of the pages the operator's permissions open (a drawer on phones),
// a header with the language switch and the operator, and sign-out behind a confirmation.
import { LogoutOutlined, MenuOutlined } from '@ant-design/icons'
import { App, Button, Drawer, Flex, Layout, Menu, Tag, Typography, theme } from 'antd'
import { useState } from 'react'
import { Outlet, useLocation, useNavigate, useOutletContext } from 'react-router'
import { useIsNarrow } from '../../shared/ui/use-is-narrow.ts'
import { useSignOut } from '../api/operator.ts'
import { useAdminT } from './i18n.ts'
import { AdminLanguageSwitch } from './language-switch.tsx'
import { pagesFor } from './menu.ts'
import type { OperatorContext } from './operator-context.ts'

const SIDER_WIDTH = 220

const selectedPath = (pathname: string): string => `/${pathname.split('/')[1] ?? ''}`

const SideMenu = ({ onOpen }: { onOpen: () => void }) => {
  const { t } = useAdminT()
  const { operator } = useOutletContext<OperatorContext>()
  const navigate = useNavigate()
  const location = useLocation()
  return (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={[selectedPath(location.pathname)]}
      items={pagesFor(operator.permissions).map((page) => ({ key: page.path, label: t(page.label) }))}
      onClick={({ key }) => {
        onOpen()
        void navigate(key)
      }}
      data-testid="admin-menu"
    />
  )
}

const SignOutButton = ({ isCompact }: { isCompact: boolean }) => {
  const { t } = useAdminT()
  const { modal } = App.useApp()
  const signOut = useSignOut()
  const navigate = useNavigate()
  const confirm = () =>
    modal.confirm({
      title: t('signOut.title'),
      content: t('signOut.body'),
      okText: t('signOut.ok'),
      cancelText: t('signOut.cancel'),
      onOk: () => signOut.mutateAsync().finally(() => navigate('/login', { replace: true })),
    })
  return (
    <Button
      icon={<LogoutOutlined />}
      onClick={confirm}
      aria-label={t('menu.signOut')}
      data-testid="admin-sign-out"
    >
      {isCompact ? null : t('menu.signOut')}
    </Button>
  )
}

export const AdminLayout = () => {
  const { t } = useAdminT()
  const { token } = theme.useToken()
  const context = useOutletContext<OperatorContext>()
  const isNarrow = useIsNarrow()
  const [isDrawerOpen, setDrawerOpen] = useState(false)
  const brand = (
    <Typography.Text strong style={{ color: isNarrow ? undefined : '#fff', whiteSpace: 'nowrap' }}>
      {t('brand')}
    </Typography.Text>
  )
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!isNarrow && (
        <Layout.Sider width={SIDER_WIDTH} style={{ position: 'sticky', top: 0, height: '100vh' }}>
          <div style={{ padding: token.padding }}>{brand}</div>
          <SideMenu onOpen={() => {}} />
        </Layout.Sider>
      )}
      {isNarrow && (
        <Drawer
          open={isDrawerOpen}
          placement="left"
          size={SIDER_WIDTH}
          onClose={() => setDrawerOpen(false)}
          styles={{ body: { padding: 0, background: '#001529' } }}
          title={brand}
        >
          <SideMenu onOpen={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout>
        <Layout.Header style={{ position: 'sticky', top: 0, zIndex: 10 }}>
          <Flex align="center" justify="space-between" gap={token.marginSM} style={{ height: '100%' }}>
            <Flex align="center" gap={token.marginSM} style={{ minWidth: 0 }}>
              {isNarrow && (
                <Button
                  type="text"
                  icon={<MenuOutlined />}
                  aria-label={t('menu.open')}
                  onClick={() => setDrawerOpen(true)}
                  data-testid="admin-menu-open"
                />
              )}
              {/* The role stays whole on a phone; the email gives way (whole in the tooltip). */}
              <Flex align="center" gap={token.marginXS} style={{ minWidth: 0 }} data-testid="admin-operator">
                <Typography.Text type="secondary" ellipsis={{ tooltip: context.operator.email }}>
                  {context.operator.email}
                </Typography.Text>
                <Tag style={{ marginInlineEnd: 0, flexShrink: 0 }}>{t(`roles.${context.operator.role}`)}</Tag>
              </Flex>
            </Flex>
            <Flex align="center" gap={token.marginSM}>
              <AdminLanguageSwitch />
              <SignOutButton isCompact={isNarrow} />
            </Flex>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: isNarrow ? token.paddingSM : token.paddingLG }}>
          <Outlet context={context} />
        </Layout.Content>
      </Layout>
    </Layout>
  )
}

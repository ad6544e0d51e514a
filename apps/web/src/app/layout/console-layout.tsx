// The console frame (SPEC §2): side menu (a drawer below 768 px), header, and the routed page in a boundary.
import { App as AntApp, Drawer, Grid, Layout, theme } from 'antd'
import { Suspense, useRef, useState } from 'react'
import { Link, Outlet, useLocation, useMatches } from 'react-router'
import { Logo } from '../../shared/ui/logo.tsx'
import { PageSpin } from '../../shared/ui/page-spin.tsx'
import { ErrorBoundary } from '../errors/error-boundary.tsx'
import { currentMeta } from '../routing/route-meta.ts'
import { useRestorePreferences } from '../session/use-restore-preferences.ts'
import { AppHeader } from './app-header.tsx'
import { FirstVisitTour } from './first-visit-tour.tsx'
import { SideMenu } from './side-menu.tsx'
import { useRecordRecentRoute } from './use-record-recent-route.ts'
import { VerifyEmailBanner } from './verify-email-banner.tsx'

const SIDER_WIDTH = 232

export const ConsoleLayout = () => {
  const { token } = theme.useToken()
  const screens = Grid.useBreakpoint()
  const isMobile = screens.md === false
  const location = useLocation()
  const meta = currentMeta(useMatches())
  const [isDrawerOpen, setIsDrawerOpen] = useState(false)
  const menuRef = useRef<HTMLDivElement>(null)
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const walletRef = useRef<HTMLSpanElement>(null)
  const avatarRef = useRef<HTMLSpanElement>(null)
  useRecordRecentRoute(meta, location.pathname)
  useRestorePreferences()

  const logo = (
    <Link
      to="/portal/home"
      data-testid="console-logo"
      style={{ display: 'flex', alignItems: 'center', height: 64, paddingInline: token.paddingLG }}
    >
      <Logo />
    </Link>
  )

  // antd App gives console components context-aware modal/message hooks (App.useApp).
  return (
    <AntApp component={false}>
      <Layout style={{ minHeight: '100vh' }}>
        {!isMobile && (
          <Layout.Sider
            width={SIDER_WIDTH}
            style={{
              position: 'sticky',
              top: 0,
              height: '100vh',
              overflow: 'auto',
              borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            {logo}
            <div ref={menuRef}>
              <SideMenu selectedKey={meta?.key} />
            </div>
          </Layout.Sider>
        )}
        <Drawer
          placement="left"
          size={SIDER_WIDTH + 24}
          open={isMobile && isDrawerOpen}
          onClose={() => setIsDrawerOpen(false)}
          closable={false}
          styles={{ body: { padding: 0 } }}
        >
          {logo}
          <SideMenu selectedKey={meta?.key} onNavigate={() => setIsDrawerOpen(false)} />
        </Drawer>
        <Layout>
          <AppHeader
            meta={meta}
            isMobile={isMobile}
            onOpenMenu={() => setIsDrawerOpen(true)}
            refs={{ menuButton: menuButtonRef, wallet: walletRef, avatar: avatarRef }}
          />
          <VerifyEmailBanner />
          <Layout.Content style={{ padding: isMobile ? token.paddingSM : token.paddingLG }}>
            <ErrorBoundary key={location.pathname}>
              <Suspense fallback={<PageSpin />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </Layout.Content>
        </Layout>
        <FirstVisitTour
          targets={{ menu: isMobile ? menuButtonRef : menuRef, wallet: walletRef, avatar: avatarRef }}
        />
      </Layout>
    </AntApp>
  )
}

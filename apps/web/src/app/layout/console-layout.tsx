// The console frame (SPEC §2): side menu (a drawer below 768 px), header, and the routed page in a boundary.
import { Grid, Layout, theme } from 'antd'
import { lazy, Suspense, useRef, useState } from 'react'
import { Link, Outlet, useLocation, useMatches } from 'react-router'
import { LazyApp } from '../../shared/feedback/lazy-app.tsx'
import { hasSeenTour } from '../../shared/session/token.ts'
import { Logo } from '../../shared/ui/logo.tsx'
import { PageSpin } from '../../shared/ui/page-spin.tsx'
import { ErrorBoundary } from '../errors/error-boundary.tsx'
import { currentMeta } from '../routing/route-meta.ts'
import { useRestorePreferences } from '../session/use-restore-preferences.ts'
import { AppHeader } from './app-header.tsx'
import { SideMenu } from './side-menu.tsx'
import { useRecordRecentRoute } from './use-record-recent-route.ts'
import { VerifyEmailBanner } from './verify-email-banner.tsx'

const SIDER_WIDTH = 232

// antd's Tour loads only for a browser that has not seen it (no `firstVisit` cookie), after the first paint.
const FirstVisitTour = lazy(async () => ({
  default: (await import('./first-visit-tour.tsx')).FirstVisitTour,
}))

// The menu's drawer (narrow screens) loads when it is first opened.
const Drawer = lazy(() => import('antd/es/drawer'))

export const ConsoleLayout = () => {
  const { token } = theme.useToken()
  const screens = Grid.useBreakpoint()
  const isMobile = screens.md === false
  const location = useLocation()
  const meta = currentMeta(useMatches())
  const [isDrawerOpen, setIsDrawerOpen] = useState(false)
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false)
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

  // App.useApp() gives console components modal/message/notification (loaded on first use).
  return (
    <LazyApp>
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
        {hasOpenedDrawer && (
          <Suspense fallback={null}>
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
          </Suspense>
        )}
        <Layout>
          <AppHeader
            meta={meta}
            isMobile={isMobile}
            onOpenMenu={() => {
              setHasOpenedDrawer(true)
              setIsDrawerOpen(true)
            }}
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
        {!hasSeenTour() && (
          <Suspense fallback={null}>
            <FirstVisitTour
              targets={{ menu: isMobile ? menuButtonRef : menuRef, wallet: walletRef, avatar: avatarRef }}
            />
          </Suspense>
        )}
      </Layout>
    </LazyApp>
  )
}

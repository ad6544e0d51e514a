// Avatar dropdown (SPEC §2): the email, 个人信息, 修改密码, 账户安全 and 退出登录 behind a confirmation. The first
// paint draws the button alone; antd's Dropdown (its Menu and popup stack) loads once the page is idle, or sooner when
// the button is hovered, focused or clicked, and then wraps the button. A click that comes first opens it once loaded.
import { DownOutlined } from '@ant-design/icons'
import { Button, theme } from 'antd'
import { Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useMe } from '../../shared/api/get-me.ts'
import { useApp } from '../../shared/feedback/lazy-app.tsx'
import { endSession } from '../session/end-session.ts'
import { ChangePasswordModal, ProfileModal } from './lazy-dialogs.ts'
import type { UserMenuAction, default as UserMenuDropdown } from './user-menu-dropdown.tsx'

type Dialog = 'profile' | 'password' | null
type DropdownComponent = typeof UserMenuDropdown

let loaded: DropdownComponent | undefined
const loadDropdown = async (): Promise<DropdownComponent> => {
  loaded ??= (await import('./user-menu-dropdown.tsx')).default
  return loaded
}

/** Runs `task` when the browser is idle after the first paint (a timer where there is no requestIdleCallback). */
const whenIdle = (task: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 3000 })
    return () => window.cancelIdleCallback(id)
  }
  const timer = setTimeout(task, 200)
  return () => clearTimeout(timer)
}

export const UserMenu = ({ compact = false }: { compact?: boolean }) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const { modal } = useApp()
  const navigate = useNavigate()
  const { data: me } = useMe()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [Dropdown, setDropdown] = useState<DropdownComponent | undefined>(() => loaded)
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const hadFocus = useRef(false)
  const email = me?.email ?? ''
  const fetchDropdown = useCallback(() => {
    void loadDropdown()
      .then((component) => {
        // The dropdown draws the button anew: a button that has the focus gets it back (restoreFocus).
        hadFocus.current = document.activeElement === buttonRef.current
        setDropdown(() => component)
      })
      .catch(() => undefined)
  }, [])
  const restoreFocus = useCallback(() => {
    if (hadFocus.current) buttonRef.current?.focus()
    hadFocus.current = false
  }, [])
  useEffect(() => (Dropdown ? undefined : whenIdle(fetchDropdown)), [Dropdown, fetchDropdown])
  const askOpen = () => {
    setOpen(true)
    fetchDropdown()
  }
  const initial = (me?.name || email).charAt(0).toUpperCase() || '?'

  const confirmLogout = () =>
    modal.confirm({
      title: t('header.logoutTitle'),
      content: t('header.logoutConfirm'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: () => endSession({ notifyServer: true, navigate }),
    })

  const onAction = (action: UserMenuAction) => {
    setOpen(false)
    if (action === 'profile' || action === 'password') setDialog(action)
    if (action === 'security') void navigate('/console/security')
    if (action === 'logout') confirmLogout()
  }

  const button = (
    <Button
      ref={buttonRef}
      type="text"
      aria-haspopup="menu"
      aria-expanded={open}
      onMouseEnter={Dropdown ? undefined : fetchDropdown}
      onFocus={Dropdown ? undefined : fetchDropdown}
      // Until the dropdown is there, a press asks for it open; from then on the dropdown toggles itself. The
      // press counts from mousedown: a dropdown that arrives between mousedown and mouseup (loaded by the hover just
      // before) draws the button anew, and the browser then fires no click at all.
      onMouseDown={Dropdown ? undefined : askOpen}
      onClick={Dropdown ? undefined : askOpen}
      data-testid="user-menu"
      style={{ paddingInline: token.paddingXS, height: 40 }}
    >
      <span
        aria-hidden
        style={{
          display: 'inline-flex',
          justifyContent: 'center',
          alignItems: 'center',
          boxSizing: 'border-box',
          width: token.controlHeightSM,
          height: token.controlHeightSM,
          border: `${token.lineWidth}px ${token.lineType} transparent`,
          borderRadius: '50%',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          verticalAlign: 'middle',
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          color: token.colorTextLightSolid,
          background: token.colorPrimary,
        }}
      >
        {initial}
      </span>
      {!compact && (
        <span
          style={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}
          data-testid="header-email"
        >
          {email}
        </span>
      )}
      <DownOutlined style={{ fontSize: 10, color: token.colorTextTertiary }} />
    </Button>
  )

  return (
    <>
      {Dropdown ? (
        <Dropdown email={email} open={open} onOpenChange={setOpen} onAction={onAction} onMount={restoreFocus}>
          {button}
        </Dropdown>
      ) : (
        button
      )}
      <Suspense fallback={null}>
        {dialog === 'profile' && <ProfileModal open onClose={() => setDialog(null)} />}
        {dialog === 'password' && <ChangePasswordModal open onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  )
}

// Avatar dropdown (SPEC §2): the email, 个人信息, 修改密码, 账户安全 and 退出登录 behind a confirmation.
import { DownOutlined, IdcardOutlined, LockOutlined, LogoutOutlined, SafetyOutlined } from '@ant-design/icons'
import { Avatar, Button, Dropdown, type MenuProps, theme } from 'antd'
import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useMe } from '../../shared/api/get-me.ts'
import { useApp } from '../../shared/feedback/lazy-app.tsx'
import { endSession } from '../session/end-session.ts'
import { ChangePasswordModal, ProfileModal } from './lazy-dialogs.ts'

type Dialog = 'profile' | 'password' | null

export const UserMenu = ({ compact = false }: { compact?: boolean }) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const { modal } = useApp()
  const navigate = useNavigate()
  const { data: me } = useMe()
  const [dialog, setDialog] = useState<Dialog>(null)
  const email = me?.email ?? ''
  const initial = (me?.name || email).charAt(0).toUpperCase() || '?'

  const confirmLogout = () =>
    modal.confirm({
      title: t('header.logoutTitle'),
      content: t('header.logoutConfirm'),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: () => endSession({ notifyServer: true, navigate }),
    })

  const items: MenuProps['items'] = [
    { key: 'email', type: 'group', label: <span data-testid="user-menu-email">{email}</span> },
    { type: 'divider' },
    { key: 'profile', icon: <IdcardOutlined />, label: t('header.profile') },
    { key: 'password', icon: <LockOutlined />, label: t('header.changePassword') },
    { key: 'security', icon: <SafetyOutlined />, label: t('header.security') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: t('header.logout') },
  ]

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile' || key === 'password') setDialog(key)
    if (key === 'security') void navigate('/console/security')
    if (key === 'logout') confirmLogout()
  }

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button type="text" data-testid="user-menu" style={{ paddingInline: token.paddingXS, height: 40 }}>
          <Avatar size="small" style={{ background: token.colorPrimary }}>
            {initial}
          </Avatar>
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
      </Dropdown>
      <Suspense fallback={null}>
        {dialog === 'profile' && <ProfileModal open onClose={() => setDialog(null)} />}
        {dialog === 'password' && <ChangePasswordModal open onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  )
}

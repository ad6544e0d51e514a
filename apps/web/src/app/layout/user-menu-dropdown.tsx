// The avatar's dropdown (antd Dropdown and Menu), loaded by user-menu.tsx after the first paint (when idle, or when
// the button is first hovered, focused or clicked): the first paint draws only the button.
import { IdcardOutlined, LockOutlined, LogoutOutlined, SafetyOutlined } from '@ant-design/icons'
import { Dropdown, type MenuProps } from 'antd'
import { type ReactElement, useEffect } from 'react'
import { useTranslation } from 'react-i18next'

export type UserMenuAction = 'profile' | 'password' | 'security' | 'logout'

type Props = {
  email: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onAction: (action: UserMenuAction) => void
  /** The button the dropdown opens from. */
  children: ReactElement
  /** Called once the dropdown is in place (it draws the button anew): user-menu.tsx gives the focus back. */
  onMount: () => void
}

const UserMenuDropdown = ({ email, open, onOpenChange, onAction, children, onMount }: Props) => {
  const { t } = useTranslation()
  useEffect(() => onMount(), [onMount])

  const items: MenuProps['items'] = [
    { key: 'email', type: 'group', label: <span data-testid="user-menu-email">{email}</span> },
    { type: 'divider' },
    { key: 'profile', icon: <IdcardOutlined />, label: t('header.profile') },
    { key: 'password', icon: <LockOutlined />, label: t('header.changePassword') },
    { key: 'security', icon: <SafetyOutlined />, label: t('header.security') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: t('header.logout') },
  ]

  return (
    <Dropdown
      menu={{ items, onClick: ({ key }) => onAction(key as UserMenuAction) }}
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
    >
      {children}
    </Dropdown>
  )
}

export default UserMenuDropdown

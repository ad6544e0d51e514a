// The console navigation: selection follows the route meta key; groups are pinned open.
import { Menu, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { consolePage } from '../routing/console-pages.ts'
import { MENU_GROUPS, type MenuLeaf, OPEN_GROUP_KEYS, OVERVIEW_ENTRY } from './menu-items.tsx'

type Props = { selectedKey: string | undefined; onNavigate?: () => void }

const keepOpen = (): void => {}

export const SideMenu = ({ selectedKey, onNavigate }: Props) => {
  const { t } = useTranslation()
  const navigate = useNavigate()

  const leaf = ({ key, ActiveIcon, InactiveIcon }: MenuLeaf) => ({
    key,
    icon: key === selectedKey ? <ActiveIcon /> : <InactiveIcon />,
    label: t(consolePage(key).titleKey),
  })

  const items: MenuProps['items'] = [
    leaf(OVERVIEW_ENTRY),
    ...MENU_GROUPS.map((group) => ({
      key: group.key,
      icon: <group.Icon />,
      label: t(group.labelKey),
      children: group.children.map(leaf),
    })),
  ]

  const onClick: MenuProps['onClick'] = ({ key }) => {
    navigate(consolePage(key as MenuLeaf['key']).path)
    onNavigate?.()
  }

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selectedKey ? [selectedKey] : []}
      openKeys={OPEN_GROUP_KEYS}
      onOpenChange={keepOpen}
      expandIcon={null}
      onClick={onClick}
      style={{ borderInlineEnd: 'none' }}
      data-testid="side-menu"
    />
  )
}

// The console navigation: plain links drawn like antd's inline Menu (same tokens), so the first paint needs none of
// Menu's popup, overflow and motion machinery. The current page (route meta key) is selected and has aria-current;
// groups are always open. The antd class names stay as hooks for the browser journeys.
import { theme } from 'antd'
import { type CSSProperties, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { consolePage } from '../routing/console-pages.ts'
import { appTheme } from '../theme.ts'
import { MENU_GROUPS, type MenuLeaf, OVERVIEW_ENTRY } from './menu-items.tsx'
import styles from './side-menu.module.css'

type Props = { selectedKey: string | undefined; onNavigate?: () => void }

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ')

export const SideMenu = ({ selectedKey, onNavigate }: Props) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const id = useId()
  // antd's Menu tokens for the light inline menu, with the app theme's overrides (theme.ts).
  const menu = appTheme.components?.Menu ?? {}
  const style = {
    '--nav-color': token.colorText,
    '--nav-bg': menu.subMenuItemBg ?? token.colorBgContainer,
    '--nav-font-size': `${token.fontSize}px`,
    '--nav-height': `${token.controlHeightLG}px`,
    '--nav-margin-block': `${token.marginXXS}px`,
    '--nav-margin-inline': `${menu.itemMarginInline ?? token.marginXXS}px`,
    '--nav-indent': `${token.paddingLG}px`,
    '--nav-padding-inline': `${token.padding}px`,
    '--nav-radius': `${menu.itemBorderRadius ?? token.borderRadiusLG}px`,
    '--nav-icon-gap': `${token.controlHeightSM - token.fontSize}px`,
    '--nav-hover-bg': token.colorBgTextHover,
    '--nav-active-bg': token.controlItemBgActive,
    '--nav-selected-bg': token.controlItemBgActive,
    '--nav-selected-color': token.colorPrimary,
    '--nav-focus': token.colorPrimaryBorder,
    '--nav-focus-width': `${token.lineWidthFocus}px`,
    '--nav-duration': token.motionDurationSlow,
  } as CSSProperties

  const leaf = ({ key, ActiveIcon, InactiveIcon }: MenuLeaf) => {
    const isSelected = key === selectedKey
    const Icon = isSelected ? ActiveIcon : InactiveIcon
    const { path, titleKey } = consolePage(key)
    return (
      <li key={key}>
        <Link
          to={path}
          onClick={onNavigate}
          aria-current={isSelected ? 'page' : undefined}
          className={cx(
            styles.item,
            'ant-menu-item',
            isSelected && styles.selected,
            isSelected && 'ant-menu-item-selected',
          )}
        >
          <span className={styles.icon}>
            <Icon />
          </span>
          <span className={styles.label}>{t(titleKey)}</span>
        </Link>
      </li>
    )
  }

  return (
    <nav aria-label={t('menu.navigation')} data-testid="side-menu" style={style}>
      <ul className={styles.menu}>
        {leaf(OVERVIEW_ENTRY)}
        {MENU_GROUPS.map((group) => {
          const hasSelected = group.children.some((child) => child.key === selectedKey)
          const titleId = `${id}-${group.key}`
          return (
            <li
              key={group.key}
              className={cx('ant-menu-submenu', 'ant-menu-submenu-open', hasSelected && styles.groupSelected)}
            >
              <div className={styles.title}>
                <span className={styles.icon}>
                  <group.Icon />
                </span>
                <span id={titleId} className={styles.label}>
                  {t(group.labelKey)}
                </span>
              </div>
              <ul aria-labelledby={titleId} className={cx(styles.list, styles.sub)}>
                {group.children.map(leaf)}
              </ul>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

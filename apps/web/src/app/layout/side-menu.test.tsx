// The console navigation: every page a link, the current one selected (aria-current), groups open and titled.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import i18n from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SPEC_CONSOLE_MENU } from '../../test/console-menu.ts'
import { renderRoute } from '../../test/render-route.tsx'
import styles from './side-menu.module.css'
import { SideMenu } from './side-menu.tsx'

const show = (selectedKey: string | undefined, onNavigate?: () => void) =>
  renderRoute(<SideMenu selectedKey={selectedKey} onNavigate={onNavigate} />, {
    path: '/console/:page',
    url: '/console/ipList',
  })

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'))
})

describe('SideMenu', () => {
  it('links every console page, in the menu order, in a labelled navigation', () => {
    show('ipList')
    const nav = screen.getByRole('navigation', { name: '导航' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(SPEC_CONSOLE_MENU)
  })

  it('marks the current page alone, and colours its group', () => {
    show('ipList')
    const current = screen.getByRole('link', { current: 'page' })
    expect(current.textContent).toBe('IP列表')
    expect(current.classList.contains('ant-menu-item-selected')).toBe(true)
    expect(screen.getByTestId('side-menu').querySelectorAll('[aria-current]')).toHaveLength(1)
    const groups = screen.getAllByRole('list').slice(1)
    expect(groups.map((list) => list.getAttribute('aria-labelledby') !== null)).toEqual([
      true,
      true,
      true,
      true,
    ])
    const ipGroup = screen.getByRole('list', { name: 'IP管理' })
    expect(
      within(ipGroup)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['静态IP购买', 'IP列表', '购买订单'])
    expect(screen.getByTestId('side-menu').querySelectorAll('.ant-menu-submenu-open')).toHaveLength(4)
    const groupOf = (name: string) => screen.getByRole('list', { name }).parentElement?.classList
    expect(groupOf('IP管理')?.contains(styles.groupSelected as string)).toBe(true)
    expect(groupOf('流量管理')?.contains(styles.groupSelected as string)).toBe(false)
  })

  it('draws the active icon for the current entry only', () => {
    const iconOf = (label: string) =>
      screen.getByRole('link', { name: new RegExp(label) }).querySelector('svg')?.innerHTML
    show('recharge')
    const selected = iconOf('充值')
    cleanup()
    show('overview')
    expect(iconOf('充值')).toBeTruthy()
    expect(iconOf('充值')).not.toBe(selected)
  })

  it('navigates and tells the drawer to close', async () => {
    const onNavigate = vi.fn()
    const { router } = show('overview', onNavigate)
    fireEvent.click(screen.getByRole('link', { name: /流量历史/ }))
    expect(onNavigate).toHaveBeenCalledOnce()
    expect(router.state.location.pathname).toBe('/console/trafficFlowHistory')
  })

  it('speaks English too', async () => {
    await act(() => i18n.changeLanguage('en-US'))
    show('businessFlow')
    expect(screen.getByRole('navigation', { name: 'Navigation' })).toBeTruthy()
    expect(screen.getByRole('link', { current: 'page' }).textContent).toBe('Billing records')
    expect(screen.getByRole('list', { name: 'Wallet' })).toBeTruthy()
  })
})

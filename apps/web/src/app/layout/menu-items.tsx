// Side menu entries of SPEC §2: the overview and three always-open groups; each leaf has an active icon.
import {
  AccountBookFilled,
  AccountBookOutlined,
  AppstoreFilled,
  AppstoreOutlined,
  BellFilled,
  BellOutlined,
  ClockCircleFilled,
  ClockCircleOutlined,
  CloudServerOutlined,
  DashboardFilled,
  DashboardOutlined,
  DatabaseFilled,
  DatabaseOutlined,
  FileTextFilled,
  FileTextOutlined,
  FundOutlined,
  IdcardFilled,
  IdcardOutlined,
  PieChartFilled,
  PieChartOutlined,
  ProfileFilled,
  ProfileOutlined,
  ShoppingFilled,
  ShoppingOutlined,
  ThunderboltFilled,
  ThunderboltOutlined,
  ToolOutlined,
  WalletFilled,
  WalletOutlined,
} from '@ant-design/icons'
import type { ComponentType } from 'react'
import type { ConsolePageKey } from '../routing/console-pages.ts'

export type MenuLeaf = { key: ConsolePageKey; ActiveIcon: ComponentType; InactiveIcon: ComponentType }
export type MenuGroup = {
  key: string
  labelKey: 'menu.ipManagement' | 'menu.trafficManagement' | 'menu.walletManagement' | 'menu.accountTools'
  Icon: ComponentType
  children: MenuLeaf[]
}

export const OVERVIEW_ENTRY: MenuLeaf = {
  key: 'overview',
  ActiveIcon: DashboardFilled,
  InactiveIcon: DashboardOutlined,
}

export const MENU_GROUPS: MenuGroup[] = [
  {
    key: 'ip',
    labelKey: 'menu.ipManagement',
    Icon: CloudServerOutlined,
    children: [
      { key: 'buyStaticIP', ActiveIcon: ShoppingFilled, InactiveIcon: ShoppingOutlined },
      { key: 'ipList', ActiveIcon: DatabaseFilled, InactiveIcon: DatabaseOutlined },
      { key: 'ipOrderList', ActiveIcon: ProfileFilled, InactiveIcon: ProfileOutlined },
    ],
  },
  {
    key: 'traffic',
    labelKey: 'menu.trafficManagement',
    Icon: FundOutlined,
    children: [
      { key: 'buyTrafficFlow', ActiveIcon: ThunderboltFilled, InactiveIcon: ThunderboltOutlined },
      { key: 'trafficFlowHistory', ActiveIcon: ClockCircleFilled, InactiveIcon: ClockCircleOutlined },
      { key: 'trafficFlowPackList', ActiveIcon: AppstoreFilled, InactiveIcon: AppstoreOutlined },
      { key: 'subUsers', ActiveIcon: IdcardFilled, InactiveIcon: IdcardOutlined },
      { key: 'tunnelStats', ActiveIcon: PieChartFilled, InactiveIcon: PieChartOutlined },
    ],
  },
  {
    key: 'wallet',
    labelKey: 'menu.walletManagement',
    Icon: WalletOutlined,
    children: [
      { key: 'recharge', ActiveIcon: WalletFilled, InactiveIcon: WalletOutlined },
      { key: 'businessFlow', ActiveIcon: AccountBookFilled, InactiveIcon: AccountBookOutlined },
      { key: 'receipts', ActiveIcon: FileTextFilled, InactiveIcon: FileTextOutlined },
    ],
  },
  {
    key: 'account',
    labelKey: 'menu.accountTools',
    Icon: ToolOutlined,
    children: [{ key: 'alerts', ActiveIcon: BellFilled, InactiveIcon: BellOutlined }],
  },
]

// The console's pages and the permission each needs; the menu lists only what the operator may open.
import type { Permission } from '@proxy/contract/admin/permissions'
import type { AdminKey } from './i18n.ts'

export type AdminPage = { path: string; label: AdminKey; permission: Permission }

export const ADMIN_PAGES: readonly AdminPage[] = [
  { path: '/', label: 'menu.overview', permission: 'self' },
  { path: '/customers', label: 'menu.customers', permission: 'customers.read' },
  { path: '/nodes', label: 'nodes.title', permission: 'nodes.manage' },
  { path: '/inventory', label: 'inventory.title', permission: 'inventory.manage' },
  { path: '/orders', label: 'orders.title', permission: 'orders.read' },
  { path: '/topups', label: 'topups.title', permission: 'orders.read' },
  { path: '/receipts', label: 'receipts.title', permission: 'receipts.read' },
  { path: '/catalogue', label: 'catalogue.title', permission: 'catalogue.manage' },
  { path: '/notices', label: 'notices.title', permission: 'notices.manage' },
  { path: '/operators', label: 'operators.title', permission: 'operators.manage' },
  { path: '/audit', label: 'menu.audit', permission: 'audit.read' },
  { path: '/settings', label: 'settings.title', permission: 'settings.manage' },
  { path: '/sessions', label: 'menu.sessions', permission: 'self' },
]

export const pagesFor = (permissions: readonly Permission[]): AdminPage[] =>
  ADMIN_PAGES.filter((page) => permissions.includes(page.permission))

// Operator roles and what each may do. Every /api/admin route names one permission in its contract
// endpoint; the server enforces it and the console hides what a role cannot use.
import { z } from 'zod'

export const OPERATOR_ROLES = ['owner', 'operator', 'finance', 'support'] as const
export const OperatorRole = z.enum(OPERATOR_ROLES)
export type OperatorRole = z.infer<typeof OperatorRole>

export const PERMISSIONS = [
  /** Any signed-in operator: their own session, password and second factor. */
  'self',
  'dashboard.read',
  'customers.read',
  'customers.suspend',
  'customers.reset-password',
  'orders.read',
  'wallet.adjust',
  'refunds.create',
  'topups.reconcile',
  'exports.read',
  'inventory.manage',
  'nodes.manage',
  'catalogue.manage',
  'notices.manage',
  'operators.manage',
  'audit.read',
  /** The company details and time zone printed on receipts. */
  'settings.manage',
  'receipts.read',
] as const
export type Permission = (typeof PERMISSIONS)[number]

const READ_BUSINESS: Permission[] = ['self', 'dashboard.read', 'customers.read', 'orders.read']

export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  operator: [...READ_BUSINESS, 'inventory.manage', 'nodes.manage', 'catalogue.manage', 'notices.manage'],
  finance: [
    ...READ_BUSINESS,
    'wallet.adjust',
    'refunds.create',
    'topups.reconcile',
    'exports.read',
    'audit.read',
    'receipts.read',
  ],
  support: [...READ_BUSINESS, 'customers.suspend', 'customers.reset-password'],
}

export const can = (role: OperatorRole, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission)

// Customers as operators see them: search, detail, suspend and restore, wallet adjustments, their
// static IPs with an address replacement from inventory, and a password-reset mail sent for them.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { Amount } from '../money.ts'
import { PageQuery, pageOf } from '../pagination.ts'
import { Instance, InstanceStatus } from '../static-ip/instances.ts'
import { TrafficPackage, TrafficPackageStatus } from '../traffic/endpoints.ts'
import { WalletTransaction } from '../wallet/transactions.ts'

export const CustomerStatus = z.enum(['active', 'suspended'])
export type CustomerStatus = z.infer<typeof CustomerStatus>

export const CustomerSummary = z.object({
  id: z.uuid(),
  email: z.string(),
  status: CustomerStatus,
  emailVerified: z.boolean(),
  balance: z.number(),
  activeStaticIps: z.number().int(),
  createdAt: z.iso.datetime(),
})
export type CustomerSummary = z.infer<typeof CustomerSummary>

export const CustomerQuery = PageQuery.extend({
  /** Part of an email, or a whole customer id. */
  q: text().trim().max(254).optional(),
  status: CustomerStatus.optional(),
})
export type CustomerQuery = z.infer<typeof CustomerQuery>

export const CustomerDetail = CustomerSummary.extend({
  suspendedAt: z.iso.datetime().nullable(),
  suspendReason: z.string().nullable(),
  trafficRemainingBytes: z.number().int(),
  twoFactorEnabled: z.boolean(),
  activeSessions: z.number().int(),
})
export type CustomerDetail = z.infer<typeof CustomerDetail>

const Reason = text().trim().min(3).max(500)

export const SuspendInput = z.strictObject({ reason: Reason })

/** Dollars, signed: a credit is positive, a debit negative; never zero. */
export const AdjustmentInput = z.strictObject({
  amount: Amount.refine((value) => value !== 0, 'An adjustment moves money').refine(
    (value) => Math.abs(value) <= 100_000,
    'At most $100,000 in one adjustment',
  ),
  reason: Reason,
})
export type AdjustmentInput = z.infer<typeof AdjustmentInput>

/** A customer's static IP as operators see it: everything but its credentials. */
export const CustomerStaticIp = Instance.omit({ username: true, password: true, uuid: true })
export type CustomerStaticIp = z.infer<typeof CustomerStaticIp>

export const CustomerStaticIpQuery = PageQuery.extend({ status: InstanceStatus.optional() })
export type CustomerStaticIpQuery = z.infer<typeof CustomerStaticIpQuery>

/**
 * A customer's wallet entry as operators see it: the customer's own billing record (amount in dollars,
 * signed; the balance after it; `about` for rendering in the reader's language, else `description`).
 */
export const CustomerTransaction = WalletTransaction
export type CustomerTransaction = z.infer<typeof CustomerTransaction>

/** A customer's traffic package, with its plan's English name (the Chinese one when the plan is gone). */
export const CustomerTrafficPackage = TrafficPackage.extend({ planNameEn: z.string() })
export type CustomerTrafficPackage = z.infer<typeof CustomerTrafficPackage>

export const CustomerTrafficPackageQuery = PageQuery.extend({ status: TrafficPackageStatus.optional() })
export type CustomerTrafficPackageQuery = z.infer<typeof CustomerTrafficPackageQuery>

/**
 * Move a customer's IP to another free address of its region: the one chosen from the inventory, or
 * else the next free one. Expiry and credentials stay; the old address cools down.
 */
export const ReplaceAddressInput = z.strictObject({ reason: Reason, addressId: z.uuid().optional() })
export type ReplaceAddressInput = z.infer<typeof ReplaceAddressInput>

export const ReplacedAddress = z.object({
  id: z.uuid(),
  ip: z.string(),
  port: z.number().int(),
  node: z.string(),
})
export type ReplacedAddress = z.infer<typeof ReplacedAddress>

export const AddressReplacement = z.object({
  /** The IP as it now is, on its new address. */
  instance: CustomerStaticIp,
  customerId: z.uuid(),
  oldAddress: ReplacedAddress,
  newAddress: ReplacedAddress,
})
export type AddressReplacement = z.infer<typeof AddressReplacement>

export const PasswordResetMailInput = z.strictObject({ reason: Reason })
export type PasswordResetMailInput = z.infer<typeof PasswordResetMailInput>

const tags = ['admin'] as const
const params = z.strictObject({ id: z.uuid() })

export const listCustomers = defineEndpoint({
  method: 'GET',
  path: '/admin/customers',
  summary: 'Customers, newest first, by email or id and status',
  tags,
  auth: 'operator',
  permission: 'customers.read',
  query: CustomerQuery,
  response: pageOf(CustomerSummary),
})

export const getCustomer = defineEndpoint({
  method: 'GET',
  path: '/admin/customers/:id',
  summary: 'One customer: wallet, IPs, traffic, security',
  tags,
  auth: 'operator',
  permission: 'customers.read',
  params,
  response: CustomerDetail,
})

export const suspendCustomer = defineEndpoint({
  method: 'POST',
  path: '/admin/customers/:id/suspend',
  summary: 'Suspend: sessions end, sign-in is refused, proxies stop at the next node pull',
  tags,
  auth: 'operator',
  permission: 'customers.suspend',
  params,
  body: SuspendInput,
  response: CustomerDetail,
})

export const restoreCustomer = defineEndpoint({
  method: 'POST',
  path: '/admin/customers/:id/restore',
  summary: 'Lift a suspension',
  tags,
  auth: 'operator',
  permission: 'customers.suspend',
  params,
  body: SuspendInput,
  response: CustomerDetail,
})

export const adjustCustomerWallet = defineEndpoint({
  method: 'POST',
  path: '/admin/customers/:id/adjustments',
  summary: 'Credit or debit the wallet through the ledger, with a reason (send an Idempotency-Key header)',
  tags,
  auth: 'operator',
  permission: 'wallet.adjust',
  params,
  body: AdjustmentInput,
  response: z.object({ balance: z.number(), transactionId: z.string() }),
})

export const listCustomerStaticIps = defineEndpoint({
  method: 'GET',
  path: '/admin/customers/:id/static-ips',
  summary: "A customer's static IPs, newest first, without their credentials",
  tags,
  auth: 'operator',
  permission: 'customers.read',
  params,
  query: CustomerStaticIpQuery,
  response: pageOf(CustomerStaticIp),
})

export const listCustomerTransactions = defineEndpoint({
  method: 'GET',
  path: '/admin/customers/:id/transactions',
  summary: "A customer's wallet entries, newest first",
  tags,
  auth: 'operator',
  permission: 'customers.read',
  params,
  query: PageQuery,
  response: pageOf(CustomerTransaction),
})

export const listCustomerTrafficPackages = defineEndpoint({
  method: 'GET',
  path: '/admin/customers/:id/traffic-packages',
  summary: "A customer's traffic packages, soonest expiry first, by status",
  tags,
  auth: 'operator',
  permission: 'customers.read',
  params,
  query: CustomerTrafficPackageQuery,
  response: pageOf(CustomerTrafficPackage),
})

export const replaceInstanceAddress = defineEndpoint({
  method: 'POST',
  path: '/admin/instances/:id/replace',
  summary:
    "Move a customer's static IP to another free address of its region (the one given, or the next), keeping its expiry and credentials",
  tags,
  auth: 'operator',
  permission: 'inventory.manage',
  params,
  body: ReplaceAddressInput,
  response: AddressReplacement,
})

export const sendPasswordResetMail = defineEndpoint({
  method: 'POST',
  path: '/admin/customers/:id/password-reset',
  summary: 'Mail the customer the password-reset link their own "forgot password" sends',
  tags,
  auth: 'operator',
  permission: 'customers.reset-password',
  params,
  body: PasswordResetMailInput,
  response: z.object({ email: z.string() }),
})

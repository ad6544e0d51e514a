// What operators do for a customer beyond their account: list their static IPs, move one to another
// address from the inventory (the customer's own replacement, without its cooldown), and mail them
// the password-reset link their "forgot password" sends. Each write is audited in its transaction.
import type {
  AddressReplacement,
  CustomerStaticIp,
  CustomerStaticIpQuery,
  ReplaceAddressInput,
} from '@proxy/contract/admin/customers'
import type { Instance } from '@proxy/contract/static-ip/instances'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import type { Mail } from '../../platform/mail/mailer.ts'
import { findCustomer, mailResetLink } from '../auth/index.ts'
import { listInstances, moveInstanceAddress } from '../static-ip/index.ts'
import { type Actor, recordAudit } from './audit.ts'

const withoutCredentials = ({ username, password, uuid, ...rest }: Instance): CustomerStaticIp => rest

/** A customer's static IPs, newest first, without their credentials. */
export async function customerStaticIps(db: Db, id: string, query: CustomerStaticIpQuery) {
  if (!(await findCustomer(db, id))) throw new AppError('NOT_FOUND')
  const page = await listInstances(db, id, { ...query, sort: 'createdAt.desc' })
  return { ...page, items: page.items.map(withoutCredentials) }
}

/**
 * Moves an active static IP to a free address of its region (the one the operator chose, or the next),
 * recorded as the customer's own replacements are; the nodes pick the move up at their next pull.
 */
export async function replaceAddress(
  db: Db,
  actor: Actor,
  instanceId: string,
  input: ReplaceAddressInput,
): Promise<AddressReplacement> {
  try {
    return await inTransaction(db, async (tx) => {
      const moved = await moveInstanceAddress(tx, instanceId, { addressId: input.addressId, reason: 'other' })
      const { from, to } = moved
      await recordAudit(tx, {
        operator: actor,
        action: 'instances.replace',
        target: `instance:${instanceId}`,
        before: { addressId: from.id, ip: from.ip, port: from.port, node: from.node },
        after: { addressId: to.id, ip: to.ip, port: to.port, node: to.node },
        reason: input.reason,
        ip: actor.ip,
      })
      return {
        instance: withoutCredentials(moved.instance),
        customerId: moved.userId,
        oldAddress: from,
        newAddress: to,
      }
    })
  } catch (error) {
    // The region has no free address: the operator's words for the customer's OUT_OF_STOCK.
    if (error instanceof AppError && error.name === 'OUT_OF_STOCK')
      throw new AppError('NO_REPLACEMENT_ADDRESS')
    throw error
  }
}

export type ResetMailer = {
  publicUrl: string
  /** Sends a mail once the answer has gone (the mail queue), as the customer's own request does. */
  sendLater: (mail: Mail) => void
}

/**
 * Issues a reset link for the customer's address (the one their "forgot password" mails) and records
 * it, in one transaction; the mail goes after the commit. The audit never holds the link's token.
 */
export async function mailPasswordReset(
  db: Db,
  actor: Actor,
  id: string,
  reason: string,
  mailer: ResetMailer,
): Promise<{ email: string }> {
  const outgoing: Mail[] = []
  const email = await inTransaction(db, async (tx) => {
    outgoing.length = 0 // a retried transaction mails once
    const customer = await findCustomer(tx, id)
    if (!customer) throw new AppError('NOT_FOUND')
    const mail = {
      publicUrl: mailer.publicUrl,
      send: async (message: Mail) => {
        outgoing.push(message)
      },
    }
    await mailResetLink(tx, mail, customer.email)
    if (outgoing.length === 0) throw new Error(`no reset mail for customer ${id}`)
    await recordAudit(tx, {
      operator: actor,
      action: 'customers.password-reset',
      target: `customer:${id}`,
      before: { resetMailTo: null },
      after: { resetMailTo: customer.email },
      reason,
      ip: actor.ip,
    })
    return customer.email
  })
  for (const mail of outgoing) mailer.sendLater(mail)
  return { email }
}

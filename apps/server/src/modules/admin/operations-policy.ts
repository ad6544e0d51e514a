// The destination policy for the operator console: the deny list every node applies (each change
// audited, and carried to the nodes by their next pull), and the credentials each node refused most.
import type {
  AdminDestinationPolicy,
  NodeRefusal,
  SetDestinationPolicyInput,
} from '@proxy/contract/admin/nodes'
import { NODE_REFUSALS_TOP } from '@proxy/contract/admin/nodes'
import { SMTP_PORTS } from '@proxy/contract/nodes/policy'
import { type Db, inTransaction } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { maskEmail } from '../../platform/log-redaction.ts'
import { customerEmails } from '../auth/index.ts'
import {
  listNodes,
  lockDenyList,
  normaliseDenyList,
  readDenyList,
  type StoredDenyList,
  topRefusals,
  writeDenyList,
} from '../nodes/index.ts'
import { ownersOfInstances } from '../static-ip/index.ts'
import { type Actor, recordAudit } from './audit.ts'

const toAdminPolicy = (list: StoredDenyList): AdminDestinationPolicy => ({
  smtpPorts: [...SMTP_PORTS],
  ports: list.ports,
  cidrs: list.cidrs,
  updatedAt: list.updatedAt?.toISOString() ?? null,
})

export const destinationPolicy = async (db: Db) => toAdminPolicy(await readDenyList(db))

export async function setDestinationPolicy(
  db: Db,
  actor: Actor,
  input: SetDestinationPolicyInput,
): Promise<AdminDestinationPolicy> {
  const list = normaliseDenyList(input)
  return inTransaction(db, async (tx) => {
    const before = await lockDenyList(tx)
    const unchanged = before.ports.join() === list.ports.join() && before.cidrs.join() === list.cidrs.join()
    // Saving the same list is not a write: no audit row, and no pull told of a change.
    if (unchanged) return toAdminPolicy(before)
    const after = await writeDenyList(tx, list)
    await recordAudit(tx, {
      operator: actor,
      action: 'nodes.policy.set',
      target: 'destination-policy',
      before: { ports: before.ports, cidrs: before.cidrs },
      after: { ports: after.ports, cidrs: after.cidrs },
      ip: actor.ip,
    })
    return toAdminPolicy(after)
  })
}

export async function nodeRefusals(db: Db, nodeId: string): Promise<{ items: NodeRefusal[] }> {
  return inTransaction(db, async (tx) => {
    const [node] = await listNodes(tx, new Date(), nodeId)
    if (!node) throw new AppError('NOT_FOUND')
    const rows = await topRefusals(tx, nodeId, NODE_REFUSALS_TOP)
    // A traffic account's id is its customer's; an instance names its customer while it exists.
    const instanceIds = rows.filter((row) => row.kind === 'instance').map((row) => row.id)
    const owners = new Map(
      instanceIds.length > 0
        ? (await ownersOfInstances(tx, instanceIds)).map((row) => [row.id, row.userId])
        : [],
    )
    const customerOf = (row: (typeof rows)[number]) =>
      row.kind === 'traffic-account' ? row.id : (owners.get(row.id) ?? null)
    const emails = await customerEmails(
      tx,
      rows.flatMap((row) => customerOf(row) ?? []),
    )
    return {
      items: rows.map((row) => {
        const customerId = customerOf(row)
        const email = customerId ? emails.get(customerId) : undefined
        return {
          kind: row.kind,
          credentialId: row.id,
          customerId: email ? customerId : null,
          customerEmail: email ? maskEmail(email) : null,
          count: row.count,
          lastRefusedAt: row.lastRefusedAt.toISOString(),
        }
      }),
    }
  })
}

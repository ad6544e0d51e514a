// The pool logins a store holds: the traffic accounts' own and their sub-users', one username
// namespace (the server keeps them apart), with the allowances each spends from (allowances.ts).
import { createHash } from 'node:crypto'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { capIdOf, createAllowances, subjectOfCap } from './allowances.ts'
import type { Grant } from './grants.ts'

type NodeAccount = NodeUsers['trafficAccounts'][number]
type NodeSubUser = NonNullable<NodeUsers['subUsers']>[number]
export type Credential = { username: string; digest: Buffer; grant: Grant }
type Subject = Pick<Grant, 'kind' | 'id'>

export const digestOf = (secret: string) => createHash('sha256').update(secret).digest()

/** Changes with any part of the credential: a password reset closes the tunnels of the old one. */
export const versionOf = (parts: (string | number)[]) =>
  createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 22)

export function createPoolLogins() {
  const accounts = new Map<string, NodeAccount>()
  const subUsers = new Map<string, NodeSubUser>()
  /**
   * Sub-user → its traffic account, and the reverse: kept after a sub-user is dropped, as bytes it
   * carried before still bill its account.
   */
  const payers = new Map<string, string>()
  const subUsersOf = new Map<string, Set<string>>()
  const byUsername = new Map<string, Credential>()
  /** `kind:id` → version. */
  const versions = new Map<string, string>()
  const allowances = createAllowances()

  function dropLogin(kind: Grant['kind'], id: string, username: string) {
    versions.delete(`${kind}:${id}`)
    if (byUsername.get(username)?.grant.id === id) byUsername.delete(username)
  }

  /** A login's credential, as the grant it authenticates to (its version follows username and password). */
  function putLogin(grant: Omit<Grant, 'version'>, username: string, password: string) {
    const version = versionOf([grant.kind, grant.id, username, password])
    byUsername.set(username, { username, digest: digestOf(password), grant: { ...grant, version } })
    versions.set(`${grant.kind}:${grant.id}`, version)
  }

  /** Only the figures moved (the common delta after a push): the credential stays as it is. */
  const isSameLogin = (old: { username: string; password: string } | undefined, next: typeof old) =>
    old !== undefined && old.username === next?.username && old.password === next.password

  function putAccount(account: NodeAccount) {
    const old = accounts.get(account.id)
    accounts.set(account.id, account)
    if (isSameLogin(old, account)) return
    if (old) dropLogin('traffic-account', old.id, old.username)
    putLogin({ kind: 'traffic-account', id: account.id }, account.username, account.password)
  }

  function putSubUser(sub: NodeSubUser) {
    const old = subUsers.get(sub.id)
    subUsers.set(sub.id, sub)
    payers.set(sub.id, sub.account)
    subUsersOf.set(sub.account, (subUsersOf.get(sub.account) ?? new Set()).add(sub.id))
    if (isSameLogin(old, sub)) return
    if (old) dropLogin('sub-user', old.id, old.username)
    putLogin({ kind: 'sub-user', id: sub.id, account: sub.account }, sub.username, sub.password)
  }

  function drop<T extends { id: string; username: string }>(
    kind: Grant['kind'],
    held: Map<string, T>,
    id: string,
  ) {
    const old = held.get(id)
    if (!old) return
    held.delete(id)
    dropLogin(kind, id, old.username)
  }

  /** The allowances a login spends from here: its account's, and its own cap's when it has one. */
  function spendsFrom(grant: Subject): string[] {
    const own = grant.kind === 'sub-user' ? subUsers.get(grant.id) : accounts.get(grant.id)
    const payer = grant.kind === 'sub-user' ? payers.get(grant.id) : grant.id
    return [payer ?? '', ...(own?.capBytes !== undefined ? [capIdOf(grant)] : [])]
  }

  /** The allowances metered bytes of a subject are charged to (a cap's only while it is held). */
  function chargedTo(subject: Subject): string[] {
    if (subject.kind === 'instance') return []
    const payer = subject.kind === 'sub-user' ? payers.get(subject.id) : subject.id
    return [...(payer ? [payer] : []), capIdOf(subject)]
  }

  /**
   * Allowance id → bytes, as the server last counted them: each traffic account's left in its
   * packages, and each login's own cap (`cap:kind:id`) where it has one.
   */
  function remaining() {
    const figures = new Map<string, number>()
    for (const account of accounts.values()) {
      figures.set(account.id, account.remainingBytes)
      if (account.capBytes !== undefined)
        figures.set(capIdOf({ kind: 'traffic-account', id: account.id }), account.capBytes)
    }
    for (const sub of subUsers.values())
      if (sub.capBytes !== undefined) figures.set(capIdOf({ kind: 'sub-user', id: sub.id }), sub.capBytes)
    return figures
  }

  return {
    /** Applies the pool logins of a node API answer; true when any changed. */
    apply(users: NodeUsers): boolean {
      if (users.full) {
        accounts.clear()
        subUsers.clear()
        byUsername.clear()
        versions.clear()
      }
      for (const id of users.removedTrafficAccounts) drop('traffic-account', accounts, id)
      for (const account of users.trafficAccounts) putAccount(account)
      for (const id of users.removedSubUsers ?? []) drop('sub-user', subUsers, id)
      for (const sub of users.subUsers ?? []) putSubUser(sub)
      const subChanges = (users.subUsers?.length ?? 0) + (users.removedSubUsers?.length ?? 0)
      return users.trafficAccounts.length + users.removedTrafficAccounts.length + subChanges > 0
    },
    find: (username: string) => byUsername.get(username),
    version: (grant: Subject) => versions.get(`${grant.kind}:${grant.id}`),
    accounts: () => [...accounts.values()],
    subUsers: () => [...subUsers.values()],
    isSpent: (grant: Grant): boolean => grant.kind !== 'instance' && allowances.isSpent(spendsFrom(grant)),
    /** Spends metered bytes from the allowances the subject is charged to; true when one ran out. */
    consume: (subject: Subject, bytes: number) => allowances.consume(chargedTo(subject), bytes),
    chargedTo,
    spendsFrom,
    remaining,
    /** The subjects whose metered bytes an allowance is charged (an account: its own and its sub-users'). */
    subjectsOf(allowanceId: string): Subject[] {
      const cap = subjectOfCap(allowanceId)
      if (cap) return [cap]
      const subs = [...(subUsersOf.get(allowanceId) ?? [])].map((id) => ({ kind: 'sub-user' as const, id }))
      return [{ kind: 'traffic-account', id: allowanceId }, ...subs]
    },
    /** A sub-user's own tunnel cap (under the node's); undefined for anything else. */
    maxTunnels: (grant: Subject) =>
      grant.kind === 'sub-user' ? subUsers.get(grant.id)?.maxTunnels : undefined,
    allowance: allowances.allowance,
    setAllowance: allowances.setAllowance,
    /** Forgets allowances no longer served. */
    pruneAllowances() {
      const served = remaining()
      allowances.prune((id) => served.has(id))
    },
    setDisabled: allowances.setDisabled,
  }
}

export type PoolLogins = ReturnType<typeof createPoolLogins>

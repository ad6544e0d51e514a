// The credentials this gateway accepts, pulled from the node API (ETag, 304) into an in-memory
// index. A static IP answers only its own credentials on its own address; traffic accounts answer
// on the pool entries. The last good snapshot stays in force while the server cannot be reached.
// Between pulls each traffic account spends its pulled allowance locally: once it is spent the
// account stops authenticating at once, without waiting for the server to say so.
import { createHash, timingSafeEqual } from 'node:crypto'
import { NodeUsers } from '@proxy/contract/nodes/endpoints'
import type { Authenticate, Entry, Grant } from '../grants.ts'
import { callNodeApi, NodeApiError, type NodeApiOptions } from './node-api.ts'

export type CredentialsOptions = NodeApiOptions & {
  poolEntries: Entry[]
  /**
   * Bytes of a traffic account metered here that the server has not acknowledged yet (still in the
   * meter or the spool): the server's figure does not include them, so each pull subtracts them.
   */
  unacknowledged?: (accountId: string) => number
}
type Credential = { username: string; digest: Buffer; grant: Grant }
type Snapshot = {
  /** `address:port` → username → credential, for static IPs. */
  byEntry: Map<string, Map<string, Credential>>
  accounts: Map<string, Credential>
  /** Traffic account id → bytes left in its packages, as the server counted them. */
  remaining: Map<string, number>
  /** `kind:id` → version. */
  versions: Map<string, string>
  instanceEntries: Entry[]
}

const digestOf = (secret: string) => createHash('sha256').update(secret).digest()
// Compared against when the username is unknown, so a miss costs what a wrong password costs.
const NO_DIGEST = digestOf('')

/** Changes with any part of the credential: a password reset closes the tunnels of the old one. */
export const versionOf = (parts: (string | number)[]) =>
  createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 22)

/** Sockets report IPv4 clients on a dual-stack listener as `::ffff:a.b.c.d`. */
const keyOf = (entry: Entry) => `${entry.address.replace(/^::ffff:/i, '').toLowerCase()}:${entry.port}`

function index(users: NodeUsers): Snapshot {
  const snapshot: Snapshot = {
    byEntry: new Map(),
    accounts: new Map(),
    remaining: new Map(),
    versions: new Map(),
    instanceEntries: [],
  }
  for (const i of users.instances) {
    // vmess instances are served by v2ray, not by this gateway's socks5 listeners.
    if (i.protocol !== 'socks5') continue
    const version = versionOf(['instance', i.id, i.username, i.password, i.ip, i.port])
    const grant: Grant = { kind: 'instance', id: i.id, exitAddress: i.ip, version }
    const entry = { address: i.ip, port: i.port }
    const key = keyOf(entry)
    let users = snapshot.byEntry.get(key)
    if (!users) {
      users = new Map()
      snapshot.byEntry.set(key, users)
      snapshot.instanceEntries.push(entry)
    }
    users.set(i.username, { username: i.username, digest: digestOf(i.password), grant })
    snapshot.versions.set(`instance:${i.id}`, version)
  }
  for (const a of users.trafficAccounts) {
    const version = versionOf(['traffic-account', a.id, a.username, a.password])
    const grant: Grant = { kind: 'traffic-account', id: a.id, version }
    snapshot.accounts.set(a.username, { username: a.username, digest: digestOf(a.password), grant })
    snapshot.remaining.set(a.id, a.remainingBytes)
    snapshot.versions.set(`traffic-account:${a.id}`, version)
  }
  return snapshot
}

export function createCredentials(options: CredentialsOptions) {
  let snapshot = index({ instances: [], trafficAccounts: [] })
  /** Every instance as pulled, vmess ones included (those are v2ray's to serve). */
  let instances: NodeUsers['instances'] = []
  let etag: string | undefined
  const poolKeys = new Set(options.poolEntries.map(keyOf))
  /** Traffic accounts a push answer disabled → the last pull started before the mark. */
  const disabled = new Map<string, number>()
  let generation = 0
  /** Traffic account id → bytes it may still use here: the server's figure less what was metered since. */
  let allowances = new Map<string, number>()
  const unacknowledged = options.unacknowledged ?? (() => 0)

  /** Starts each account again from the server's figure, less what it has not acknowledged yet. */
  function resetAllowances() {
    allowances = new Map([...snapshot.remaining].map(([id, bytes]) => [id, bytes - unacknowledged(id)]))
  }

  let pulling: Promise<{ changed: boolean }> | undefined
  /** One pull at a time, so an older answer never lands over a newer one. */
  function pull(): Promise<{ changed: boolean }> {
    pulling ??= pullOnce().finally(() => {
      pulling = undefined
    })
    return pulling
  }

  async function pullOnce(): Promise<{ changed: boolean }> {
    const startedAt = ++generation
    const answer = await callNodeApi(options, 'GET', '/users', {
      headers: etag ? { 'if-none-match': etag } : {},
    })
    if (answer.status === 304) {
      resetAllowances()
      return { changed: false }
    }
    if (answer.status !== 200) throw new NodeApiError(`GET /users answered ${answer.status}`, answer.status)
    const parsed = NodeUsers.safeParse(answer.data)
    if (!parsed.success)
      throw new NodeApiError(`GET /users answered an unexpected body: ${parsed.error.message}`)
    snapshot = index(parsed.data)
    instances = parsed.data.instances
    resetAllowances()
    etag = answer.headers.get('etag') ?? undefined
    // A list fetched after the mark and still naming the account means it was re-enabled (a new package).
    for (const [id, markedAt] of disabled)
      if (markedAt < startedAt || !snapshot.versions.has(`traffic-account:${id}`)) disabled.delete(id)
    return { changed: true }
  }

  const authenticate: Authenticate = (entry, username, password) => {
    const key = keyOf(entry)
    const candidate =
      snapshot.byEntry.get(key)?.get(username) ??
      (poolKeys.has(key) ? snapshot.accounts.get(username) : undefined)
    const isMatch = timingSafeEqual(candidate?.digest ?? NO_DIGEST, digestOf(password))
    if (!candidate || !isMatch) return null
    return isCurrent(candidate.grant) ? candidate.grant : null
  }

  function isCurrent(grant: Grant): boolean {
    if (
      grant.kind === 'traffic-account' &&
      (disabled.has(grant.id) || !((allowances.get(grant.id) ?? 0) > 0))
    )
      return false
    return snapshot.versions.get(`${grant.kind}:${grant.id}`) === grant.version
  }

  return {
    pull,
    authenticate,
    isCurrent,
    /** Every address:port to listen on: the static IPs' own, then the pool entries. */
    entries: (): Entry[] => [
      ...snapshot.instanceEntries.filter((entry) => !poolKeys.has(keyOf(entry))),
      ...options.poolEntries,
    ],
    /**
     * Spends metered bytes from a traffic account's allowance. True when the account has nothing
     * left: it no longer authenticates, and its open tunnels are to be cut.
     */
    consume(grant: Grant, bytes: number): boolean {
      if (grant.kind !== 'traffic-account') return false
      const left = allowances.get(grant.id)
      if (left === undefined) return false
      allowances.set(grant.id, left - bytes)
      return left - bytes <= 0
    },
    /** Bytes a traffic account may still use here (negative once overspent); undefined when not served. */
    allowance: (accountId: string) => allowances.get(accountId),
    instances: () => instances,
    markDisabled(ids: Iterable<string>) {
      for (const id of ids) disabled.set(id, generation)
      // The next pull must answer in full: the list may be back to the very content of our ETag.
      etag = undefined
    },
  }
}

export type Credentials = ReturnType<typeof createCredentials>

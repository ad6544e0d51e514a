// The credentials this gateway accepts. The store holds them in in-memory indexes and answers every
// connection; each worker process has one, and the primary's `createCredentials` (sync/) fills its
// own from the node API and hands each answer on to the workers' stores. A static IP answers only
// its own credentials (or its customer's whitelisted sources) on its own address; the pool logins
// (traffic accounts and their sub-users, pool-logins.ts) answer on the pool entries and leave from
// the pool's exits. The last good state stays in force while the server cannot be reached; between
// pulls each pool login spends its allowances locally (allowances.ts).
import { timingSafeEqual } from 'node:crypto'
import type net from 'node:net'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { WHITELIST_MIN_PREFIX } from '@proxy/contract/static-ip/ip-whitelist'
import { createExitPool, parseUsername } from '../outbound/exit-pool.ts'
import { blockListOf, holds, unmapIPv4 } from './addresses.ts'
import type { Entry, Grant } from './grants.ts'
import { type Credential, createPoolLogins, digestOf, versionOf } from './pool-logins.ts'
import { relayPassword, relayUsername } from './vmess-relay.ts'

type NodeInstance = NodeUsers['instances'][number]
/** What a static IP's entry answers: its credential, and whose whitelist opens it. */
type Served = Credential & { owner: string; entry: Entry }

// Compared against when the username is unknown, so a miss costs what a wrong password costs.
const NO_DIGEST = digestOf('')

const keyOf = (entry: Entry) => `${unmapIPv4(entry.address)}:${entry.port}`

/**
 * A customer's whitelist as a BlockList. The server refuses ranges wider than the contract allows;
 * should one arrive anyway, it is dropped here rather than open a static IP to a whole network
 * (an IPv6 range over the IPv4-mapped space covers every IPv4 client).
 */
const whitelistOf = (sources: string[]) =>
  blockListOf(sources, (address, bits, family) => {
    if (bits < WHITELIST_MIN_PREFIX[family]) return false
    return family === 'ipv4' || bits > 96 || !holds(blockListOf([`${address}/${bits}`]), '::ffff:0:0')
  })

export type StoreOptions = {
  /** Keys the vmess relay credentials (a store without it serves no vmess tunnels). */
  nodeToken?: string
}

export function createCredentialStore(poolEntries: Entry[], options: StoreOptions = {}) {
  // As pulled, by id.
  const instances = new Map<string, NodeInstance>()
  const pool = createPoolLogins()
  /** Owner → their whitelist, and its sources (for a grant's version). */
  const whitelists = new Map<string, { list: net.BlockList; sources: string[] }>()
  const exits = createExitPool()

  // Indexes over them, kept in step on every change.
  /** `address:port` → the socks5 instance served there. */
  const byEntry = new Map<string, Served>()
  /** Relay username → a vmess instance's credential on the relay entry. */
  const relayUsers = new Map<string, Credential>()
  let relayKey: string | undefined
  /** `instance:id` → version (the pool logins keep their own). */
  const versions = new Map<string, string>()
  const poolKeys = new Set(poolEntries.map(keyOf))
  const { isSpent } = pool
  /** The operator's destination deny list; undefined from a server too old to send one. */
  let denyList: NodeUsers['policy']

  function dropInstance(id: string) {
    const old = instances.get(id)
    if (!old) return
    instances.delete(id)
    versions.delete(`instance:${id}`)
    const key = keyOf({ address: old.ip, port: old.port })
    if (byEntry.get(key)?.grant.id === id) byEntry.delete(key)
    relayUsers.delete(relayUsername(old))
  }

  function putInstance(instance: NodeInstance) {
    dropInstance(instance.id)
    instances.set(instance.id, instance)
    if (instance.protocol === 'vmess') return putVmess(instance)
    const version = versionOf([
      'instance',
      instance.id,
      instance.username,
      instance.password,
      instance.ip,
      instance.port,
    ])
    const grant: Grant = { kind: 'instance', id: instance.id, exitAddress: instance.ip, version }
    const entry = { address: unmapIPv4(instance.ip), port: instance.port }
    byEntry.set(keyOf(entry), {
      username: instance.username,
      digest: digestOf(instance.password),
      grant,
      owner: instance.owner,
      entry,
    })
    versions.set(`instance:${instance.id}`, version)
  }

  /**
   * v2ray terminates the vmess line and brings each tunnel to the relay entry: the credential there
   * is the instance's relay pair, and its version follows the UUID, so a reset closes old tunnels.
   */
  function putVmess(instance: NodeInstance) {
    if (!options.nodeToken) return
    const version = versionOf(['vmess', instance.id, instance.uuid, instance.ip, instance.port])
    const username = relayUsername(instance)
    relayUsers.set(username, {
      username,
      digest: digestOf(relayPassword(options.nodeToken, instance)),
      grant: { kind: 'instance', id: instance.id, exitAddress: instance.ip, version },
    })
    versions.set(`instance:${instance.id}`, version)
  }

  function apply(users: NodeUsers): boolean {
    if (users.full) {
      instances.clear()
      whitelists.clear()
      byEntry.clear()
      relayUsers.clear()
      versions.clear()
    }
    for (const id of users.removedInstances) dropInstance(id)
    for (const instance of users.instances) putInstance(instance)
    const hasPoolChanges = pool.apply(users)
    for (const { owner, sources } of users.whitelists) {
      if (sources.length === 0) whitelists.delete(owner)
      else whitelists.set(owner, { list: whitelistOf(sources), sources })
    }
    if (users.pool) exits.set(users.pool)
    if (users.full || users.policy) denyList = users.policy
    return (
      users.full ||
      users.instances.length + users.removedInstances.length > 0 ||
      hasPoolChanges ||
      users.whitelists.length > 0 ||
      users.pool !== undefined ||
      users.policy !== undefined
    )
  }

  /** Everything held, as one full answer: what a new worker process starts from. */
  function snapshot(cursor = '0.0'): NodeUsers {
    return {
      cursor,
      full: true,
      instances: [...instances.values()],
      removedInstances: [],
      trafficAccounts: pool.accounts(),
      removedTrafficAccounts: [],
      subUsers: pool.subUsers(),
      removedSubUsers: [],
      whitelists: [...whitelists].map(([owner, { sources }]) => ({ owner, sources })),
      pool: exits.addresses(),
      ...(denyList && { policy: denyList }),
    }
  }

  /**
   * `onWrong` hears of a wrong pair (the guard counts it), not of a right one that is cut off;
   * `onRefused` of both, with the credential the username named (tunnel statistics).
   */
  const authenticate = (
    entry: Entry,
    username: string,
    password: string,
    onWrong?: () => void,
    onRefused?: (named: Grant | undefined, why: 'password' | 'cut-off') => void,
  ): Grant | null => {
    const key = keyOf(entry)
    const login = poolKeys.has(key) ? parseUsername(username) : { username }
    const candidate =
      key === relayKey
        ? relayUsers.get(username)
        : poolKeys.has(key)
          ? login && pool.find(login.username)
          : byEntry.get(key)?.username === username
            ? byEntry.get(key)
            : undefined
    const isMatch = timingSafeEqual(candidate?.digest ?? NO_DIGEST, digestOf(password))
    if (!candidate || !isMatch) {
      onWrong?.()
      onRefused?.(candidate?.grant, 'password')
      return null
    }
    if (!isCurrent(candidate.grant)) {
      onRefused?.(candidate.grant, 'cut-off')
      return null
    }
    if (candidate.grant.kind === 'instance') return candidate.grant
    // A sticky session's exit is held node-wide (every worker must agree): found when dialling.
    if (login?.session) return { ...candidate.grant, session: login.session }
    // Otherwise each connection takes the next exit.
    const exitAddress = exits.pick(candidate.grant.id)
    return exitAddress ? { ...candidate.grant, exitAddress } : candidate.grant
  }

  /** A source on the whitelist of the customer whose static IP this entry is: no password needed. */
  function authorizeSource(entry: Entry, source: string): Grant | null {
    const served = byEntry.get(keyOf(entry))
    const address = unmapIPv4(source)
    const whitelist = served && whitelists.get(served.owner)
    if (!served || !whitelist || !holds(whitelist.list, address)) return null
    return { ...served.grant, whitelisted: { owner: served.owner, source: address } }
  }

  function isCurrent(grant: Grant): boolean {
    if (isSpent(grant)) return false
    if (grant.whitelisted) {
      const { owner, source } = grant.whitelisted
      const whitelist = whitelists.get(owner)
      if (!whitelist || !holds(whitelist.list, source)) return false
    }
    const version = grant.kind === 'instance' ? versions.get(`instance:${grant.id}`) : pool.version(grant)
    return version === grant.version
  }

  return {
    apply,
    snapshot,
    authenticate,
    authorizeSource,
    isCurrent,
    isSpent,
    /** Every address:port to listen on: the static IPs' own (socks5), then the pool entries. */
    entries: (): Entry[] => [
      ...[...byEntry].filter(([key]) => !poolKeys.has(key)).map(([, served]) => served.entry),
      ...poolEntries,
    ],
    /** Where v2ray hands vmess tunnels over (the sync side picks it at start). */
    setRelay(entry: Entry) {
      relayKey = keyOf(entry)
    },
    /** The pool's exit addresses (the gateway's own: never a destination). */
    exitAddresses: () => exits.addresses(),
    /** The operator's destination deny list as last pulled (undefined: the server sends none). */
    denyList: () => denyList,
    /** The exit a sticky session holds (the sync side's store is the one that decides). */
    holdExit: (accountId: string, session: { id: string; minutes: number }) => exits.hold(accountId, session),
    /** Every instance as pulled, vmess ones included (those are v2ray's to serve). */
    instances: () => [...instances.values()],
    /** Allowance id → bytes, as the server last counted them (pool-logins.ts). */
    remaining: pool.remaining,
    consume: pool.consume,
    chargedTo: pool.chargedTo,
    spendsFrom: pool.spendsFrom,
    subjectsOf: pool.subjectsOf,
    maxTunnels: pool.maxTunnels,
    allowance: pool.allowance,
    setAllowance: pool.setAllowance,
    pruneAllowances: pool.pruneAllowances,
    setDisabled: pool.setDisabled,
  }
}

export type CredentialStore = ReturnType<typeof createCredentialStore>

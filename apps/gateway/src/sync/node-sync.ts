// The sync side of a gateway, one per node (the cluster primary, or the only process): pulls the
// credentials and hands them to the data planes, merges the planes' counts into one meter, spools
// and pushes them, keeps the traffic accounts' allowances, runs v2ray for the vmess lines (which
// hands their tunnels to the planes' relay entry), blocks sources guessing passwords node-wide, keeps
// the lease book of the node-wide limits (a traffic account's bytes, a credential's tunnels), and
// sends the heartbeat.
import { CredentialRefusals, REFUSALS_MAX_CREDENTIALS } from '@proxy/contract/nodes/policy'
import { type GatewayConfig, guardSettingsOf, poolEntriesOf } from '../config.ts'
import { freePort } from '../free-port.ts'
import { createVmessEngine } from '../inbound/vmess/v2ray.ts'
import type { Log } from '../log.ts'
import type { FromPlane, ToPlane } from '../plane-messages.ts'
import { ownedAddresses } from '../route/addresses.ts'
import { createNodeGuard } from '../route/guard.ts'
import { RELAY_ADDRESS, type VmessRelay } from '../route/vmess-relay.ts'
import { createLeaseBook } from '../tracker/lease-book.ts'
import { BYTES_MIN_SLICE, bytesKey, parseKey } from '../tracker/limits.ts'
import { createMeter } from '../tracker/meter.ts'
import { createRefusalTally } from '../tracker/refusals.ts'
import { createTunnelStatsBook } from '../tracker/tunnel-stats-book.ts'
import { createCredentials } from './credentials.ts'
import { createNodeStats } from './node-stats.ts'
import { createPusher } from './pusher.ts'

export type NodeSync = ReturnType<typeof createNodeSync>

/** How the sync side reaches the planes: all of them, or one (by the name it gives `receive`). */
export type PlaneLinks = {
  broadcast: (message: ToPlane) => void
  tell: (plane: string, message: ToPlane) => void
}

export function createNodeSync(config: GatewayConfig, planes: PlaneLinks, log: Log) {
  const { broadcast } = planes
  const api = { apiUrl: config.GATEWAY_API_URL, token: config.GATEWAY_NODE_TOKEN }
  const isOwned = ownedAddresses(config.GATEWAY_ADDRESSES)
  const meter = createMeter()
  /** Picked at start (unless configured): the planes listen on it, v2ray hands its tunnels to it. */
  const relay: VmessRelay = { address: RELAY_ADDRESS, port: config.GATEWAY_VMESS_RELAY_PORT }
  // vmess lines run in v2ray, configured from the same pull; their bytes are metered by the planes.
  const vmess = createVmessEngine({
    // Beside the spool and named after it: every gateway on a machine has its own v2ray files.
    workDir: `${config.GATEWAY_SPOOL_DIR}-v2ray`,
    relay,
    nodeToken: config.GATEWAY_NODE_TOKEN,
    meter: (grant, up, down) => meter.add(grant, up, down),
    log,
  })
  const credentials = createCredentials({
    ...api,
    poolEntries: poolEntriesOf(config),
    // A pull resets each allowance to the server's figure less these (an account's: its sub-users' too).
    unacknowledged: (id) =>
      credentials.subjectsOf(id).reduce((sum, subject) => sum + meter.undrained(subject), 0) +
      pusher.unacknowledged(id),
  })
  /** Tunnel statistics from every plane, pushed with the bytes. */
  const tunnelStats = createTunnelStatsBook()
  const pusher = createPusher({
    ...api,
    spoolDir: config.GATEWAY_SPOOL_DIR,
    meter,
    tunnelStats,
    chargedTo: (record) => credentials.chargedTo(record),
    onDisabled: (ids) => {
      credentials.markDisabled(ids)
      broadcast(limits())
    },
    onBuried: (bytes) => {
      for (const [id, n] of bytes) credentials.restore(id, n)
    },
  })
  /**
   * What each plane holds of the node-wide limits. A traffic account's bytes: what is left here (the
   * server's figure less what it has not acknowledged, less what the planes reported since), shared
   * out in slices that shrink towards the end, so every plane gets some of the tail. A tunnel cap:
   * the cap, a few slots at a time.
   */
  const leases = createLeaseBook({
    capacity(key) {
      const parsed = parseKey(key)
      // A sub-user may have a cap of its own, under the node's.
      if (parsed?.limit === 'tunnels')
        return Math.min(config.GATEWAY_MAX_TUNNELS_PER_CREDENTIAL, credentials.maxTunnels(parsed) ?? Infinity)
      if (parsed?.limit !== 'bytes' || credentials.isDisabled(parsed.allowanceId)) return 0
      return credentials.allowance(parsed.allowanceId) ?? 0
    },
    sliceOf: (key, want, available) =>
      parseKey(key)?.limit === 'bytes'
        ? Math.max(BYTES_MIN_SLICE, Math.floor(available / (2 * config.GATEWAY_WORKERS)))
        : want,
    send: planes.tell,
    // Nothing more to give: every plane stops taking new connections for it (a pull re-enables it
    // only with more to give).
    onDry: (key) => parseKey(key)?.limit === 'bytes' && broadcast(limits()),
  })
  /** Open tunnels per plane, as each last reported. */
  const openTunnels = new Map<string, number>()
  const stats = createNodeStats({
    counted: meter.counted,
    openTunnels: () => [...openTunnels.values()].reduce((sum, n) => sum + n, 0),
  })
  const guard = createNodeGuard(guardSettingsOf(config))
  /** Destinations the planes refused, per credential, until a heartbeat reports them. */
  const refusals = createRefusalTally()
  async function heartbeat() {
    // Only a server whose pull carries the deny list takes refusals (older ones refuse unknown fields).
    const taken = credentials.denyList() ? refusals.take(REFUSALS_MAX_CREDENTIALS) : []
    // One entry the server would refuse must not cost the whole heartbeat (the node would look down).
    const refused = taken.filter((entry) => CredentialRefusals.safeParse(entry).success)
    try {
      await pusher.heartbeat({
        ...stats(),
        passwordGuessing: guard.figures(),
        ...(refused.length > 0 && { refusals: refused }),
      })
    } catch (error) {
      refusals.merge(refused)
      throw error
    }
  }

  /** The allowances last handed to the planes: only changes travel. */
  let sent = new Map<string, number>()
  function limits(): ToPlane {
    const current = allowances()
    const changed = [...current].filter(([id, bytes]) => sent.get(id) !== bytes)
    sent = current
    return { type: 'limits', allowances: changed, disabled: credentials.disabled() }
  }
  const allowances = () =>
    new Map(
      [...credentials.remaining().keys()].map((id) => [
        id,
        leases.isDry(bytesKey(id)) ? 0 : (credentials.allowance(id) ?? 0),
      ]),
    )

  async function pull() {
    const { changed, users } = await credentials.pull()
    tunnelStats.follow(users)
    if (changed || users.keepDestinations) {
      broadcast({ type: 'users', users })
      // Not awaited: a v2ray restart may wait up to 5 s and must not hold up the next pull.
      void vmess.sync(credentials.instances().filter((instance) => isOwned(instance.ip)))
    }
    broadcast(limits())
  }

  /**
   * A plane's counts (into the one meter, and spent from the allowances here too), or its question
   * which exit a sticky session holds, answered to that plane alone.
   */
  function receive(plane: string, message: FromPlane, reply: (answer: ToPlane) => void) {
    if (message.type === 'lease-ask') return leases.ask(plane, message.key, message.want, message.isEmpty)
    if (message.type === 'lease-back')
      return leases.settle(plane, message.key, message.amount, message.recalled)
    if (message.type === 'session') {
      const held = credentials.holdExit(message.account, message.session)
      // Without a pool the system picks, every time: nothing to hold, ask again in a minute.
      return reply({
        type: 'session-exit',
        ask: message.ask,
        address: held?.address,
        until: held?.until ?? Date.now() + 60_000,
      })
    }
    openTunnels.set(plane, message.openTunnels)
    if (message.tunnels) tunnelStats.receive(plane, message.tunnels)
    if (message.failures.length > 0) {
      // Every plane hears the levels (and blocks) first; then the reporter, which of its failures they hold.
      broadcast(guard.add(message.failures))
      reply({ type: 'guard', levels: [], blocks: [], heard: message.failures })
    }
    refusals.merge(message.refusals ?? [])
    let spent = false
    let counted = 0
    for (const record of message.records) {
      const bytes = record.upBytes + record.downBytes
      counted += bytes
      meter.add(record, record.upBytes, record.downBytes)
      // Spent from the plane's lease and from what is left here alike: what may be leased stays as it was.
      for (const id of credentials.chargedTo(record)) leases.settle(plane, bytesKey(id), bytes)
      if (credentials.consume(record, bytes)) spent = true
    }
    if (spent) broadcast(limits())
    // On disk: the plane may carry as much again. (A disk that fails must not stop the node: then
    // the bound is the spool's, the last push.)
    if (counted > 0)
      void pusher
        .checkpoint()
        .catch((error: Error) => log.error({ err: error }, 'gateway checkpoint failed'))
        .finally(() => reply({ type: 'counted', bytes: counted }))
  }

  // Each loop waits for its own last round: a slow API never stacks requests up.
  const loops: NodeJS.Timeout[] = []
  function every(ms: number, name: string, run: () => Promise<unknown>) {
    let busy = false
    const timer = setInterval(() => {
      if (busy) return
      busy = true
      run()
        .catch((error: Error) => log.warn({ err: error }, `gateway ${name} failed`))
        .finally(() => {
          busy = false
        })
    }, ms)
    loops.push(timer)
  }
  const push = () => pusher.flush()

  return {
    async start() {
      if (relay.port === 0) relay.port = await freePort(RELAY_ADDRESS)
      broadcast({ type: 'relay', entry: relay })
      await pull().catch((error: Error) => log.warn({ err: error }, 'gateway pull failed (retrying)'))
      every(config.GATEWAY_PULL_MS, 'pull', pull)
      every(config.GATEWAY_PUSH_MS, 'push', push)
      void heartbeat().catch((error: Error) => log.warn({ err: error }, 'gateway heartbeat failed'))
      every(config.GATEWAY_HEARTBEAT_MS, 'heartbeat', heartbeat)
      // Peak concurrency: the planes' open tunnels, summed, sampled each second.
      loops.push(setInterval(tunnelStats.sample, 1000))
    },
    pull,
    push,
    heartbeat,
    receive,
    /** A plane that stopped: its tunnels are gone, and what it held is the node's again. */
    forget(plane: string) {
      openTunnels.delete(plane)
      leases.forget(plane)
      tunnelStats.forget(plane)
    },
    /** What a new plane starts from: everything held, and every allowance. */
    welcome: (): ToPlane[] => [
      { type: 'relay', entry: relay },
      { type: 'users', users: { ...credentials.snapshot(), keepDestinations: tunnelStats.keepers() } },
      { type: 'limits', allowances: [...allowances()], disabled: credentials.disabled() },
      guard.welcome(),
    ],
    entries: () => credentials.entries().filter((entry) => isOwned(entry.address)),
    /** Stops the loops and v2ray, and pushes what was counted (the spool keeps the rest). */
    async close() {
      for (const timer of loops) clearInterval(timer)
      await vmess.close()
      await pusher.flush().catch((error: Error) => log.warn({ err: error }, 'gateway push on close failed'))
    },
  }
}

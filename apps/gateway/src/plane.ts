// The data plane: listeners on every entry, SOCKS5 and HTTP on each, tunnels that exit from the
// dialled address (or a pool exit), bytes metered per credential. One per worker process (or one in
// the only process). It learns credentials and limits from the sync side in messages, holds leases
// of the node-wide limits (a traffic account's bytes, a credential's tunnels), and reports its counts
// back every REPORT_MS or every quarter of its count window, whichever comes first; it never talks to
// the API itself.
import { type GatewayConfig, guardSettingsOf, poolEntriesOf } from './config.ts'
import type { ProxyContext } from './inbound/context.ts'
import { handleHttpProxy } from './inbound/http-proxy.ts'
import { createListeners } from './inbound/listener.ts'
import { handleSocks5 } from './inbound/socks5.ts'
import { createUdpAssociations } from './inbound/socks5-udp.ts'
import type { Log } from './log.ts'
import { createDialer, createResolver } from './outbound/dialer.ts'
import { createSessionExits } from './outbound/session-exits.ts'
import { cachedLookup, openUdpExit } from './outbound/udp.ts'
import type { FromPlane, ToPlane } from './plane-messages.ts'
import { ownedAddresses } from './route/addresses.ts'
import { createCredentialStore } from './route/credentials.ts'
import type { Entry, Grant } from './route/grants.ts'
import { createPlaneGuard, guardConnection } from './route/guard.ts'
import { createDestinationPolicy } from './route/policy.ts'
import { createLeases } from './tracker/leases.ts'
import {
  BYTES_WANT,
  bytesKey,
  createByteAllowance,
  createCountWindow,
  createTunnelSlots,
  parseKey,
} from './tracker/limits.ts'
import { createMeter } from './tracker/meter.ts'
import { createRefusalTally } from './tracker/refusals.ts'
import { createRelay } from './tracker/relay.ts'
import { createTunnelStats } from './tracker/tunnel-stats.ts'
import { createTunnels } from './tracker/tunnels.ts'

/** How often a plane hands its counts to the sync side. */
export const REPORT_MS = 250
/**
 * The bytes all of a node's planes together may carry before the sync side acknowledges them, which
 * it does once they are on disk (each plane's count window is its share, at least 1 MiB). So a kill
 * of any part of the gateway loses at most this much (and a chunk per tunnel) of counted traffic,
 * well under the 16 MiB DESIGN §11 allows.
 */
export const NODE_WINDOW_BYTES = 8 * 1024 * 1024

export type Plane = ReturnType<typeof startPlane>

export function startPlane(config: GatewayConfig, send: (message: FromPlane) => void, log: Log) {
  const isOwned = ownedAddresses(config.GATEWAY_ADDRESSES)
  const store = createCredentialStore(poolEntriesOf(config), { nodeToken: config.GATEWAY_NODE_TOKEN })
  /** Counted here since the last report. */
  const meter = createMeter()
  const tunnels = createTunnels()
  const cutOff = () => {
    // A spent account's tunnels end with what they already carried (and was counted) delivered; a
    // changed or revoked credential's are cut at once.
    tunnels.closeWhere((grant) => store.isSpent(grant), { gracefully: true })
    tunnels.closeWhere((grant) => !store.isCurrent(grant))
  }
  /** What this plane may carry unacknowledged, and how much it counts before it reports. */
  const countWindow = createCountWindow(
    Math.max(1024 * 1024, Math.floor(NODE_WINDOW_BYTES / config.GATEWAY_WORKERS)),
  )
  const reportBytes = countWindow.size / 4
  /** Bytes counted and not reported yet. */
  let unreported = 0
  const metered = (grant: Grant, up: number, down: number) => {
    meter.add(grant, up, down)
    unreported += up + down
    if (unreported >= reportBytes) report()
  }
  // Each plane keeps a few tunnel slots per credential spare, so most tunnels open without asking.
  const slotSpare = Math.max(
    1,
    Math.floor(config.GATEWAY_MAX_TUNNELS_PER_CREDENTIAL / (4 * config.GATEWAY_WORKERS)),
  )
  const leases = createLeases({
    send,
    wantOf: (key) => (parseKey(key)?.limit === 'bytes' ? BYTES_WANT : slotSpare + 1),
    // Spent bytes reach the sync side before the unspent come back: the node's figure stays exact.
    beforeRecall: (key) => parseKey(key)?.limit === 'bytes' && report(),
    onExhausted(key) {
      const parsed = parseKey(key)
      // Nothing left node-wide and nothing here: the allowance is spent until the sync side says otherwise.
      if (parsed?.limit !== 'bytes' || leases.balance(key) > 0) return
      store.setAllowance(parsed.allowanceId, 0)
      cutOff()
    },
  })
  // A pool login's bytes cross on leases of its account's allowance and of its own cap's.
  const allowance = createByteAllowance(leases, countWindow, (grant) =>
    grant.kind === 'instance' ? [] : store.spendsFrom(grant).map(bytesKey),
  )
  const slots = createTunnelSlots(leases, slotSpare)
  const relay = createRelay({
    tunnels,
    allowance,
    meter: metered,
    idleTimeoutMs: config.GATEWAY_IDLE_TIMEOUT_MS,
  })
  // One policy for every protocol; the pool host is the node's too, whatever the interfaces say.
  const policy = createDestinationPolicy({
    allowPrivate: config.GATEWAY_ALLOW_PRIVATE,
    ownRanges: [...config.GATEWAY_ADDRESSES, config.GATEWAY_POOL_HOST],
  })
  const refusals = createRefusalTally()
  const tunnelStats = createTunnelStats()
  /** What every resolver of this plane (TCP, UDP) judges with and counts into. */
  const destinations = { policy, onRefused: (grant: Grant) => refusals.add(grant) }
  const dialFrom = createDialer({ ...destinations, connectTimeoutMs: config.GATEWAY_CONNECT_TIMEOUT_MS })
  const sessions = createSessionExits(send)
  // The whole node's workers share the limit (a plane of the one-process gateway is alone).
  const guard = createPlaneGuard({ ...guardSettingsOf(config), planes: config.GATEWAY_WORKERS })
  /** A sticky session leaves from the exit it holds node-wide; everything else as granted. */
  const withExit = async (grant: Grant): Promise<Grant> =>
    grant.session ? { ...grant, exitAddress: await sessions.exit(grant.id, grant.session) } : grant
  const dial: ProxyContext['dial'] = (grant, destination) =>
    tunnelStats.dialled(
      grant,
      destination.host,
      slots.hold(
        grant,
        async () => dialFrom(await withExit(grant), destination),
        (upstream) => upstream,
      ),
    )
  const associate = createUdpAssociations({
    tunnels,
    resolve: createResolver({ ...destinations, lookup: cachedLookup() }),
    openExit: openUdpExit,
    meter: metered,
    allowance,
    idleTimeoutMs: config.GATEWAY_IDLE_TIMEOUT_MS,
    maxAssociations: config.GATEWAY_UDP_MAX_ASSOCIATIONS,
    maxDestinations: config.GATEWAY_UDP_MAX_DESTINATIONS,
  })
  const listeners = createListeners({
    handshakeTimeoutMs: config.GATEWAY_HANDSHAKE_TIMEOUT_MS,
    log,
    handle: (socket, entry, protocol) => {
      const whitelisted = () => store.authorizeSource(entry, socket.remoteAddress ?? '')
      const context: ProxyContext = {
        entry,
        // A credential cut off between pulls (spent, disabled) is refused at once; a wrong password
        // counts against the source, and a source guessing passwords is refused before it sends one.
        // v2ray's connections to the relay entry all come from loopback: never guessing, never blocked.
        ...(isVmessRelay(entry)
          ? {
              authenticate: (at, user, pass) => store.authenticate(at, user, pass, () => {}),
              refusedUntil: () => 0,
            }
          : guardConnection(
              guard,
              socket.remoteAddress ?? '',
              tunnelStats.checking(store.authenticate, whitelisted),
              whitelisted,
            )),
        whitelisted,
        dial,
        // A UDP association leaves from one exit for its whole life, picked as a tunnel's is; its
        // control connection holds the slot.
        associate: (grant, control) =>
          tunnelStats.dialled(
            grant,
            undefined,
            slots.hold(
              grant,
              async () => associate(await withExit(grant), control, entry),
              () => control,
            ),
          ),
        relay,
        async spend(grant, up, down) {
          const isPaid = await allowance.takeAll(grant, up + down)
          if (isPaid) metered(grant, up, down)
          return isPaid
        },
        // Its upstreams come and go with its requests and close with it, so the client stands for both.
        track: (grant, client) => tunnels.open(grant, client, client),
        handshakeTimeoutMs: config.GATEWAY_HANDSHAKE_TIMEOUT_MS,
        idleTimeoutMs: config.GATEWAY_IDLE_TIMEOUT_MS,
      }
      void (protocol === 'socks5' ? handleSocks5(socket, context) : handleHttpProxy(socket, context))
    },
  })
  let listening = Promise.resolve()
  /** The loopback entry v2ray brings vmess tunnels to, once the sync side has picked it. */
  let vmessRelay: Entry | undefined
  const isVmessRelay = (entry: Entry) =>
    vmessRelay !== undefined && entry.port === vmessRelay.port && entry.address === vmessRelay.address
  function listen() {
    const owned = store.entries().filter((entry) => isOwned(entry.address))
    const entries = vmessRelay ? [...owned, vmessRelay] : owned
    listening = listeners
      .sync(entries)
      .catch((error: Error) => log.error({ err: error }, 'gateway listeners failed to follow the entries'))
  }

  function receive(message: ToPlane) {
    if (message.type === 'users') {
      store.apply(message.users)
      tunnelStats.follow(message.users, store.instances)
      const entries = store.entries().filter((entry) => isOwned(entry.address))
      // GATEWAY_ADDRESSES are refused whole; pool exits may lie outside them.
      policy.setServed([...entries.map((entry) => entry.address), ...store.exitAddresses()])
      policy.setDenyList(store.denyList() ?? { ports: [], cidrs: [] })
      listen()
    } else if (message.type === 'relay') {
      vmessRelay = message.entry
      store.setRelay(vmessRelay)
      return listen()
    } else if (message.type === 'session-exit') {
      return sessions.answer(message)
    } else if (message.type === 'guard') {
      return guard.receive(message)
    } else if (message.type === 'lease' || message.type === 'recall') {
      return leases.receive(message)
    } else if (message.type === 'counted') {
      return countWindow.put(message.bytes)
    } else {
      // What the node has left (a hint for new connections: the bytes themselves cross on leases).
      for (const [id, bytes] of message.allowances) store.setAllowance(id, bytes)
      store.pruneAllowances()
      store.setDisabled(message.disabled)
    }
    cutOff()
  }

  function report() {
    unreported = 0
    const refused = refusals.drain()
    const tunnelCounts = tunnelStats.report(tunnels)
    send({
      type: 'counts',
      records: meter.drain(),
      openTunnels: tunnels.size,
      failures: guard.drain(),
      ...(refused.length > 0 && { refusals: refused }),
      ...(tunnelCounts && { tunnels: tunnelCounts }),
    })
  }
  const timer = setInterval(() => {
    report()
    leases.prune()
  }, REPORT_MS)

  return {
    receive,
    /** Hands the counts over now (a flush on demand, and the last one before exit). */
    report,
    /** Resolves once the listeners follow the last credentials received. */
    ready: () => listening,
    listening: () => listeners.listening(),
    tunnels: () => tunnels.size,
    async close() {
      clearInterval(timer)
      await listeners.close()
      tunnels.closeWhere(() => true)
      // Closed tunnels hand their last bytes to the meter from their 'close' events.
      await new Promise((resolve) => setTimeout(resolve, 50))
      report()
    },
  }
}

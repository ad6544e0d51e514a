// The data plane: listeners on every entry, SOCKS5 and HTTP on each, tunnels that exit from the
// dialled address (or a pool exit), bytes metered per credential. One per worker process (or one in
// the only process). It learns credentials and limits from the sync side in messages and reports
// its counts back every REPORT_MS; it never talks to the API itself.
import net from 'node:net'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import type { GatewayConfig } from './config.ts'
import { createDialer } from './destination.ts'
import type { Entry, Grant } from './grants.ts'
import { createListeners } from './listener.ts'
import type { ProxyContext } from './protocols/context.ts'
import { handleHttpProxy } from './protocols/http-proxy.ts'
import { handleSocks5 } from './protocols/socks5.ts'
import { createRelay } from './relay.ts'
import { createCredentialStore } from './sync/credentials.ts'
import { createMeter, type UsageRecord } from './sync/meter.ts'
import { createTunnels } from './tunnels.ts'

/** How often a plane hands its counts to the sync side (what a crashed worker can lose at most). */
export const REPORT_MS = 250

/** From the sync side: an answer of the node API to apply, or the traffic accounts' limits. */
export type ToPlane =
  | { type: 'users'; users: NodeUsers }
  | { type: 'limits'; allowances: [string, number][]; disabled: string[] }
/** To the sync side: bytes counted since the last report, and the tunnels open now. */
export type FromPlane = { type: 'counts'; records: UsageRecord[]; openTunnels: number }

/** The pool entries every gateway of a node listens on, from its settings. */
export const poolEntriesOf = (config: GatewayConfig): Entry[] =>
  config.GATEWAY_POOL_PORTS.split(',').map((port) => ({
    address: config.GATEWAY_POOL_HOST,
    port: Number(port),
  }))

/** An allow list from `a.b.c.d/n, …`: the addresses this node owns and may listen on. */
export function ownedAddresses(cidrs: string): (address: string) => boolean {
  const list = new net.BlockList()
  for (const cidr of cidrs
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = cidr.split('/')
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return (address) => list.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4')
}

export type Plane = ReturnType<typeof startPlane>

export function startPlane(
  config: GatewayConfig,
  send: (message: FromPlane) => void,
  log: (message: string) => void,
) {
  const isOwned = ownedAddresses(config.GATEWAY_ADDRESSES)
  const store = createCredentialStore(poolEntriesOf(config))
  /** Counted here since the last report. */
  const meter = createMeter()
  const tunnels = createTunnels({ maxPerGrant: config.GATEWAY_MAX_TUNNELS_PER_CREDENTIAL })
  const cutOff = () => tunnels.closeWhere((grant: Grant) => !store.isCurrent(grant))
  /** Every metered byte is reported and spent from a traffic account's allowance here at once. */
  const metered = (grant: Grant, up: number, down: number) => {
    meter.add(grant, up, down)
    // Spent: cut its tunnels now, between messages (only while it has some, so closing ones cost nothing).
    if (store.consume(grant, up + down) && tunnels.count(grant) > 0) cutOff()
  }
  const relay = createRelay({ tunnels, meter: metered, idleTimeoutMs: config.GATEWAY_IDLE_TIMEOUT_MS })
  let own = new Set<string>()
  const dial = createDialer({
    allowPrivate: config.GATEWAY_ALLOW_PRIVATE,
    ownAddresses: () => own,
    connectTimeoutMs: config.GATEWAY_CONNECT_TIMEOUT_MS,
  })
  const listeners = createListeners({
    handshakeTimeoutMs: config.GATEWAY_HANDSHAKE_TIMEOUT_MS,
    log,
    handle: (socket, entry, protocol) => {
      const context: ProxyContext = {
        entry,
        // A credential cut off between pulls (spent, disabled) is refused at once.
        authenticate: (at, username, password) => store.authenticate(at, username, password),
        whitelisted: () => store.authorizeSource(entry, socket.remoteAddress ?? ''),
        dial,
        relay,
        count: metered,
        handshakeTimeoutMs: config.GATEWAY_HANDSHAKE_TIMEOUT_MS,
      }
      void (protocol === 'socks5' ? handleSocks5(socket, context) : handleHttpProxy(socket, context))
    },
  })
  let listening = Promise.resolve()

  function receive(message: ToPlane) {
    if (message.type === 'users') {
      store.apply(message.users)
      const entries = store.entries().filter((entry) => isOwned(entry.address))
      // Customers must not dial into our own addresses: entries, vmess lines and pool exits.
      own = new Set([
        ...entries.map((entry) => entry.address),
        ...store.instances().flatMap((instance) => (isOwned(instance.ip) ? [instance.ip] : [])),
        ...store.exitAddresses(),
      ])
      listening = listeners.sync(entries).catch((error: Error) => log(`gateway listeners: ${error.message}`))
    } else {
      // The sync side's figure knows what was reported; what this plane counted since, it spends again.
      for (const [id, bytes] of message.allowances)
        store.setAllowance(id, bytes - meter.undrained({ kind: 'traffic-account', id }))
      store.pruneAllowances()
      store.setDisabled(message.disabled)
    }
    cutOff()
  }

  const report = () => send({ type: 'counts', records: meter.drain(), openTunnels: tunnels.size })
  const timer = setInterval(report, REPORT_MS)

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

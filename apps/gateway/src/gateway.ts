// One gateway: listeners on every entry the node API lists, SOCKS5 and HTTP on each, tunnels that
// exit from the dialled address, bytes metered and pushed, and credentials pulled every second so a
// credential that disappears, changes or runs out loses its open tunnels within seconds.
import net from 'node:net'
import type { GatewayConfig } from './config.ts'
import { createDialer } from './destination.ts'
import type { Entry, Grant } from './grants.ts'
import { createListeners } from './listener.ts'
import type { ProxyContext } from './protocols/context.ts'
import { handleHttpProxy } from './protocols/http-proxy.ts'
import { handleSocks5 } from './protocols/socks5.ts'
import { createRelay } from './relay.ts'
import { createCredentials } from './sync/credentials.ts'
import { createMeter } from './sync/meter.ts'
import { createNodeStats } from './sync/node-stats.ts'
import { createPusher } from './sync/pusher.ts'
import { createTunnels } from './tunnels.ts'
import { createVmessEngine } from './vmess/v2ray.ts'

const HEARTBEAT_MS = 15_000

/** An allow list from `a.b.c.d/n, …`: the addresses this node owns and may listen on. */
function addressList(cidrs: string): net.BlockList {
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
  return list
}

export type Gateway = Awaited<ReturnType<typeof startGateway>>

export async function startGateway(config: GatewayConfig, log: (message: string) => void = console.warn) {
  const api = { apiUrl: config.GATEWAY_API_URL, token: config.GATEWAY_NODE_TOKEN }
  const poolEntries: Entry[] = config.GATEWAY_POOL_PORTS.split(',').map((port) => ({
    address: config.GATEWAY_POOL_HOST,
    port: Number(port),
  }))
  const owned = addressList(config.GATEWAY_ADDRESSES)
  const isOwned = (address: string) => owned.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4')

  const meter = createMeter()
  // vmess lines run in v2ray, configured from the same pull; its per-user counters join the meter.
  const vmess = createVmessEngine({
    // Beside the spool and named after it: every gateway on a machine has its own v2ray files.
    workDir: `${config.GATEWAY_SPOOL_DIR}-v2ray`,
    allowPrivate: config.GATEWAY_ALLOW_PRIVATE,
    meter: (grant, up, down) => meter.add(grant, up, down),
    log,
  })
  const credentials = createCredentials({
    ...api,
    poolEntries,
    // A pull resets each traffic account's allowance to the server's figure less these.
    unacknowledged: (id) => meter.undrained({ kind: 'traffic-account', id }) + pusher.unacknowledged(id),
  })
  const tunnels = createTunnels({ maxPerGrant: config.GATEWAY_MAX_TUNNELS_PER_CREDENTIAL })
  const cutOff = () => tunnels.closeWhere((grant: Grant) => !credentials.isCurrent(grant))
  const pusher = createPusher({
    ...api,
    spoolDir: config.GATEWAY_SPOOL_DIR,
    meter,
    onDisabled: (ids) => {
      credentials.markDisabled(ids)
      cutOff()
    },
  })
  /** Every metered byte is counted for the push and spent from a traffic account's local allowance. */
  const metered = (grant: Grant, up: number, down: number) => {
    meter.add(grant, up, down)
    // Spent: cut its tunnels now, between pulls (only while it has some, so closing ones cost nothing).
    if (credentials.consume(grant, up + down) && tunnels.count(grant) > 0) cutOff()
  }
  const stats = createNodeStats({ counted: meter.counted, openTunnels: () => tunnels.size })
  const heartbeat = () => pusher.heartbeat(stats())
  const relay = createRelay({
    tunnels,
    meter: metered,
    idleTimeoutMs: config.GATEWAY_IDLE_TIMEOUT_MS,
  })
  let listening = new Set<string>()
  const dial = createDialer({
    allowPrivate: config.GATEWAY_ALLOW_PRIVATE,
    ownAddresses: () => listening,
    connectTimeoutMs: config.GATEWAY_CONNECT_TIMEOUT_MS,
  })
  const listeners = createListeners({
    handshakeTimeoutMs: config.GATEWAY_HANDSHAKE_TIMEOUT_MS,
    log,
    handle: (socket, entry, protocol) => {
      const context: ProxyContext = {
        entry,
        // A credential cut off between pulls (spent, disabled) is refused at once.
        authenticate: (at, username, password) => credentials.authenticate(at, username, password),
        whitelisted: () => credentials.authorizeSource(entry, socket.remoteAddress ?? ''),
        dial,
        relay,
        count: metered,
        handshakeTimeoutMs: config.GATEWAY_HANDSHAKE_TIMEOUT_MS,
      }
      void (protocol === 'socks5' ? handleSocks5(socket, context) : handleHttpProxy(socket, context))
    },
  })

  async function pull() {
    const { changed } = await credentials.pull()
    if (!changed) return
    const entries = credentials.entries().filter((entry) => isOwned(entry.address))
    const vmessLines = credentials.instances().filter((instance) => isOwned(instance.ip))
    // Customers must not dial into our own addresses, vmess lines and pool exits included.
    listening = new Set([
      ...entries.map((entry) => entry.address),
      ...vmessLines.map((line) => line.ip),
      ...credentials.exitAddresses(),
    ])
    // Not awaited: a v2ray restart may wait up to 5 s and must not hold up the next pull.
    void vmess.sync(vmessLines)
    await listeners.sync(entries)
    cutOff()
  }

  // Each loop waits for its own last round: a slow API never stacks requests up.
  const loops: NodeJS.Timeout[] = []
  function every(ms: number, name: string, run: () => Promise<unknown>) {
    let busy = false
    const timer = setInterval(() => {
      if (busy) return
      busy = true
      run()
        .catch((error: Error) => log(`gateway ${name}: ${error.message}`))
        .finally(() => {
          busy = false
        })
    }, ms)
    loops.push(timer)
  }

  await pull().catch((error: Error) => log(`gateway pull: ${error.message} (retrying)`))
  every(config.GATEWAY_PULL_MS, 'pull', pull)
  const push = async () => {
    await vmess.collect().catch((error: Error) => log(`gateway vmess stats: ${error.message}`))
    await pusher.flush()
  }
  every(config.GATEWAY_PUSH_MS, 'push', push)
  void heartbeat().catch((error: Error) => log(`gateway heartbeat: ${error.message}`))
  every(HEARTBEAT_MS, 'heartbeat', heartbeat)

  return {
    listening: () => listeners.listening(),
    pull,
    flush: push,
    heartbeat,
    tunnels: () => tunnels.size,
    /** Stops accepting, closes the tunnels and pushes what was counted (the spool keeps the rest). */
    async close() {
      for (const timer of loops) clearInterval(timer)
      await listeners.close()
      tunnels.closeWhere(() => true)
      await vmess.close()
      await pusher.flush().catch((error: Error) => log(`gateway push on close: ${error.message}`))
    },
  }
}

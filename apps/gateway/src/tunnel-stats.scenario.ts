// Run by tunnel-stats.test.ts inside a network namespace of its own (test-netns.ts): the real API, a
// gateway of two workers in production mode, a DNS server the scenario scripts (an unknown name is
// NXDOMAIN, and no query leaves the namespace) and a tun device nothing reads (a destination behind
// it never answers: a connect timeout). Real clients play a scripted mix of tunnels that succeed and
// fail for every reason, and the scenario answers what it did and what the API then shows.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TopDestinations, TunnelStatsSeries } from '@proxy/contract/stats/endpoints'
import { freePort } from './free-port.ts'
import {
  connectStatus,
  loginOf,
  openSocksTunnel,
  type ProxyLogin,
  socksOutcome,
} from './inbound/test-clients.ts'
import { startApi, useApiTemplate } from './sync/test-api.ts'
import { startDnsServer } from './test-netns.ts'
import { spawnGateway } from './test-process.ts'
import { eventually, listenOn } from './test-sockets.ts'

export type StatsScenarioInput = { apiTemplate: string }
export type StatsScenarioResult = Awaited<ReturnType<typeof run>>

const STOCK_PREFIX = '198.18.3.'
const POOL_HOST = '198.18.4.1'
const SINK_HOST = '198.18.0.50'
/** Routed to a tun device nobody reads: SYNs vanish. */
const BLACKHOLE = '198.51.100.7'
const CAP = 3
const PACKAGE = 1024 * 1024
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

export default async function run({ apiTemplate }: StatsScenarioInput) {
  useApiTemplate(apiTemplate)
  for (const args of [
    ['tuntap', 'add', 'dev', 'blackhole0', 'mode', 'tun'],
    ['addr', 'add', '198.51.100.1/24', 'dev', 'blackhole0'],
    ['link', 'set', 'blackhole0', 'up'],
  ])
    execFileSync('ip', args)
  const dns = await startDnsServer()
  dns.script('sink.stats.test', [[SINK_HOST]])
  const servers: net.Server[] = []
  const listen = listenOn(SINK_HOST, servers)
  // Holds every connection open: tunnels to it stay until the client closes them.
  const held = await listen(net.createServer((socket) => socket.on('error', () => {})))
  const chunk = Buffer.alloc(64 * 1024, 'f')
  const firehose = await listen(
    net.createServer((socket) => {
      socket.on('error', () => {})
      const pump = () => {
        while (!socket.destroyed && socket.write(chunk)) {}
      }
      socket.on('drain', pump)
      pump()
    }),
  )
  const closedPort = await freePort(SINK_HOST)

  const api = await startApi({ addressPrefix: STOCK_PREFIX, firstAddress: 10 })
  const spoolDir = mkdtempSync(join(tmpdir(), 'gateway-stats-'))
  const poolPort = await freePort(POOL_HOST)
  const gateway = spawnGateway({
    GATEWAY_API_URL: api.baseUrl,
    GATEWAY_NODE_TOKEN: api.nodeToken,
    // The pool host among the node's own addresses: its entries are listened on.
    GATEWAY_ADDRESSES: `${STOCK_PREFIX}0/24,${POOL_HOST}/32`,
    GATEWAY_POOL_HOST: POOL_HOST,
    GATEWAY_POOL_PORTS: String(poolPort),
    GATEWAY_SPOOL_DIR: spoolDir,
    GATEWAY_WORKERS: '2',
    GATEWAY_MAX_TUNNELS_PER_CREDENTIAL: String(CAP),
    GATEWAY_CONNECT_TIMEOUT_MS: '500',
    GATEWAY_AUTH_FAILURE_LIMIT: '1000',
    GATEWAY_PULL_MS: '200',
    // Slow pushes: a spent account stays on the node (refused for its quota) until its bytes reach the server.
    GATEWAY_PUSH_MS: '4000',
  })
  const open: net.Socket[] = []
  try {
    const a = await api.staticIpCustomer()
    await api.call('PUT', '/api/proxy/stats/settings', { token: a.token, body: { keepDestinations: true } })
    const b = await api.trafficCustomer({ packageBytes: PACKAGE })
    await gateway.accepting(a.instance.ip, a.instance.port)
    await gateway.accepting(POOL_HOST, poolPort)
    // The package's own size and A's preference reach the node with the next pulls.
    await sleep(1000)
    const la: ProxyLogin = loginOf(a.instance)
    const lb: ProxyLogin = { host: POOL_HOST, port: poolPort, username: b.username, password: b.password }
    const outcomes: Record<string, string[]> = {}
    const note = (name: string, outcome: string) => {
      outcomes[name] = [...(outcomes[name] ?? []), outcome]
    }

    // --- static IP A -----------------------------------------------------------------------------
    for (let i = 0; i < CAP; i++) open.push(await openSocksTunnel(la, { host: SINK_HOST, port: held }))
    // Open across both workers for a few of the node's one-second samples.
    await sleep(2500)
    note('overCap', await socksOutcome(la, { host: SINK_HOST, port: held }))
    note('overCap', await connectStatus(la, { host: SINK_HOST, port: held }))
    for (const socket of open.splice(0)) socket.destroy()
    await sleep(300)
    note('succeeded', await socksOutcome(la, { host: SINK_HOST, port: held }))
    note('succeeded', await socksOutcome(la, { host: 'sink.stats.test', port: held }))
    note('succeeded', await connectStatus(la, { host: 'sink.stats.test', port: held }))
    note('authentication', await socksOutcome({ ...la, password: 'wrong' }, { host: SINK_HOST, port: held }))
    note('authentication', await connectStatus({ ...la, password: 'wrong' }, { host: SINK_HOST, port: held }))
    note('nobody', await socksOutcome({ ...la, username: 'nobody-here' }, { host: SINK_HOST, port: held }))
    note('policy', await socksOutcome(la, { host: SINK_HOST, port: 25 }))
    note('policy', await connectStatus(la, { host: '127.0.0.1', port: 80 }))
    note('dns', await socksOutcome(la, { host: 'nowhere.stats.test', port: 80 }))
    note('dns', await connectStatus(la, { host: 'missing.stats.test', port: 80 }))
    note('targetRefused', await socksOutcome(la, { host: SINK_HOST, port: closedPort }))
    note('timeout', await socksOutcome(la, { host: BLACKHOLE, port: 80 }))

    // --- traffic account B -----------------------------------------------------------------------
    // Served once the node has pulled it; until then its username names nothing here (node-wide).
    let bProbes = 0
    await eventually(
      async () => {
        bProbes += 1
        return socksOutcome(lb, { host: SINK_HOST, port: held })
      },
      (outcome) => outcome === 'granted',
      20_000,
    )
    note('bAuthentication', await socksOutcome({ ...lb, password: 'wrong' }, { host: SINK_HOST, port: held }))

    // --- a sub-user of B: a credential of its own kind -------------------------------------------
    const created = await api.call<{ id: string; username: string; password: string }>(
      'POST',
      '/api/user/sub-users',
      { token: b.token, body: { username: `stats-${crypto.randomUUID().slice(0, 8)}` } },
    )
    const sub = created.body.data
    const ls: ProxyLogin = { ...lb, username: sub.username, password: sub.password }
    let subProbes = 0
    await eventually(
      async () => {
        subProbes += 1
        return socksOutcome(ls, { host: SINK_HOST, port: held })
      },
      (outcome) => outcome === 'granted',
      20_000,
    )
    note(
      'subAuthentication',
      await socksOutcome({ ...ls, password: 'wrong' }, { host: SINK_HOST, port: held }),
    )
    const stream = await openSocksTunnel(lb, { host: SINK_HOST, port: firehose })
    let received = 0
    stream.on('data', (data: Buffer) => {
      received += data.length
    })
    await new Promise((done) => stream.once('close', done))
    // At once, while the node still holds the spent account (a pull after the server has its bytes drops it).
    for (let i = 0; i < 3; i++) note('bQuota', await socksOutcome(lb, { host: SINK_HOST, port: held }))

    const window = new URLSearchParams({
      from: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
    })
    const statsOf = async (token: string, subject: string) =>
      (
        await api.call<TunnelStatsSeries>('GET', `/api/proxy/stats/tunnels?${window}&subject=${subject}`, {
          token,
        })
      ).body.data
    const nodeLogins = async () =>
      Number(
        (
          await api.query<{ n: string | null }>(
            `select sum(fail_authentication)::text as n from tunnel_stats_hourly where subject_kind = 'node'`,
          )
        )[0]?.n ?? 0,
      )
    // A's 16 tunnels as scripted: 6 succeeded, 2 over the cap, 2 each for passwords, policy and DNS,
    // one refused by the target, one timed out.
    await eventually(
      () => statsOf(a.token, `instance:${a.instance.id}`),
      (stats) => stats.totals.opened >= 16,
      20_000,
    )
    await eventually(
      () => statsOf(b.token, 'traffic-account'),
      (stats) => stats.totals.opened >= 3,
      20_000,
    )
    // One more push interval: anything still on its way arrives (and would show as a count too many).
    await sleep(4500)
    return {
      outcomes,
      received,
      bProbes,
      subProbes,
      subUser: (await statsOf(b.token, `sub-user:${sub.id}`)).totals,
      instance: (await statsOf(a.token, `instance:${a.instance.id}`)).totals,
      account: (await statsOf(b.token, 'traffic-account')).totals,
      aAccount: (await statsOf(a.token, 'account')).totals,
      bSeesA: (
        await api.call('GET', `/api/proxy/stats/tunnels?${window}&subject=instance:${a.instance.id}`, {
          token: b.token,
        })
      ).status,
      nodeLogins: await nodeLogins(),
      aDestinations: (
        await api.call<TopDestinations>('GET', `/api/proxy/stats/destinations?${window}&subject=account`, {
          token: a.token,
        })
      ).body.data,
      bDestinations: (
        await api.call<TopDestinations>('GET', `/api/proxy/stats/destinations?${window}`, { token: b.token })
      ).body.data,
      dnsQueries: dns.queries('sink.stats.test'),
    }
  } finally {
    for (const socket of open) socket.destroy()
    await gateway.stop()
    for (const server of servers) server.close()
    await api.close()
    await dns.close()
    rmSync(spoolDir, { recursive: true, force: true })
    rmSync(`${spoolDir}-v2ray`, { recursive: true, force: true })
  }
}

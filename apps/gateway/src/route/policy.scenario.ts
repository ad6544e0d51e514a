// Run by route/policy-netns.test.ts inside a network namespace of its own (test-netns.ts): the real
// API (stock on 198.18.1.x), a gateway in production mode (GATEWAY_ALLOW_PRIVATE unset), sinks on
// 198.18.x.x and 127.0.0.200, and a DNS server the scenario scripts. It probes every rule through a
// bought static IP with real clients and answers what each probe and each sink saw, as JSON.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadGatewayConfig } from '../config.ts'
import { freePort } from '../free-port.ts'
import { startGateway } from '../gateway.ts'
import { connectStatus, curl, type ProxyLogin, socksOutcome } from '../inbound/test-clients.ts'
import { startApi, useApiTemplate } from '../sync/test-api.ts'
import { silentLog } from '../test-log.ts'
import { NETNS_HOST, startDnsServer } from '../test-netns.ts'
import { type CountingSink, countingSink, eventually } from '../test-sockets.ts'

export type PolicyScenarioInput = { apiTemplate: string }
/** [SOCKS5 outcome, CONNECT status] of one probe. */
export type Probe = [string, string]
export type PolicyScenarioResult = Awaited<ReturnType<typeof run>>

const STOCK_PREFIX = '198.18.1.'
const POOL_HOST = '198.18.2.1'
const PUBLIC_HOST = '198.18.0.50'
const SMTP_HOST = '198.18.0.25'
/** Loopback inside the namespace: what a rebinding name turns to. */
const LOOPBACK_HOST = '127.0.0.200'

export default async function run({ apiTemplate }: PolicyScenarioInput) {
  useApiTemplate(apiTemplate)
  const dns = await startDnsServer()
  const api = await startApi({ addressPrefix: STOCK_PREFIX, firstAddress: 10 })
  const spoolDir = mkdtempSync(join(tmpdir(), 'gateway-netns-'))
  const poolPort = await freePort(POOL_HOST)
  const gateway = await startGateway(
    loadGatewayConfig({
      GATEWAY_API_URL: api.baseUrl,
      GATEWAY_NODE_TOKEN: api.nodeToken,
      GATEWAY_ADDRESSES: `${STOCK_PREFIX}0/24`,
      GATEWAY_POOL_HOST: POOL_HOST,
      GATEWAY_POOL_PORTS: String(poolPort),
      GATEWAY_SPOOL_DIR: spoolDir,
      GATEWAY_PULL_MS: '200',
      GATEWAY_PUSH_MS: '300',
    }),
    silentLog,
  )
  const sinks: CountingSink[] = []
  const sink = async (host: string, port = 0, greeting?: string) => {
    const made = await countingSink(host, port, greeting)
    sinks.push(made)
    return made
  }
  try {
    const mine = (await api.staticIpCustomer()).instance
    const theirs = (await api.staticIpCustomer()).instance
    const [unsoldIp, coolingIp] = (
      await api.query<{ ip: string }>(
        `select ip from ip_inventory where status = 'available' and ip like '${STOCK_PREFIX}%' order by ip limit 2`,
      )
    ).map((row) => row.ip)
    await api.query(
      `update ip_inventory set status = 'cooling', cooling_until = now() + interval '1 day' where ip = $1`,
      [coolingIp],
    )
    await eventually(
      () => gateway.listening(),
      (list) => list.includes(`${mine.ip}:${mine.port}`),
    )
    const login: ProxyLogin = { ...mine, host: mine.ip }
    const probe = async (host: string, port: number): Promise<Probe> => [
      await socksOutcome(login, { host, port }),
      await connectStatus(login, { host, port }),
    ]

    const open = await sink(
      PUBLIC_HOST,
      0,
      'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok',
    )
    const control = await probe(PUBLIC_HOST, open.port)
    const smtp = await Promise.all([25, 465, 587].map((port) => sink(SMTP_HOST, port)))
    const smtpProbes = Object.fromEntries(
      await Promise.all(smtp.map(async (s) => [s.port, await probe(s.host, s.port)] as const)),
    )
    const smtpHostOther = await sink(SMTP_HOST)
    const smtpHostOtherProbe = await probe(SMTP_HOST, smtpHostOther.port)

    // The node's own addresses, each with a listener that must never see a tunnel.
    const ownHosts = {
      interface: NETNS_HOST,
      poolHost: POOL_HOST,
      unsold: unsoldIp ?? '',
      cooling: coolingIp ?? '',
      unstocked: `${STOCK_PREFIX}200`,
      soldToAnother: theirs.ip,
      soldToMe: mine.ip,
    }
    const own: Record<string, { probe: Probe; peers: number }> = {}
    for (const [name, host] of Object.entries(ownHosts)) {
      const listener = await sink(host)
      const outcome = await probe(host, listener.port)
      own[name] = { probe: outcome, peers: listener.peers.length }
    }

    // DNS rebinding: a name that answers a public address first, then loopback (TTL 0). The loopback
    // service listens on the public sink's port: a gateway that judged one answer and dialled
    // another would reach it.
    const loopback = await sink(LOOPBACK_HOST, open.port)
    const rebind = (name: string) => dns.script(name, [[PUBLIC_HOST], [LOOPBACK_HOST]])
    rebind('socks.rebind.test')
    const socksRebind = [
      await socksOutcome(login, { host: 'socks.rebind.test', port: open.port }),
      await socksOutcome(login, { host: 'socks.rebind.test', port: open.port }),
    ]
    rebind('connect.rebind.test')
    const connectRebind = [
      await connectStatus(login, { host: 'connect.rebind.test', port: open.port }),
      await connectStatus(login, { host: 'connect.rebind.test', port: open.port }),
    ]
    // The absolute-URI form (GET http://name/ through the proxy) dials the same way.
    rebind('absolute.rebind.test')
    const proxyUrl = `http://${encodeURIComponent(mine.username)}:${encodeURIComponent(mine.password)}@${mine.ip}:${mine.port}`
    const absolute = async () =>
      (
        await curl([
          ...['-x', proxyUrl, '-o', '/dev/null', '-w', '%{http_code}', '--max-time', '3'],
          `http://absolute.rebind.test:${open.port}/`,
        ])
      ).stdout
    const absoluteRebind = [await absolute(), await absolute()]
    // Both at once in one answer: refused whatever the order.
    dns.script('mixed.rebind.test', [[PUBLIC_HOST, LOOPBACK_HOST]])
    const mixed = await probe('mixed.rebind.test', open.port)

    await gateway.flush()
    await gateway.heartbeat()
    const outcomes = [
      ...Object.values(smtpProbes).flat(),
      ...Object.values(own).flatMap((entry) => entry.probe),
      ...socksRebind,
      ...connectRebind,
      ...absoluteRebind,
      ...mixed,
    ]
    const refusedProbes = outcomes.filter((outcome) => outcome === 'NotAllowed' || outcome === '403').length
    const refusals = await eventually(
      () => api.nodeRefusals(),
      (rows) => (rows.find((row) => row.credentialId === mine.id)?.count ?? 0) >= refusedProbes,
    )
    return {
      exit: mine.ip,
      control,
      openPeers: open.peers,
      smtpProbes,
      smtpPeers: smtp.map((s) => s.peers.length),
      smtpHostOtherProbe,
      own,
      socksRebind,
      connectRebind,
      absoluteRebind,
      mixed,
      loopbackPeers: loopback.peers.length,
      dnsQueries: ['socks', 'connect', 'absolute'].map((name) => dns.queries(`${name}.rebind.test`)),
      refusedProbes,
      refused: refusals.find((row) => row.credentialId === mine.id) ?? null,
    }
  } finally {
    await gateway.close()
    for (const made of sinks) await made.close()
    await api.close()
    await dns.close()
    rmSync(spoolDir, { recursive: true, force: true })
    rmSync(`${spoolDir}-v2ray`, { recursive: true, force: true })
  }
}

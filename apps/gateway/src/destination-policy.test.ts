// End to end on loopback in development mode (GATEWAY_ALLOW_PRIVATE): the real API, customers with a
// static IP and a traffic account, the gateway, real clients. SMTP listeners on real ports 25, 465
// and 587 are never reached (SOCKS5 answers 0x02, CONNECT 403); the node's unsold addresses and its
// interface addresses are refused although private ones are allowed; a deny list set in the console
// reaches the gateway through the pull, and taking it off lets traffic through again. Every refusal
// is counted for the credential that asked and shown on the console's node page.
// Production mode, where loopback is refused whole, runs in a namespace: route/policy-netns.test.ts.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadGatewayConfig } from './config.ts'
import { freePort } from './free-port.ts'
import { type Gateway, startGateway } from './gateway.ts'
import { connectStatus, type ProxyLogin, socksOutcome } from './inbound/test-clients.ts'
import { type Api, startApi } from './sync/test-api.ts'
import { silentLog } from './test-log.ts'
import { type CountingSink, countingSink, eventually, testGatewaySettings } from './test-sockets.ts'

// In the tests' sink range (test-sockets.ts), which is neither stock nor an interface address.
const SINK_HOST = '127.0.0.200'
const SMTP_PORTS = [25, 465, 587]

let api: Api
let gateway: Gateway
let spoolDir: string
let smtp: CountingSink[]
let open: CountingSink
let unsold: CountingSink
let onInterface: CountingSink
let staticIp: ProxyLogin & { id: string }
let account: ProxyLogin & { id: string }

beforeAll(async () => {
  api = await startApi({ firstAddress: 140 })
  // Real SMTP ports (we are root): what a spammer would dial.
  smtp = await Promise.all(SMTP_PORTS.map((port) => countingSink(SINK_HOST, port)))
  open = await countingSink(SINK_HOST)
  const poolPort = await freePort()
  spoolDir = mkdtempSync(join(tmpdir(), 'gateway-policy-'))
  gateway = await startGateway(
    loadGatewayConfig(
      testGatewaySettings({ apiUrl: api.baseUrl, nodeToken: api.nodeToken, poolPorts: [poolPort], spoolDir }),
    ),
    silentLog,
  )
  const { instance } = await api.staticIpCustomer()
  staticIp = { ...instance, host: instance.ip }
  const traffic = await api.trafficCustomer()
  account = { ...traffic, host: '127.0.0.1', port: poolPort }
  await eventually(
    () => gateway.listening(),
    (list) => list.includes(`${instance.ip}:${instance.port}`),
  )
  await gateway.pull()
  // Stock nobody bought (this file's stock is 127.0.0.140-149), and the loopback interface's address.
  const [free] = await api.query<{ ip: string }>(
    `select ip from ip_inventory where status = 'available' and ip like '127.0.0.14_' order by ip desc limit 1`,
  )
  unsold = await countingSink(free?.ip ?? '')
  onInterface = await countingSink('127.0.0.1')
}, 120_000)

afterAll(async () => {
  await gateway?.close()
  for (const sink of [...(smtp ?? []), open, unsold, onInterface]) await sink?.close()
  await api?.close()
  rmSync(spoolDir, { recursive: true, force: true })
  rmSync(`${spoolDir}-v2ray`, { recursive: true, force: true })
})

/** Both protocols to one destination through one credential: [SOCKS5 outcome, CONNECT status]. */
const both = async (login: ProxyLogin, destination: { host: string; port: number }) => [
  await socksOutcome(login, destination),
  await connectStatus(login, destination),
]

/** The console's count for a credential once a heartbeat has carried it (bounded wait). */
async function refusalsOf(id: string, atLeast: number) {
  await gateway.flush()
  await gateway.heartbeat()
  const rows = await eventually(
    () => api.nodeRefusals(),
    (list) => (list.find((row) => row.credentialId === id)?.count ?? 0) >= atLeast,
  )
  return rows.find((row) => row.credentialId === id)
}

describe('the destination policy in development mode', () => {
  it('refuses SMTP (25, 465, 587) on both protocols for every credential, and counts each refusal', async () => {
    for (const login of [staticIp, account]) {
      expect(await both(login, { host: SINK_HOST, port: open.port })).toEqual(['granted', '200'])
      for (const sink of smtp)
        expect(await both(login, { host: SINK_HOST, port: sink.port }), String(sink.port)).toEqual([
          'NotAllowed',
          '403',
        ])
    }
    for (const sink of smtp) expect(sink.peers, `port ${sink.port}`).toEqual([])
    expect(open.peers.length).toBe(4)

    const mine = await refusalsOf(staticIp.id, 6)
    expect(mine).toMatchObject({ kind: 'instance', count: 6 })
    expect(mine?.customerEmail).toMatch(/^gw\*\*\*@example\.com$|^gw-\*\*\*@/)
    expect(await refusalsOf(account.id, 6)).toMatchObject({
      kind: 'traffic-account',
      customerId: account.id,
      count: 6,
    })
  })

  it("refuses the node's unsold addresses and interface addresses although private ones are allowed", async () => {
    for (const sink of [unsold, onInterface])
      expect(await both(staticIp, sink), sink.host).toEqual(['NotAllowed', '403'])
    expect(unsold.peers).toEqual([])
    expect(onInterface.peers).toEqual([])
  })

  it('applies a port and a range the operator sets in the console, through the pull, until taken off', async () => {
    const target = { host: SINK_HOST, port: open.port }
    const before = (await refusalsOf(staticIp.id, 0))?.count ?? 0
    const reached = open.peers.length
    for (const list of [
      { ports: [open.port], cidrs: [] },
      { ports: [], cidrs: [`${SINK_HOST}/32`] },
      { ports: [], cidrs: ['127.0.0.192/26', '2001:db8::/32'] },
    ]) {
      await api.setDenyList(list)
      await gateway.pull()
      expect(await both(staticIp, target), JSON.stringify(list)).toEqual(['NotAllowed', '403'])
    }
    expect(open.peers.length).toBe(reached)
    await api.setDenyList({ ports: [], cidrs: [] })
    await gateway.pull()
    expect(await both(staticIp, target)).toEqual(['granted', '200'])
    expect(open.peers.length).toBe(reached + 2)
    expect((await refusalsOf(staticIp.id, before + 6))?.count).toBe(before + 6)
  })
})

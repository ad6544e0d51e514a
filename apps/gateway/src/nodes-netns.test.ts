// Proxy nodes the way they run on real hosts (deploy/NODE-HOST.md): every machine a network
// namespace of its own behind a router (test-hosts.ts), the API in one, nodes A and B in theirs
// owning a /28 each through AnyIP, a client and a sink in others. Each gateway runs on what
// `node:add` printed for it; customers bought on A and on B reach the sink from their bought address
// through SOCKS5 and the HTTP proxy (curl); SIGKILLing A shows it down in the console within the
// node-down window (NODE_DOWN_AFTER_SECONDS, short here) while B's customer is untouched.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { NodesScenarioInput, NodesScenarioResult } from './nodes.scenario.ts'
import { createHosts, type Hosts, runInHost, whyNoNamespaces } from './test-hosts.ts'

const DOWN_AFTER_SECONDS = 3
const HEARTBEAT_MS = 500
const NODES = {
  a: { prefix: '198.18.1.', range: '198.18.1.0/28' },
  b: { prefix: '198.18.2.', range: '198.18.2.0/28' },
}

// CI has root and iproute2: there the test must run, so only a developer's machine may skip it.
const missing = process.env.CI === 'true' ? null : whyNoNamespaces()
if (missing) console.warn(`nodes-netns.test.ts skipped: ${missing}`)

describe.skipIf(missing !== null)('two proxy nodes on hosts of their own', () => {
  let hosts: Hosts | undefined
  let result: NodesScenarioResult

  beforeAll(async () => {
    hosts = await createHosts({
      api: {},
      a: { owns: NODES.a.range },
      b: { owns: NODES.b.range },
      client: {},
      sink: {},
    })
    const { namespace, address } = hosts
    const input: NodesScenarioInput = {
      apiTemplate: inject('apiTemplate'),
      namespaces: { api: namespace('api'), a: namespace('a'), b: namespace('b'), sink: namespace('sink') },
      addresses: { api: address('api'), sink: address('sink') },
      nodes: NODES,
      downAfterSeconds: DOWN_AFTER_SECONDS,
      heartbeatMs: HEARTBEAT_MS,
    }
    result = await runInHost<NodesScenarioResult>(
      namespace('client'),
      new URL('./nodes.scenario.ts', import.meta.url),
      input,
    )
  }, 150_000)
  afterAll(() => hosts?.close())

  it('runs each gateway on what node:add printed, reaching the API across the network', () => {
    expect(result.printed.apiUrl).toBe(result.apiUrl)
    expect(result.apiUrl).toMatch(/^http:\/\/198\.18\.10\.2:\d+$/)
    expect(result.printed.a).toEqual(expect.arrayContaining(['GATEWAY_API_URL', 'GATEWAY_NODE_TOKEN']))
  })

  it('sends each customer out from the address bought on their node, through SOCKS5 and HTTP', () => {
    expect(result.instances.a.startsWith(NODES.a.prefix)).toBe(true)
    expect(result.instances.b.startsWith(NODES.b.prefix)).toBe(true)
    expect(result.beforeKill.seenA).toEqual([result.instances.a, result.instances.a])
    expect(result.beforeKill.seenB).toEqual([result.instances.b, result.instances.b])
    expect(result.beforeKill.statuses).toEqual({ a: 'up', b: 'up' })
  })

  it('shows a killed node down within the configured window, and the other node carries on', () => {
    expect(result.dashboardDownAfterSeconds).toBe(DOWN_AFTER_SECONDS)
    expect(result.killedCleanly).toBe(true)
    expect(result.afterKill).toEqual({ a: 'down', b: 'up' })
    // Down once its last heartbeat is older than the window: at most the window after the kill,
    // plus a poll of the list on a busy machine; and not before the window has mostly run.
    expect(result.downAfterMs).toBeLessThanOrEqual(DOWN_AFTER_SECONDS * 1000 + 1500)
    expect(result.downAfterMs).toBeGreaterThan(DOWN_AFTER_SECONDS * 1000 - 2000)
    expect(result.statusesLater).toEqual({ a: 'down', b: 'up' })
    expect(result.seenBAfter).toEqual([result.instances.b, result.instances.b])
    expect(result.seenAAfter.every((seen) => seen.startsWith('curl exit'))).toBe(true)
  })
})

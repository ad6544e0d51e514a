// Run by nodes-netns.test.ts in the client's host (test-hosts.ts), the way customers and an operator
// meet real nodes: the API in a host of its own, nodes A and B each in theirs owning a /28 through
// AnyIP, each gateway configured from what `node:add` printed for it (the addresses filled in), a
// sink that answers the address it saw. Customers buy on each node and fetch the sink with curl
// through SOCKS5 and the HTTP proxy; then node A is SIGKILLed and the console's node list is read
// until it shows A down, while B's customer keeps going.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { curl } from './inbound/test-clients.ts'
import { type Api, type Instance, startApi, useApiTemplate } from './sync/test-api.ts'
import { inNetns } from './test-hosts.ts'
import { type GatewayProcess, spawnGateway } from './test-process.ts'
import { eventually } from './test-sockets.ts'

export type NodesScenarioInput = {
  apiTemplate: string
  namespaces: { api: string; a: string; b: string; sink: string }
  addresses: { api: string; sink: string }
  /** The /28 each node owns, as `198.18.1.` and its range. */
  nodes: { a: { prefix: string; range: string }; b: { prefix: string; range: string } }
  downAfterSeconds: number
  heartbeatMs: number
}
export type NodesScenarioResult = Awaited<ReturnType<typeof run>>

const TSX = createRequire(import.meta.url).resolve('tsx')
const SINK = new URL('./test-peer-sink.ts', import.meta.url).pathname
const SINK_PORT = 8080

type AdminNodeRow = { name: string; status: string }

/** The settings in what node:add printed: `NAME=value` lines, comments skipped. */
const settingsOf = (environment: string) =>
  Object.fromEntries(
    environment
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  )

async function startSink(namespace: string, host: string) {
  const { command, args } = inNetns(namespace, process.execPath, [
    '--import',
    TSX,
    SINK,
    host,
    String(SINK_PORT),
  ])
  const sink: ChildProcess = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  sink.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  await eventually(
    () => out,
    (text) => text.includes('listening') || sink.exitCode !== null,
    30_000,
  )
  if (!out.includes('listening')) throw new Error('the sink did not start')
  return {
    stop: async () => {
      if (sink.exitCode !== null) return
      const exited = once(sink, 'exit')
      sink.kill('SIGKILL')
      await exited
    },
  }
}

export default async function run(input: NodesScenarioInput) {
  useApiTemplate(input.apiTemplate)
  const sinkUrl = `http://${input.addresses.sink}:${SINK_PORT}/`
  const spools: string[] = []
  const gateways: GatewayProcess[] = []
  let api: Api | undefined
  let sink: Awaited<ReturnType<typeof startSink>> | undefined
  try {
    ;[api, sink] = await Promise.all([
      startApi({
        netns: input.namespaces.api,
        host: input.addresses.api,
        config: { NODE_DOWN_AFTER_SECONDS: String(input.downAfterSeconds) },
        // The fixture's own node sells addresses no host owns; nodes A and B come from node:add.
        addressPrefix: '198.18.3.',
      }),
      startSink(input.namespaces.sink, input.addresses.sink),
    ])
    const operatorApi = api
    const added = {
      a: await api.addNode('node-a', { addressPrefix: input.nodes.a.prefix, firstAddress: 1, count: 14 }),
      b: await api.addNode('node-b', { addressPrefix: input.nodes.b.prefix, firstAddress: 1, count: 14 }),
    }
    const startNode = (node: 'a' | 'b') => {
      const spool = mkdtempSync(join(tmpdir(), `gateway-node-${node}-`))
      spools.push(spool)
      const printed = settingsOf(added[node].environment)
      const gateway = spawnGateway(
        {
          ...printed,
          // What the operator fills in, and what a test shortens; the rest is as printed.
          GATEWAY_ADDRESSES: input.nodes[node].range,
          GATEWAY_SPOOL_DIR: spool,
          GATEWAY_HEARTBEAT_MS: String(input.heartbeatMs),
          GATEWAY_PULL_MS: '200',
          GATEWAY_WORKERS: '1',
        },
        { netns: input.namespaces[node] },
      )
      gateways.push(gateway)
      return { gateway, printed }
    }
    const nodeA = startNode('a')
    const nodeB = startNode('b')
    const [customerA, customerB] = await Promise.all([
      api.staticIpCustomer('socks5', added.a.region),
      api.staticIpCustomer('socks5', added.b.region),
    ])
    await Promise.all([
      nodeA.gateway.accepting(customerA.instance.ip, customerA.instance.port),
      nodeB.gateway.accepting(customerB.instance.ip, customerB.instance.port),
    ])

    /** What the sink saw, fetched by curl through the customer's static IP: [SOCKS5, HTTP proxy]. */
    const seenThrough = async ({ ip, port, username, password }: Instance) => {
      const login = `${encodeURIComponent(username)}:${encodeURIComponent(password)}@${ip}:${port}`
      const socks = await curl(['--max-time', '5', '-x', `socks5h://${login}`, sinkUrl])
      const http = await curl(['--max-time', '5', '-x', `http://${login}`, sinkUrl])
      return [socks.stdout || `curl exit ${socks.exitCode}`, http.stdout || `curl exit ${http.exitCode}`]
    }
    const statuses = async () => {
      const { items } = await operatorApi.asOperator<{ items: AdminNodeRow[] }>('GET', '/api/admin/nodes')
      const statusOf = (name: string) => items.find((item) => item.name === name)?.status ?? 'missing'
      return { a: statusOf('node-a'), b: statusOf('node-b') }
    }

    const beforeKill = {
      seenA: await seenThrough(customerA.instance),
      seenB: await seenThrough(customerB.instance),
      statuses: await eventually(statuses, (now) => now.a === 'up' && now.b === 'up', 10_000),
    }
    const dashboard = await api.asOperator<{ nodes: { downAfterSeconds: number } }>(
      'GET',
      '/api/admin/dashboard',
    )

    const killedCleanly = await nodeA.gateway.crash()
    const killedAt = Date.now()
    const downWindowMs = input.downAfterSeconds * 1000
    const afterKill = await eventually(statuses, (now) => now.a !== 'up', downWindowMs + 10_000)
    const downAfterMs = Date.now() - killedAt
    const seenBAfter = await seenThrough(customerB.instance)
    const seenAAfter = await seenThrough(customerA.instance)

    return {
      instances: { a: customerA.instance.ip, b: customerB.instance.ip },
      printed: { a: Object.keys(nodeA.printed).sort(), apiUrl: nodeA.printed.GATEWAY_API_URL },
      apiUrl: api.baseUrl,
      beforeKill,
      dashboardDownAfterSeconds: dashboard.nodes.downAfterSeconds,
      killedCleanly,
      afterKill,
      downAfterMs,
      statusesLater: await statuses(),
      seenBAfter,
      seenAAfter,
    }
  } finally {
    await Promise.all(gateways.map((gateway) => gateway.stop()))
    await Promise.all([sink?.stop(), api?.close()])
    for (const spool of spools)
      for (const dir of [spool, `${spool}-v2ray`]) rmSync(dir, { recursive: true, force: true })
  }
}

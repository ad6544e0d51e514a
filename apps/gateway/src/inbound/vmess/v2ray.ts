// The vmess lines of this node, terminated by Debian's v2ray 4.34 and configured from the pulled
// credentials. v2ray only decrypts: each tunnel comes back to our plane's relay entry (see
// route/vmess-relay.ts), which meters it and dials it under the one destination policy. v2ray 4
// does not reload its config, so a change restarts it, at most every `minRestartMs`; each restart
// drops every open vmess tunnel on the node. It dies with the gateway (pdeathsig), and at boot a
// v2ray left by an earlier run is read (an older release counted in v2ray) and ended.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import type { Log } from '../../log.ts'
import type { Grant } from '../../route/grants.ts'
import type { VmessRelay } from '../../route/vmess-relay.ts'
import { buildServerConfig, emailOf, inboundTag, type VmessInstance } from './v2ray-config.ts'
import { endLeftover, findExecutable, listenable, startV2ray, type V2rayProcess } from './v2ray-process.ts'
import {
  apiConfig,
  clearApiSocket,
  connectV2rayUsers,
  restrictApiSocket,
  type V2rayUsers,
} from './v2ray-users.ts'

export type VmessEngineOptions = {
  /** `v2ray` on PATH unless given; `v2ctl` (only to read a leftover's counters) is looked for beside it. */
  binary?: string
  /** Holds the config (it carries the UUIDs and relay passwords: mode 0600) and the pid file. */
  workDir: string
  /** The plane's loopback entry every vmess tunnel is handed to. */
  relay: VmessRelay
  /** Keys the relay credentials (route/vmess-relay.ts). */
  nodeToken: string
  /** Least time between two starts (each drops every open vmess tunnel): 5 s. */
  minRestartMs?: number
  /** Takes what a v2ray left by an earlier run had counted (releases before the relay counted in v2ray). */
  meter: (grant: Pick<Grant, 'kind' | 'id'>, up: number, down: number) => void
  log: Log
}

export type VmessEngine = {
  available: boolean
  /** Serves exactly the vmess instances of `instances` (others are ignored); settles once v2ray runs them or failed to. */
  sync: (instances: NodeUsers['instances']) => Promise<void>
  /** Stops v2ray. */
  close: () => Promise<void>
}

export function createVmessEngine(options: VmessEngineOptions): VmessEngine {
  const { log, meter, minRestartMs = 5_000 } = options
  const binary = findExecutable(options.binary ?? 'v2ray')
  const v2ctl = binary && findExecutable('v2ctl', dirname(binary))
  if (!binary) {
    log.warn(
      `vmess: ${options.binary ?? 'v2ray'} not found, so vmess lines are NOT served ` +
        '(SOCKS5/HTTP only); install Debian’s v2ray: apt-get install v2ray',
    )
    const idle = async () => {}
    return { available: false, sync: idle, close: idle }
  }
  mkdirSync(options.workDir, { recursive: true, mode: 0o700 })
  const configPath = join(options.workDir, 'v2ray.json')
  const pidFile = join(options.workDir, 'v2ray.pid')

  let desired: VmessInstance[] = []
  let desiredKey = '[]'
  /** The instance list v2ray was last started with ('' forces a start: after a crash or failure). */
  let appliedKey = '[]'
  let running: V2rayProcess | undefined
  /** The lines the running v2ray was given, and the client of its HandlerService (when it has one). */
  let appliedList: VmessInstance[] = []
  let served: VmessInstance[] = []
  let users: V2rayUsers | undefined
  const socketPath = join(options.workDir, 'api.sock')
  let api: ReturnType<typeof apiConfig> | undefined
  try {
    api = apiConfig(socketPath)
  } catch (error) {
    log.warn({ err: error }, 'vmess: no v2ray API; every credential reset restarts v2ray')
  }
  let lastStartAt = Number.NEGATIVE_INFINITY
  let failures = 0
  let timer: NodeJS.Timeout | undefined
  let isClosed = false
  let isApplying = false
  const settled: (() => void)[] = []

  // Starts, stops and counter reads run one at a time, so a read never meets a half-started v2ray.
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task)
    queue = next.catch(() => {})
    return next
  }

  /** The same lines on the same addresses: only UUIDs differ, which the running v2ray takes live. */
  const shapeOf = (list: VmessInstance[]) => JSON.stringify(list.map(({ id, ip, port }) => [id, ip, port]))
  const isLive = () =>
    running !== undefined && users !== undefined && shapeOf(desired) === shapeOf(appliedList)

  function schedule() {
    if (isClosed || timer) return
    // Failed starts back off: 5 s, 10 s, … 80 s (with the default). A live change waits for nothing.
    const gap = minRestartMs * 2 ** Math.min(Math.max(failures - 1, 0), 4)
    const wait = isLive() ? 0 : Math.max(0, lastStartAt + gap - Date.now())
    timer = setTimeout(() => {
      timer = undefined
      void serial(apply)
    }, wait)
  }

  async function apply() {
    const [key, instances] = [desiredKey, desired]
    isApplying = true
    if (!isClosed && key !== appliedKey) {
      if (!(isLive() && (await replaceLive(instances)))) {
        await stop()
        if (instances.length > 0) await start(instances)
      }
      appliedKey = key
      appliedList = instances
    }
    isApplying = false
    // Callers wait for the latest list to be tried (started, or failed and retried later).
    if (isClosed || desiredKey === key) for (const done of settled.splice(0)) done()
    if (!isClosed && desiredKey !== appliedKey) schedule()
  }

  /**
   * Changes the UUID of each line whose credential was reset by replacing that line's inbound alone:
   * every other line's tunnels go on. False when v2ray refused (then it is restarted).
   */
  async function replaceLive(instances: VmessInstance[]): Promise<boolean> {
    const now = new Map(instances.map((instance) => [instance.id, instance]))
    try {
      for (const [index, line] of served.entries()) {
        const next = now.get(line.id)
        if (!next || next.uuid === line.uuid) continue
        const user = { email: emailOf(next), uuid: next.uuid, level: 0 }
        await users?.replaceInbound({ tag: inboundTag(next), ip: next.ip, port: next.port, users: [user] })
        served[index] = next
      }
      writeConfig(served)
      return true
    } catch (error) {
      log.warn({ err: error }, 'vmess: changing users live failed; restarting v2ray')
      return false
    }
  }

  function writeConfig(lines: VmessInstance[]) {
    const config = buildServerConfig({
      instances: lines,
      relay: options.relay,
      nodeToken: options.nodeToken,
      api,
    })
    writeFileSync(configPath, JSON.stringify(config, null, 2), { mode: 0o600 })
    chmodSync(configPath, 0o600)
  }

  async function start(instances: VmessInstance[]) {
    lastStartAt = Date.now()
    try {
      const usable = await listenable(instances, log)
      if (usable.length === 0) return
      writeConfig(usable)
      if (api) clearApiSocket(socketPath)
      const v2ray = await startV2ray(binary as string, configPath, pidFile)
      if (api) {
        restrictApiSocket(socketPath)
        users = connectV2rayUsers(socketPath)
      }
      served = usable
      running = v2ray
      failures = 0
      void v2ray.exited.then((code) => {
        if (running !== v2ray) return // stopped on purpose
        log.error({ code, output: v2ray.output() }, 'vmess: v2ray exited; restarting')
        running = undefined
        users?.close()
        users = undefined
        appliedKey = ''
        failures++
        schedule()
      })
    } catch (error) {
      log.error({ err: error }, 'vmess: v2ray did not start; retrying')
      appliedKey = ''
      failures++
    }
  }

  async function stop() {
    const current = running
    if (!current) return
    running = undefined
    users?.close()
    users = undefined
    served = []
    await current.stop()
  }

  // First of all, before any start: a v2ray an earlier run left (killed before pdeathsig existed,
  // or started by hand) still holds the ports and may still carry tunnels.
  void serial(() =>
    endLeftover(pidFile, configPath, v2ctl, meter).catch((error: Error) =>
      log.warn({ err: error }, 'vmess: ending a leftover v2ray failed'),
    ),
  )

  return {
    available: true,
    sync(instances) {
      desired = instances
        .filter((i) => i.protocol === 'vmess')
        .map(({ id, ip, port, uuid }) => ({ id, ip, port, uuid }))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      desiredKey = JSON.stringify(desired)
      if (isClosed || (desiredKey === appliedKey && !timer && !isApplying)) return Promise.resolve()
      return new Promise<void>((resolve) => {
        settled.push(resolve)
        schedule()
      })
    },
    async close() {
      isClosed = true
      clearTimeout(timer)
      timer = undefined
      await serial(stop)
      for (const done of settled.splice(0)) done()
    },
  }
}

// The vmess lines of this node, carried by Debian's v2ray 4.34 and configured from the pulled
// credentials. v2ray 4 neither reloads its config nor lets its API add routing rules (and `v2ctl api`
// cannot call the HandlerService), so a change restarts it: at most every `minRestartMs`, always
// after reading its counters. Each restart drops every open vmess tunnel on the node.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { freePort } from '../../free-port.ts'
import type { Grant } from '../../route/grants.ts'
import { buildServerConfig, emailOf, type VmessInstance, vmessGrant } from './v2ray-config.ts'
import { endLeftover, findExecutable, listenable, startV2ray, type V2rayProcess } from './v2ray-process.ts'
import { readUserStats } from './v2ray-stats.ts'

export type VmessEngineOptions = {
  /** `v2ray` on PATH unless given; `v2ctl` is looked for beside it. */
  binary?: string
  /** Holds the config (it carries the UUIDs: mode 0600) and the pid file. */
  workDir: string
  /** The StatsService port on 127.0.0.1; a free one at each start unless given. */
  apiPort?: number
  /** Let customers reach loopback and private networks (development and tests only). */
  allowPrivate?: boolean
  /** Least time between two starts (each drops every open vmess tunnel): 5 s. */
  minRestartMs?: number
  meter: (grant: Grant, up: number, down: number) => void
  log: (message: string) => void
}

export type VmessEngine = {
  available: boolean
  /** Serves exactly the vmess instances of `instances` (others are ignored); settles once v2ray runs them or failed to. */
  sync: (instances: NodeUsers['instances']) => Promise<void>
  /** Feeds the meter with what v2ray counted since the last read. */
  collect: () => Promise<void>
  /** Reads the counters one last time and stops v2ray. */
  close: () => Promise<void>
}

type Running = { process: V2rayProcess; apiPort: number; grants: Map<string, Grant> }

export function createVmessEngine(options: VmessEngineOptions): VmessEngine {
  const { log, meter, minRestartMs = 5_000 } = options
  const binary = findExecutable(options.binary ?? 'v2ray')
  const v2ctl = binary && findExecutable('v2ctl', dirname(binary))
  if (!binary || !v2ctl) {
    log(
      `vmess: ${binary ? 'v2ctl' : (options.binary ?? 'v2ray')} not found, so vmess lines are NOT served ` +
        '(SOCKS5/HTTP only); install Debian’s v2ray: apt-get install v2ray',
    )
    const idle = async () => {}
    return { available: false, sync: idle, collect: idle, close: idle }
  }
  mkdirSync(options.workDir, { recursive: true, mode: 0o700 })
  const configPath = join(options.workDir, 'v2ray.json')
  const pidFile = join(options.workDir, 'v2ray.pid')

  let desired: VmessInstance[] = []
  let desiredKey = '[]'
  /** The instance list v2ray was last started with ('' forces a start: after a crash or failure). */
  let appliedKey = '[]'
  let running: Running | undefined
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

  function schedule() {
    if (isClosed || timer) return
    // Failed starts back off: 5 s, 10 s, … 80 s (with the default).
    const gap = minRestartMs * 2 ** Math.min(Math.max(failures - 1, 0), 4)
    const wait = Math.max(0, lastStartAt + gap - Date.now())
    timer = setTimeout(() => {
      timer = undefined
      void serial(apply)
    }, wait)
  }

  async function apply() {
    const [key, instances] = [desiredKey, desired]
    isApplying = true
    if (!isClosed && key !== appliedKey) {
      await stop()
      appliedKey = key
      if (instances.length > 0) await start(instances)
    }
    isApplying = false
    // Callers wait for the latest list to be tried (started, or failed and retried later).
    if (isClosed || desiredKey === key) for (const done of settled.splice(0)) done()
    if (!isClosed && desiredKey !== appliedKey) schedule()
  }

  async function start(instances: VmessInstance[]) {
    lastStartAt = Date.now()
    try {
      await endLeftover(pidFile, configPath)
      const usable = await listenable(instances, log)
      if (usable.length === 0) return
      const apiPort = options.apiPort ?? (await freePort())
      const config = buildServerConfig({
        apiPort,
        instances: usable,
        allowPrivate: options.allowPrivate ?? false,
      })
      writeFileSync(configPath, JSON.stringify(config, null, 2), { mode: 0o600 })
      chmodSync(configPath, 0o600)
      const v2ray = await startV2ray(binary as string, configPath, pidFile)
      running = { process: v2ray, apiPort, grants: new Map(usable.map((i) => [emailOf(i), vmessGrant(i)])) }
      failures = 0
      void v2ray.exited.then((code) => {
        if (running?.process !== v2ray) return // stopped on purpose
        log(`vmess: v2ray exited (code ${code}), restarting; it said: ${v2ray.output()}`)
        running = undefined
        appliedKey = ''
        failures++
        schedule()
      })
    } catch (error) {
      log(`vmess: ${(error as Error).message} (retrying)`)
      appliedKey = ''
      failures++
    }
  }

  async function stop() {
    const current = running
    if (!current) return
    // Read (and reset) the counters, then end v2ray at once: what it counts between that read and
    // its exit (milliseconds of traffic on the tunnels the restart cuts anyway) is the only loss.
    await read(current).catch((error: Error) => log(`vmess: counters lost at restart: ${error.message}`))
    running = undefined
    await current.process.stop()
  }

  async function read(current: Running) {
    const stats = await readUserStats(v2ctl as string, current.apiPort)
    for (const [email, { up, down }] of stats) {
      const grant = current.grants.get(email)
      if (grant) meter(grant, up, down)
      else if (up + down > 0) log(`vmess: ${up + down} bytes of unknown user ${email} not metered`)
    }
  }

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
    collect: () => serial(async () => (running ? read(running) : undefined)),
    async close() {
      isClosed = true
      clearTimeout(timer)
      timer = undefined
      await serial(stop)
      for (const done of settled.splice(0)) done()
    },
  }
}

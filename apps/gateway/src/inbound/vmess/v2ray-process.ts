// One v2ray process: found on PATH, started on a config file under `setpriv --pdeathsig KILL` (so it
// dies with the gateway, even a `kill -9`ed one), ready once it logs "started", stopped by its pid.
// A pid file lets the next gateway read and end a v2ray an earlier run left holding the ports.
import { type ChildProcess, spawn } from 'node:child_process'
import { accessSync, constants, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { delimiter, join } from 'node:path'
import type { Log } from '../../log.ts'
import { readUserStats } from './v2ray-stats.ts'

const READY_MS = 5_000
const STOP_MS = 3_000

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** A path as given, or the name looked up in `near` first, then on PATH (what `which` does). */
export function findExecutable(name: string, near?: string): string | undefined {
  if (name.includes('/')) return isExecutable(name) ? name : undefined
  const dirs = [...(near ? [near] : []), ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)]
  return dirs.map((dir) => join(dir, name)).find(isExecutable)
}

export type V2rayProcess = {
  exited: Promise<number | null>
  /** The last few lines v2ray printed, for error messages. */
  output: () => string
  stop: () => Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

type Meter = (subject: { kind: 'instance'; id: string }, up: number, down: number) => void

/**
 * Ends the v2ray of a pid file if it still runs on our config (a pid reused by anything else is
 * left alone). Releases before the relay counted vmess bytes in v2ray itself: when the config it
 * runs serves the StatsService, its counters are read into `meter` first, so an upgrade loses none.
 */
export async function endLeftover(
  pidFile: string,
  configPath: string,
  v2ctl: string | undefined,
  meter: Meter,
) {
  let pid: number
  try {
    pid = Number(readFileSync(pidFile, 'utf8'))
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    if (!Number.isInteger(pid) || !commandLine.includes(configPath)) return
  } catch {
    return
  }
  const statsPort = statsPortOf(configPath)
  if (v2ctl && statsPort) {
    for (const [email, { up, down }] of await readUserStats(v2ctl, statsPort))
      meter({ kind: 'instance', id: email }, up, down)
  }
  process.kill(pid, 'SIGTERM')
  for (let waited = 0; waited < STOP_MS && isAlive(pid); waited += 50) await sleep(50)
  if (isAlive(pid)) process.kill(pid, 'SIGKILL')
  rmSync(pidFile, { force: true })
}

/** The StatsService port of an older release's config (its `api` inbound), if it has one. */
function statsPortOf(configPath: string): number | undefined {
  try {
    const config = JSON.parse(readFileSync(configPath, 'utf8')) as {
      api?: { services?: string[] }
      inbounds?: { tag?: string; port?: number }[]
    }
    if (!config.api?.services?.includes('StatsService')) return undefined
    return config.inbounds?.find((inbound) => inbound.tag === 'api')?.port
  } catch {
    return undefined
  }
}

/** setpriv (util-linux) sets the parent-death signal, then becomes v2ray: same pid, same command line. */
const setpriv = findExecutable('setpriv')

export async function startV2ray(
  binary: string,
  configPath: string,
  pidFile: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<V2rayProcess> {
  const command = [binary, '-config', configPath]
  const [file, ...args] = setpriv ? [setpriv, '--pdeathsig', 'KILL', '--', ...command] : command
  const child = spawn(file as string, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
  let tail = ''
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code))
    child.once('error', () => resolve(null))
  })
  const ready = new Promise<boolean>((resolve) => {
    const onOutput = (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-2000)
      if (/V2Ray \S+ started/.test(tail)) resolve(true)
    }
    // Both pipes are read for the whole life of the process, or a full pipe would stall v2ray.
    child.stdout.on('data', onOutput)
    child.stderr.on('data', onOutput)
    void exited.then(() => resolve(false))
    setTimeout(() => resolve(false), READY_MS).unref()
  })
  const handle: V2rayProcess = {
    exited,
    output: () => tail.trim().split('\n').slice(-5).join(' | '),
    stop: () => stop(child, exited, pidFile),
  }
  if (child.pid !== undefined) writeFileSync(pidFile, String(child.pid), { mode: 0o600 })
  if (!(await ready)) {
    await handle.stop()
    throw new Error(`v2ray did not start: ${handle.output() || 'no output'}`)
  }
  return handle
}

async function stop(child: ChildProcess, exited: Promise<unknown>, pidFile: string) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS)
    await exited
    clearTimeout(timer)
  }
  rmSync(pidFile, { force: true })
}

/** One address v2ray cannot bind would keep every line down: that instance alone is left out. */
export async function listenable<T extends { id: string; ip: string; port: number }>(
  instances: T[],
  log: Log,
): Promise<T[]> {
  const usable: T[] = []
  const taken = new Set<string>()
  for (const instance of instances) {
    const at = `${instance.ip}:${instance.port}`
    const problem = taken.has(at) ? 'listed twice' : await listenProblem(instance.ip, instance.port)
    taken.add(at)
    if (problem)
      log.warn({ at, problem, instance: instance.id }, 'vmess: cannot listen; the instance is not served')
    else usable.push(instance)
  }
  return usable
}

/** Why v2ray could not listen on ip:port (not an address of this host, taken), or null when it can. */
function listenProblem(ip: string, port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    probe.listen({ host: ip, port, exclusive: true }, () => probe.close(() => resolve(null)))
  })
}

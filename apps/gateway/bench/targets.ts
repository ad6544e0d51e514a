// What is measured side by side: no proxy at all, the bare Node relay, microsocks (when installed)
// and our gateway, each proxy in a process of its own.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../src/free-port.ts'
import type { Instance } from '../src/sync/test-api.ts'
import type { SocksProxy } from './jobs.ts'
import { forkScript, nextMessage, spawnProgram, stop, untilListening } from './processes.ts'

export type Target = {
  name: string
  proxy?: SocksProxy
  pid?: number
  /** Every process of the target whose memory counts (a cluster: the primary and its workers). */
  pids?: () => number[]
  /** Our own Node processes, which answer profiling requests (profiling.ts). */
  child?: ChildProcess
  stop: () => Promise<void>
}

export const direct: Target = { name: 'direct (no proxy)', stop: async () => {} }

export async function startBareRelay(): Promise<Target> {
  const child = forkScript('./bare-relay.ts')
  const { port } = await nextMessage<{ port: number }>(child, 15_000, 'bare relay')
  return {
    name: 'bare Node relay',
    proxy: { host: '127.0.0.1', port },
    pid: child.pid,
    child,
    stop: () => stop(child),
  }
}

export const hasMicrosocks = () => spawnSync('sh', ['-c', 'command -v microsocks']).status === 0
export const hasSquid = () => spawnSync('sh', ['-c', 'command -v squid']).status === 0

/**
 * Debian's squid as a plain HTTP CONNECT relay on loopback: no cache, no logs, no authentication
 * (its Basic auth needs a helper program per request batch; the gateway's row pays for its own).
 */
export async function startSquid(workDir: string): Promise<Target> {
  const port = await freePort('127.0.0.1')
  const dir = join(workDir, 'squid')
  mkdirSync(dir, { recursive: true, mode: 0o777 })
  chmodSync(dir, 0o777) // squid drops to its own user and writes its pid file here
  const config = join(dir, 'squid.conf')
  writeFileSync(
    config,
    [
      `http_port 127.0.0.1:${port}`,
      'http_access allow localhost',
      'http_access deny all',
      'cache deny all',
      'cache_mem 8 MB',
      'access_log none',
      'cache_store_log none',
      'cache_log /dev/null',
      `pid_filename ${join(dir, 'squid.pid')}`,
      `coredump_dir ${dir}`,
      'visible_hostname bench',
      // Any lookup squid makes stays on this machine (the bench dials IP literals only).
      'dns_nameservers 127.0.0.1',
      'shutdown_lifetime 0 seconds',
      'max_filedescriptors 65536',
      '',
    ].join('\n'),
  )
  const child = spawnProgram('squid', ['-N', '-f', config])
  await untilListening('127.0.0.1', port, 15_000)
  return {
    name: 'squid (HTTP CONNECT)',
    proxy: { host: '127.0.0.1', port, protocol: 'http' },
    pid: child.pid,
    stop: () => stop(child, { graceMs: 5000 }),
  }
}

/** The same gateway process reached by HTTP CONNECT instead of SOCKS5 (its memory is counted once, on the SOCKS5 row). */
export const overHttp = (gateway: Target): Target => ({
  name: `${gateway.name} (HTTP CONNECT)`,
  proxy: gateway.proxy && { ...gateway.proxy, protocol: 'http' },
  stop: async () => {},
})

export async function startMicrosocks(): Promise<Target> {
  const port = await freePort('127.0.0.1')
  const proxy = { host: '127.0.0.1', port, username: 'bench', password: 'bench-secret' }
  const child = spawnProgram('microsocks', [
    '-i',
    proxy.host,
    '-p',
    `${port}`,
    '-u',
    'bench',
    '-P',
    proxy.password,
  ])
  await untilListening(proxy.host, port, 5000)
  return { name: 'microsocks', proxy, pid: child.pid, stop: () => stop(child) }
}

export type GatewaySetup = { apiUrl: string; nodeToken: string; instance: Instance; spoolDir: string }

/** The settings of a gateway serving the bench's one static IP (and pool ports nobody uses). */
const gatewayEnv = async (setup: GatewaySetup, spoolDir: string) => ({
  GATEWAY_API_URL: setup.apiUrl,
  GATEWAY_NODE_TOKEN: setup.nodeToken,
  GATEWAY_ADDRESSES: `${setup.instance.ip}/32`,
  GATEWAY_POOL_HOST: '127.0.0.1',
  GATEWAY_POOL_PORTS: `${await freePort('127.0.0.1')},${await freePort('127.0.0.1')}`,
  GATEWAY_ALLOW_PRIVATE: 'true',
  GATEWAY_SPOOL_DIR: spoolDir,
  // The default cap (256 per credential) would refuse most of the idle tunnels.
  GATEWAY_MAX_TUNNELS_PER_CREDENTIAL: '20000',
})

const proxyOf = (instance: Instance): SocksProxy => ({
  host: instance.ip,
  port: instance.port,
  username: instance.username,
  password: instance.password,
})

/** The gateway serving one bought static IP; resolves once it listens on that address. */
export async function startGateway(setup: GatewaySetup, execArgv: string[] = []): Promise<Target> {
  const { instance } = setup
  const child = forkScript('./gateway-process.ts', {
    execArgv,
    env: await gatewayEnv(setup, setup.spoolDir),
  })
  await nextMessage(child, 30_000, 'gateway start')
  const entry = `${instance.ip}:${instance.port}`
  const deadline = Date.now() + 15_000
  for (;;) {
    child.send('listening')
    const { listening } = await nextMessage<{ listening: string[] }>(child, 10_000, 'gateway pull')
    if (listening.includes(entry)) break
    if (Date.now() > deadline) throw new Error(`the gateway never listened on ${entry}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    name: 'our gateway',
    proxy: proxyOf(instance),
    pid: child.pid,
    child,
    stop: () => stop(child, { message: 'stop', graceMs: 10_000 }),
  }
}

/**
 * The gateway as `npm run gateway` runs it on a node: main.ts as a node:cluster primary with
 * `workers` worker processes sharing the listening sockets.
 */
export async function startGatewayCluster(
  setup: GatewaySetup,
  workers: number,
  execArgv: string[] = [],
): Promise<Target> {
  const { instance } = setup
  const child = spawn(
    process.execPath,
    [
      ...execArgv,
      '--import',
      import.meta.resolve('tsx'),
      fileURLToPath(new URL('../src/main.ts', import.meta.url)),
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...(await gatewayEnv(setup, `${setup.spoolDir}-cluster`)),
        GATEWAY_WORKERS: String(workers),
      },
    },
  )
  const pids = () => {
    if (child.pid === undefined) return []
    try {
      const children = execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
      return [child.pid, ...children.split('\n').filter(Boolean).map(Number)]
    } catch {
      return [child.pid]
    }
  }
  await untilListening(instance.ip, instance.port, 30_000)
  // Every worker up, not just the first to bind.
  for (let waited = 0; pids().length < workers + 1 && waited < 15_000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100))
  return {
    name: `our gateway, ${workers} workers`,
    proxy: proxyOf(instance),
    pid: child.pid,
    pids,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

// Starts the production topology on this machine (deploy/README.md): a fresh PostgreSQL database,
// the server replicas of topology.ts on loopback ports, HAProxy in front of them with health checks
// on /readyz, and a gateway registered as a node. `npx tsx deploy/cluster.ts` runs it until Ctrl-C;
// deploy/cluster.test.ts drives it. Everything it starts is stopped, and the database dropped, on
// stop(), on Ctrl-C and when the process exits.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Redis } from 'ioredis'
import pg from 'pg'
import {
  CLI_COMMAND,
  GATEWAY_COMMAND,
  GATEWAY_NODE,
  type GatewayEnv,
  HAPROXY_COMMAND,
  HAPROXY_ENV,
  localCommand,
  MALLOC_ENV,
  READY_PATH,
  REPLICAS,
  type Replica,
  replicaAddressVar,
  SERVER_COMMAND,
  type ServerEnv,
} from './topology.ts'

const ROOT = resolve(import.meta.dirname, '..')
const HAPROXY_CFG = join(import.meta.dirname, 'haproxy.cfg')
const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy'
const POSTGRES_ADMIN_URL = process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379'
const DB_PREFIX = 'proxy_cluster_'
/** Bounds of every wait: a process that is not ready by then fails the start with its log. */
const START_TIMEOUT_MS = 60_000
const POLL_MS = 100
const PIDS_FILE = 'pids.jsonl'

/**
 * HAProxy's view of one replica: its status ('UP', 'DOWN', 'UP 1/2', 'DRAIN'…), the requests sent to
 * it, and the sessions it has open now.
 */
export type Backend = { status: string; requests: number; sessions: number }

/** What a replica runs, from where: this checkout's build (CURRENT_BUILD) or another release's tree. */
export type ServerBuild = { cwd: string; server: readonly string[]; cli: readonly string[] }
export const CURRENT_BUILD: ServerBuild = {
  cwd: ROOT,
  server: localCommand(SERVER_COMMAND),
  cli: localCommand(CLI_COMMAND),
}

export type Cluster = {
  /** HAProxy's front: every client request goes here. */
  url: string
  databaseUrl: string
  redisPrefix: string
  epay: { pid: string; key: string }
  /** The token the gateway runs with (node GATEWAY_NODE.name). */
  nodeToken: string
  replicaUrl: (replica: Replica) => string
  /** Kills a replica (SIGKILL by default) and waits until it has exited. */
  kill: (replica: Replica, signal?: NodeJS.Signals) => Promise<void>
  /** Starts a stopped replica again on its port (this build by default) and waits until it answers /readyz. */
  start: (replica: Replica, build?: ServerBuild) => Promise<void>
  /** HAProxy's view of each replica (`show stat` on its admin socket). */
  backends: () => Promise<Record<string, Backend>>
  /** `set server servers/<replica> state …` on HAProxy's admin socket: drain takes it out of rotation. */
  setState: (replica: Replica, state: 'drain' | 'ready') => Promise<void>
  waitForBackend: (replica: Replica, status: 'UP' | 'DOWN' | 'DRAIN', timeoutMs?: number) => Promise<number>
  /** The last lines each process wrote, for a failure's message. */
  logTail: (lines?: number) => string
  stop: () => Promise<void>
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const address = server.address()
  await new Promise((done) => server.close(done))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(POLL_MS)
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function adminQuery(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await client.connect()
  try {
    return await client.query(text)
  } finally {
    await client.end()
  }
}

/** Drops the databases of earlier runs whose process is gone (a run killed before its clean-up). */
async function dropOrphanDatabases() {
  const { rows } = await adminQuery(`select datname from pg_database where datname like '${DB_PREFIX}%'`)
  for (const { datname } of rows as { datname: string }[]) {
    const pid = Number(/^proxy_cluster_(\d+)_/.exec(datname)?.[1])
    if (pid && !isAlive(pid)) await adminQuery(`drop database if exists ${datname} with (force)`)
  }
}

const dropDatabaseSync = (name: string) =>
  spawnSync('psql', [POSTGRES_ADMIN_URL, '-qc', `drop database if exists ${name} with (force)`], {
    stdio: 'ignore',
    timeout: 10_000,
  })

/** The keys of one run, when the process is going away and cannot wait for a client. */
const deleteRedisKeysSync = (prefix: string) =>
  spawnSync(
    'redis-cli',
    [
      '-u',
      REDIS_URL,
      'eval',
      "for _, k in ipairs(redis.call('keys', ARGV[1])) do redis.call('del', k) end",
      '0',
      `${prefix}*`,
    ],
    { stdio: 'ignore', timeout: 5000 },
  )

/** One command over HAProxy's admin socket: its answer. */
function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((done, fail) => {
    const connection = createConnection(socket)
    let text = ''
    connection.setTimeout(2000, () => connection.destroy(new Error('stats socket timed out')))
    connection.on('connect', () => connection.end(`${command}\n`))
    connection.on('data', (chunk) => {
      text += chunk.toString()
    })
    connection.on('error', fail)
    connection.on('close', () => done(text))
  })
}

/** `show stat` over HAProxy's admin socket: the status of each server of the `servers` backend. */
async function haproxyStats(socket: string): Promise<Record<string, Backend>> {
  const [header = '', ...rows] = (await haproxyCommand(socket, 'show stat')).trim().split('\n')
  const columns = header.replace(/^# /, '').split(',')
  const column = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? ''
  const servers: Record<string, Backend> = {}
  for (const cells of rows.map((row) => row.split(',')))
    if (column(cells, 'pxname') === 'servers' && column(cells, 'svname') !== 'BACKEND')
      servers[column(cells, 'svname')] = {
        status: column(cells, 'status'),
        requests: Number(column(cells, 'stot')),
        sessions: Number(column(cells, 'scur')),
      }
  return servers
}

/** The command line of a live process, or undefined. */
const commandLineOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
  } catch {
    return undefined
  }
}

/**
 * A run killed outright (SIGKILL, no clean-up) leaves its processes behind: each run lists them in
 * its work folder, named after its pid. Ends those of dead runs, by pid, only while the pid still
 * runs the command recorded for it.
 */
function reapOrphans() {
  for (const entry of readdirSync(tmpdir())) {
    const owner = Number(/^proxy-cluster-(\d+)-/.exec(entry)?.[1])
    if (!owner || isAlive(owner)) continue
    const folder = join(tmpdir(), entry)
    const pidsFile = join(folder, PIDS_FILE)
    const lines = existsSync(pidsFile) ? readFileSync(pidsFile, 'utf8').split('\n').filter(Boolean) : []
    for (const line of lines) {
      const { pid, commandLine } = JSON.parse(line) as { pid: number; commandLine: string }
      if (commandLineOf(pid) === commandLine) process.kill(pid, 'SIGKILL')
    }
    rmSync(folder, { recursive: true, force: true })
  }
}

export type ClusterOptions = {
  log?: (line: string) => void
  /** Kill everything and drop the database on SIGINT/SIGTERM/SIGHUP, then die of the signal (default). */
  killOnSignal?: boolean
  /** What the replicas start on, and whose CLI migrates the database first (default: CURRENT_BUILD). */
  build?: ServerBuild
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? (() => {})
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`
  const dbName = `${DB_PREFIX}${suffix}`
  const redisPrefix = `proxy-cluster-${suffix}:`
  reapOrphans()
  const workDir = mkdtempSync(join(tmpdir(), `proxy-cluster-${process.pid}-`))
  const children = new Map<string, ChildProcess>()
  const logFiles = new Map<string, string>()
  let dbCreated = false
  let stopped = false

  // Whatever ends this process, nothing it started outlives it.
  const killAllSync = () => {
    for (const child of children.values())
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    if (dbCreated) dropDatabaseSync(dbName)
    deleteRedisKeysSync(redisPrefix)
    rmSync(workDir, { recursive: true, force: true })
  }
  process.once('exit', killAllSync)
  const signals = options.killOnSignal === false ? [] : (['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  const onSignal = (signal: NodeJS.Signals) => {
    killAllSync()
    process.kill(process.pid, signal)
  }
  for (const signal of signals) process.once(signal, onSignal)

  function run(
    name: string,
    command: readonly string[],
    env: Record<string, string>,
    cwd = ROOT,
  ): ChildProcess {
    const file = join(workDir, `${name}.log`)
    logFiles.set(name, file)
    const fd = openSync(file, 'a')
    const [bin = '', ...args] = command
    const child = spawn(bin, args, {
      cwd,
      stdio: ['ignore', fd, fd],
      // Only what the topology names (and what any process needs): nothing leaks from the caller.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? workDir, ...env },
    })
    closeSync(fd)
    children.set(name, child)
    if (child.pid) {
      const commandLine = commandLineOf(child.pid)
      if (commandLine)
        appendFileSync(join(workDir, PIDS_FILE), `${JSON.stringify({ pid: child.pid, commandLine })}\n`)
    }
    return child
  }

  const tail = (name: string, lines = 20) => {
    const file = logFiles.get(name)
    if (!file) return ''
    try {
      return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
    } catch {
      return ''
    }
  }
  const logTail = (lines = 20) =>
    [...logFiles.keys()].map((name) => `--- ${name} ---\n${tail(name, lines)}`).join('\n')

  const exited = (child: ChildProcess) =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) done()
      else child.once('exit', () => done())
    })

  /** Resolves when probe answers; rejects with the process's log when it exits first or times out. */
  async function readyOrDead(name: string, child: ChildProcess, probe: () => Promise<true | undefined>) {
    const deadline = Date.now() + START_TIMEOUT_MS
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${tail(name, 40)}`,
        )
      if (await probe().catch(() => undefined)) return
      if (Date.now() > deadline)
        throw new Error(`${name} not ready after ${START_TIMEOUT_MS} ms:\n${tail(name, 40)}`)
      await sleep(POLL_MS)
    }
  }

  async function stop() {
    if (stopped) return
    stopped = true
    const running = [...children.values()].filter(
      (child) => child.exitCode === null && child.signalCode === null,
    )
    for (const child of running) child.kill('SIGTERM')
    await Promise.race([Promise.all(running.map(exited)), sleep(5000)])
    for (const child of running)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await Promise.all(running.map(exited))
    if (dbCreated)
      await adminQuery(`drop database if exists ${dbName} with (force)`).catch(() => dropDatabaseSync(dbName))
    dbCreated = false
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 1000 })
    try {
      await redis.connect()
      let cursor = '0'
      // Bounded: a run leaves a handful of rate-limit keys.
      for (let round = 0; round < 1000; round++) {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500)
        if (keys.length > 0) await redis.del(...keys)
        cursor = next
        if (cursor === '0') break
      }
    } catch {
      // Redis gone: its keys expire on their own.
    } finally {
      redis.disconnect()
    }
    if (process.env.CLUSTER_KEEP_LOGS) console.log(`cluster logs kept in ${workDir}`)
    else rmSync(workDir, { recursive: true, force: true })
    process.removeListener('exit', killAllSync)
    for (const signal of signals) process.removeListener(signal, onSignal)
  }

  const missing = [SERVER_COMMAND, GATEWAY_COMMAND, CLI_COMMAND]
    .map((command) => localCommand(command).find((part) => /\.[jt]s$/.test(part)) ?? '')
    .filter((entry) => !existsSync(join(ROOT, entry)))
  if (missing.length > 0)
    throw new Error(
      `Not built: ${missing.join(', ')}. Run \`npm run build\` first (RUN_COMPILED in deploy/topology.ts).`,
    )
  try {
    await dropOrphanDatabases()
    await adminQuery(`create database ${dbName}`)
    dbCreated = true
    const databaseUrl = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`)
    const [frontPort, ...replicaPorts] = await Promise.all([freePort(), ...REPLICAS.map(() => freePort())])
    const url = `http://127.0.0.1:${frontPort}`
    const epay = { pid: '1000', key: randomBytes(24).toString('base64url') }
    const serverEnv = (port: number): ServerEnv => ({
      ...MALLOC_ENV,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      TRUST_PROXY: '1',
      // The operators' network is this machine: the test proves a forged header does not open either list.
      ADMIN_ALLOWED_IPS: '127.0.0.1',
      METRICS_ALLOW: '127.0.0.1',
      PUBLIC_URL: url,
      APP_SECRET: randomBytes(36).toString('base64url'),
      // Empty: not set (no rotation under way).
      APP_SECRET_PREVIOUS: '',
      // No merchant: the built-in sandbox gateway, whose notifies the test signs with EPAY_KEY.
      EPAY_URL: '',
      PAYMENTS_SANDBOX: 'true',
      EPAY_PID: epay.pid,
      EPAY_KEY: epay.key,
      LOG_LEVEL: 'warn',
      // A replica killed while it held an Idempotency-Key frees it for the retry after this long.
      IDEMPOTENCY_LEASE_SECONDS: '2',
      // Three times what HAProxy's checks take to see /readyz turn 503 (2 × 250 ms), well short of the
      // default 5 s: the rolling restart waits out each replica's grace.
      SHUTDOWN_GRACE_MS: '1500',
    })
    const appSecret = serverEnv(0).APP_SECRET
    const envOf = (replica: Replica) => ({
      ...serverEnv(replicaPorts[REPLICAS.indexOf(replica)] ?? 0),
      APP_SECRET: appSecret,
    })

    // The operator's first step, as in production: register the gateway's node (this also migrates).
    const initialBuild = options.build ?? CURRENT_BUILD
    const cli = run(
      'cli',
      [...initialBuild.cli, 'node:add', GATEWAY_NODE.name, GATEWAY_NODE.host],
      envOf(REPLICAS[0]),
      initialBuild.cwd,
    )
    const cliCode = await new Promise<number | null>((done) => cli.once('exit', done))
    const nodeToken = /nt_[A-Za-z0-9_-]{43}/.exec(readFileSync(logFiles.get('cli') ?? '', 'utf8'))?.[0]
    if (cliCode !== 0 || !nodeToken) throw new Error(`node:add failed (${cliCode}):\n${tail('cli', 40)}`)
    log(`database ${dbName} migrated, node ${GATEWAY_NODE.name} registered`)

    const replicaUrl = (replica: Replica) => `http://127.0.0.1:${replicaPorts[REPLICAS.indexOf(replica)]}`
    async function start(replica: Replica, build = CURRENT_BUILD) {
      const child = run(replica, build.server, envOf(replica), build.cwd)
      await readyOrDead(replica, child, async () =>
        (await fetch(`${replicaUrl(replica)}${READY_PATH}`, { signal: AbortSignal.timeout(1000) })).status ===
        200
          ? true
          : undefined,
      )
    }
    await Promise.all(REPLICAS.map((replica) => start(replica, initialBuild)))
    log(`replicas ready: ${REPLICAS.map(replicaUrl).join(', ')}`)

    const statsSocket = join(workDir, 'haproxy.sock')
    const haproxyEnv: Record<string, string> = {
      HAPROXY_BIND: `127.0.0.1:${frontPort}`,
      HAPROXY_STATS_SOCKET: statsSocket,
    }
    for (const replica of REPLICAS)
      haproxyEnv[replicaAddressVar(replica)] = replicaUrl(replica).replace('http://', '')
    if (Object.keys(haproxyEnv).sort().join() !== [...HAPROXY_ENV].sort().join())
      throw new Error(`HAProxy's environment drifted from topology.ts: ${Object.keys(haproxyEnv).join(', ')}`)
    const haproxy = run('haproxy', [HAPROXY_BIN, ...HAPROXY_COMMAND.slice(1, -1), HAPROXY_CFG], haproxyEnv)
    const backends = () => haproxyStats(statsSocket)
    await readyOrDead('haproxy', haproxy, async () =>
      Object.values(await backends()).filter((backend) => backend.status === 'UP').length === REPLICAS.length
        ? true
        : undefined,
    )
    log(`haproxy ready on ${url}`)

    const gatewayEnv: GatewayEnv = {
      GATEWAY_API_URL: url,
      GATEWAY_NODE_TOKEN: nodeToken,
      // The gateway listens on the static IPs among these; the test's stock lies outside (no binds).
      GATEWAY_ADDRESSES: '127.0.0.1/32',
      GATEWAY_POOL_HOST: '127.0.0.1',
      GATEWAY_POOL_PORTS: (await Promise.all([freePort(), freePort()])).join(','),
      GATEWAY_SPOOL_DIR: join(workDir, 'gateway-spool'),
      GATEWAY_WORKERS: '1',
    }
    const gateway = run('gateway', localCommand(GATEWAY_COMMAND), gatewayEnv)
    // Ready once it has pulled its credentials through HAProxy and said so.
    await readyOrDead('gateway', gateway, async () =>
      /Gateway serving/.test(tail('gateway')) ? true : undefined,
    )
    log('gateway ready')

    return {
      url,
      databaseUrl,
      redisPrefix,
      epay,
      nodeToken,
      replicaUrl,
      async kill(replica, signal = 'SIGKILL') {
        const child = children.get(replica)
        if (!child) throw new Error(`${replica} is not running`)
        child.kill(signal)
        await exited(child)
      },
      start,
      backends,
      async setState(replica, state) {
        const answer = await haproxyCommand(statsSocket, `set server servers/${replica} state ${state}`)
        if (answer.trim() !== '') throw new Error(`HAProxy refused state ${state} for ${replica}: ${answer}`)
      },
      async waitForBackend(replica, status, timeoutMs = 10_000) {
        const since = Date.now()
        await until(
          `HAProxy to see ${replica} ${status}`,
          async () => ((await backends())[replica]?.status === status ? true : undefined),
          timeoutMs,
        )
        return Date.now() - since
      },
      logTail,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

// `npx tsx deploy/cluster.ts`: start it, print where it is, stop on Ctrl-C.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const cluster = await startCluster({ log: (line) => console.log(line), killOnSignal: false })
  console.log(`\n  Cluster up: ${cluster.url} (HAProxy) over ${REPLICAS.join(', ')}; Ctrl-C stops it.\n`)
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cluster.stop().then(() => process.exit(0)))
}

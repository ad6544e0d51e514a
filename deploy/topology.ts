// The cluster's shape in one place: the commands each process runs and the environment variables
// it gets. deploy/cluster.ts starts exactly this on one machine; compose.yaml and the Dockerfile
// mirror it, and deploy/container-files.test.ts fails when they drift apart.

/** The server replicas behind HAProxy; haproxy.cfg has one `server` line per replica. */
export const REPLICAS = ['server-1', 'server-2'] as const
export type Replica = (typeof REPLICAS)[number]

/**
 * THE switch for the local cluster: true runs the compiled JavaScript (what the containers run),
 * false runs the same entry points from TypeScript through tsx, until `npm run build` compiles them.
 */
export const RUN_COMPILED = true

/**
 * Production commands, relative to the repository root (the image's WORKDIR). The server's young
 * generation is capped (README "Production build"): Node 24 would grow it to 64 MB per semi-space,
 * resident ever after; `npm start` passes the same flag. On Node 24 the server also turns on V8's
 * memory saver itself (apps/server/src/platform/memory-saver.ts).
 */
export const SERVER_COMMAND = ['node', '--max-semi-space-size=4', 'apps/server/dist/server.js'] as const
export const GATEWAY_COMMAND = ['node', 'apps/gateway/dist/main.js'] as const
export const CLI_COMMAND = ['node', 'apps/server/dist/cli.js'] as const

/** What the local cluster runs for a production command: itself, or its TypeScript source via tsx. */
export function localCommand(command: readonly string[]): string[] {
  if (RUN_COMPILED) return [...command]
  const [node, ...args] = command
  if (node !== 'node' || !args.some((arg) => arg.includes('/dist/')))
    throw new Error(`not a compiled entry: ${command.join(' ')}`)
  const source = (arg: string) =>
    arg.includes('/dist/') ? arg.replace('/dist/', '/src/').replace(/\.js$/, '.ts') : arg
  return [node, '--import', 'tsx', ...args.map(source)]
}

/**
 * glibc's malloc in a server process. By default it keeps one arena per thread (up to 8 per core), and
 * it raises its mmap threshold as large buffers come and go, so they land in the arenas; either way
 * what a load freed stays resident. Two arenas and a fixed 128 KiB threshold (which also fixes the
 * trim threshold) give it back: on Node 20 the server settles at 117–120 MB 20 s after `npm run
 * bench`'s load, 130–145 MB with two arenas alone. npm start, the image and compose set the same.
 */
export const MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
} as const

/**
 * Every variable a replica gets (apps/server/src/platform/config.ts, and glibc's MALLOC_ENV);
 * compose sets the same names.
 */
export const SERVER_ENV = [
  'MALLOC_ARENA_MAX',
  'MALLOC_MMAP_THRESHOLD_',
  'MALLOC_TRIM_THRESHOLD_',
  'NODE_ENV',
  'HOST',
  'PORT',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'TRUST_PROXY',
  'ADMIN_ALLOWED_IPS',
  'METRICS_ALLOW',
  'PUBLIC_URL',
  'APP_SECRET',
  'APP_SECRET_PREVIOUS',
  'EPAY_URL',
  'PAYMENTS_SANDBOX',
  'EPAY_PID',
  'EPAY_KEY',
  'LOG_LEVEL',
  'IDEMPOTENCY_LEASE_SECONDS',
  'SHUTDOWN_GRACE_MS',
] as const
export type ServerEnv = Record<(typeof SERVER_ENV)[number], string>

/** Every variable the gateway gets (apps/gateway/src/config.ts). */
export const GATEWAY_ENV = [
  'GATEWAY_API_URL',
  'GATEWAY_NODE_TOKEN',
  'GATEWAY_ADDRESSES',
  'GATEWAY_POOL_HOST',
  'GATEWAY_POOL_PORTS',
  'GATEWAY_SPOOL_DIR',
  'GATEWAY_WORKERS',
] as const
export type GatewayEnv = Record<(typeof GATEWAY_ENV)[number], string>

/** haproxy.cfg reads these ("${NAME}"): where it listens, its admin socket, and each replica's address. */
export const replicaAddressVar = (replica: Replica) => `${replica.toUpperCase().replace('-', '_')}_ADDR`
export const HAPROXY_ENV = ['HAPROXY_BIND', 'HAPROXY_STATS_SOCKET', ...REPLICAS.map(replicaAddressVar)]
export const HAPROXY_COMMAND = ['haproxy', '-W', '-db', '-f', '/usr/local/etc/haproxy/haproxy.cfg'] as const
/** Where deploy/haproxy.cfg is mounted in the container (Debian's package reads it from anywhere with -f). */
export const HAPROXY_CFG_IN_CONTAINER = '/usr/local/etc/haproxy/haproxy.cfg'

/** The node the gateway runs as: `node:add <name> <host>`. */
export const GATEWAY_NODE = { name: 'gateway-1', host: 'gateway' } as const

/** The compose services: the cluster's processes plus the PostgreSQL and Redis this machine already runs. */
export const COMPOSE_SERVICES = ['postgres', 'redis', ...REPLICAS, 'haproxy', 'gateway'] as const

/** The probe every replica answers for load balancers (apps/server/src/platform/health.ts). */
export const READY_PATH = '/readyz'

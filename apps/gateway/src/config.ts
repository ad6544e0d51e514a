// The gateway's settings, from the environment, validated once at start-up.
import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import { isAbsolute, resolve } from 'node:path'
import { z } from 'zod'
import type { Entry } from './route/grants.ts'

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')
const fromInvocationDir = (path: string) =>
  isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path)
/** `203.0.113.7` or `203.0.113.0/24` (IPv6 likewise). */
const isAddressOrCidr = (part: string) => {
  const [address = '', prefix, ...rest] = part.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
}
/** `a, b,c` → ['a', 'b', 'c'] (blank parts dropped), each part checked by `item`. */
const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item))
/** A TCP port to listen on, written as digits. */
const Port = z.string().transform((text, context) => {
  const port = Number(text)
  if (/^\d{1,5}$/.test(text) && port >= 1 && port <= 65535) return port
  context.addIssue({ code: 'custom', message: `"${text}" is not a port (1-65535)` })
  return z.NEVER
})

export const GatewayConfig = z.object({
  /** The API the node talks to (node API under /api/node/v1). */
  GATEWAY_API_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:3000'),
  /** This node's token (`npm run cli -- node:add`). */
  GATEWAY_NODE_TOKEN: z
    .string()
    .regex(/^nt_[A-Za-z0-9_-]{43}$/, 'a node token from `npm run cli -- node:add`'),
  /**
   * Addresses this node owns (CIDRs, comma-separated): it listens for the static IPs among them, and
   * every one of them, sold or not, is refused as a destination. The default is the development
   * seed's stock (apps/server demo-catalog.ts), not all of loopback: the rest stays reachable in
   * development (GATEWAY_ALLOW_PRIVATE) for local services to test against.
   */
  GATEWAY_ADDRESSES: commaList(
    z.string().refine(isAddressOrCidr, {
      error: (issue) => `"${issue.input}" is not an address or CIDR (comma-separated, e.g. 203.0.113.0/24)`,
    }),
  ).default(['127.0.1.0/24', '127.0.2.0/24', '127.0.3.0/24', '127.0.4.0/24', '127.0.5.0/24', '127.0.6.0/24']),
  /** Where the traffic-account (rotating pool) endpoints listen. */
  GATEWAY_POOL_HOST: z.string().default('127.0.0.1'),
  /** The pool's ports on GATEWAY_POOL_HOST, comma-separated; each serves SOCKS5 and HTTP. */
  GATEWAY_POOL_PORTS: commaList(Port)
    .refine((ports) => ports.length > 0, 'at least one port, e.g. 1080,8080')
    .refine((ports) => new Set(ports).size === ports.length, 'each port once')
    .default([1080, 8080]),
  /** Let customers reach loopback and private networks: only for development and tests. */
  GATEWAY_ALLOW_PRIVATE: flag.default(false),
  GATEWAY_HANDSHAKE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  GATEWAY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  GATEWAY_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The loopback port v2ray hands vmess tunnels to our plane on; 0 picks a free one at each start. */
  GATEWAY_VMESS_RELAY_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  GATEWAY_MAX_TUNNELS_PER_CREDENTIAL: z.coerce.number().int().min(1).default(256),
  /** UDP ASSOCIATE: associations open at once per worker process, and destinations per association. */
  GATEWAY_UDP_MAX_ASSOCIATIONS: z.coerce.number().int().min(1).default(1024),
  GATEWAY_UDP_MAX_DESTINATIONS: z.coerce.number().int().min(1).max(4096).default(64),
  /** Counters wait here (fsynced) until the API acknowledges them. */
  GATEWAY_SPOOL_DIR: z.string().default('./data/gateway-spool').transform(fromInvocationDir),
  /** Data-plane worker processes (node:cluster); `auto` is one per core, 1 runs everything in one process. */
  GATEWAY_WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
    .default('auto')
    .transform((value) => (value === 'auto' ? availableParallelism() : value)),
  /**
   * Password guessing: a source (an IPv4 address, an IPv6 /64) with this many wrong passwords within
   * the window, node-wide, is refused for the block time on every entry, before any password is read.
   */
  GATEWAY_AUTH_FAILURE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  GATEWAY_AUTH_FAILURE_WINDOW_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  GATEWAY_AUTH_BLOCK_MS: z.coerce.number().int().min(500).max(86_400_000).default(600_000),
  GATEWAY_PULL_MS: z.coerce.number().int().min(100).max(2000).default(1000),
  GATEWAY_PUSH_MS: z.coerce.number().int().min(100).max(5000).default(5000),
  /** The server counts a node down after NODE_DOWN_AFTER_SECONDS (60) without a heartbeat. */
  GATEWAY_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** pino's level for the gateway's JSON log lines (stdout). */
  GATEWAY_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})
export type GatewayConfig = z.infer<typeof GatewayConfig>

/** The pool entries every gateway of a node listens on. */
export const poolEntriesOf = (config: GatewayConfig): Entry[] =>
  config.GATEWAY_POOL_PORTS.map((port) => ({ address: config.GATEWAY_POOL_HOST, port }))

/** The guard's settings (route/guard.ts) from the gateway's. */
export const guardSettingsOf = (config: GatewayConfig) => ({
  limit: config.GATEWAY_AUTH_FAILURE_LIMIT,
  windowMs: config.GATEWAY_AUTH_FAILURE_WINDOW_MS,
  blockMs: config.GATEWAY_AUTH_BLOCK_MS,
})

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = GatewayConfig.safeParse(given)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid gateway configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}

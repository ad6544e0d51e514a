// Configuration from the environment, validated once at start-up.
import { isAbsolute, join, resolve } from 'node:path'
import ipaddr from 'ipaddr.js'
import { z } from 'zod'

export const DEV_EPAY_KEY = 'sandbox-only-key-0123456789'
export const DEV_APP_SECRET = 'development-only-app-secret-0123456789'

const flag = z.enum(['true', 'false', '1', '0', '']).transform((value) => value === 'true' || value === '1')

const isAddressOrRange = (part: string) =>
  part.includes('/') ? ipaddr.isValidCIDR(part) : ipaddr.isValid(part)

/**
 * Which proxies in front may name the client (X-Forwarded-For), as Fastify's `trustProxy` takes it:
 * none (`false`), a hop count (`1`: the one balancer that replaces the header, as deploy/haproxy.cfg
 * does), or their addresses and CIDRs, comma-separated. `true` trusts every hop, so any client can
 * write its own address; production refuses it.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((text, context): boolean | number | string[] => {
    if (text === '' || text === 'false' || text === '0') return false
    if (text === 'true') return true
    if (/^\d{1,2}$/.test(text)) return Number(text)
    const parts = text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    if (parts.length > 0 && parts.every(isAddressOrRange)) return parts
    context.addIssue({
      code: 'custom',
      message: 'false, a hop count, or the proxies’ addresses or CIDR ranges',
    })
    return z.NEVER
  })

// npm runs workspace scripts inside the workspace folder; relative paths mean the folder the user typed in.
const fromInvocationDir = (path: string) =>
  isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path)

/** Comma-separated IP addresses and CIDR ranges. */
const addressList = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .refine((parts) => parts.every(isAddressOrRange), 'comma-separated IP addresses or CIDR ranges')

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data').transform(fromInvocationDir),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /**
   * Production on the embedded database (PGlite under DATA_DIR, no DATABASE_URL): one process only,
   * no replicas. Refused unless set, so a forgotten DATABASE_URL does not start an empty shop.
   */
  ALLOW_EMBEDDED_DATABASE: flag.optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of our Redis keys, so several deployments can share one Redis. */
  REDIS_PREFIX: z.string().min(1).max(64).default('proxy-console:'),
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  /** Time a client has to send a whole request, headers and body; then it gets a 408. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /**
   * On SIGTERM/SIGINT: how long /readyz answers 503 while every other request is still served, so a
   * balancer's health check takes the replica out before it stops listening (platform/drain.ts).
   * Default 5 s in production; 0 elsewhere, so Ctrl-C in development stops at once.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  WEB_DIST: z
    .string()
    .default(resolve(import.meta.dirname, '../../../web/dist'))
    .transform(fromInvocationDir),
  /**
   * Public address of this deployment: links in mails (password reset, e-mail verification) and
   * the gateway's notify and return URLs. Default http://localhost:PORT, as `npm start` serves.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  EPAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  EPAY_PID: z.string().min(1).default('1000'),
  // Only good for the built-in sandbox: production refuses to start with it and a real gateway.
  EPAY_KEY: z.string().min(16).default(DEV_EPAY_KEY),
  /** Server secret the keys for data sealed at rest (TOTP secrets) derive from; production must set its own. */
  APP_SECRET: z.string().min(32).default(DEV_APP_SECRET),
  /** The APP_SECRET before a rotation: what it sealed still opens, and is sealed anew under APP_SECRET when read. */
  APP_SECRET_PREVIOUS: z.string().min(32).optional(),
  PAYMENTS_SANDBOX: flag.optional(),
  /**
   * The API reference page at /api/docs (Swagger UI). On by default, off in production unless set:
   * /api/openapi.json, which customers' tools read, is public either way (DESIGN §5).
   */
  API_DOCS: flag.optional(),
  /** Host customers point their traffic account at (the rotating gateway). */
  TRAFFIC_GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
  /** Run a proxy gateway beside the server (`npm start` in development: the demo stock is on loopback). */
  LOCAL_GATEWAY: flag.optional(),
  /**
   * A node without a heartbeat for this long shows as down (console, dashboard, node:list). Nodes beat
   * every GATEWAY_HEARTBEAT_MS (15 s): keep this at three beats or more.
   */
  NODE_DOWN_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('CloudHub Proxy <no-reply@localhost>'),
  /** Without SMTP, each mail is also written here as a text file (default: DATA_DIR/outbox in development). */
  MAIL_OUTBOX_DIR: z.string().min(1).transform(fromInvocationDir).optional(),
  /** Background jobs (closing unpaid orders, purging old idempotency keys); off in tests, which drive them. */
  JOBS_ENABLED: flag.optional(),
  /** Yuan per US dollar for top-ups (the gateway charges CNY); fixed on each order when it is created. */
  USD_CNY_RATE: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, 'a rate such as 7.2 (at most 4 decimals)')
    .default('7.2')
    .transform(Number)
    .refine((rate) => rate > 0, 'must be above 0'),
  TOPUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Failed sign-ins per account from one address per 15 minutes. */
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins per account from all addresses together per 15 minutes. */
  LOGIN_LIMIT_PER_ACCOUNT_ALL: z.coerce.number().int().min(1).default(100),
  /** How long a money-moving request may hold its Idempotency-Key before a retry may take it over. */
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(30).default(30),
  /** Days before a static IP may have its address replaced again (free replacement; 0: no limit). */
  IP_REPLACEMENT_COOLDOWN_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Credential resets per static IP per hour (each one changes what its node serves). */
  CREDENTIAL_RESET_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Fetches per secret download link per minute (GET /api/dl/…); a faster tool gets 429. */
  DOWNLOAD_LINK_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Sign-ups tried per email address per hour (whoever tries them): probing one address stays slow. */
  REGISTER_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  /** Password-reset mails asked for per email address per 15 minutes. */
  PASSWORD_RESET_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  /** Password-reset requests per client address per 15 minutes. */
  PASSWORD_RESET_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  /**
   * Where the operator console may be used from: comma-separated addresses and CIDR ranges. Empty:
   * anywhere. Any other address gets 403 on every /api/admin route.
   */
  ADMIN_ALLOWED_IPS: addressList,
  /**
   * GET /metrics (Prometheus) answers a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`
   * or comes from METRICS_ALLOW (comma-separated addresses and CIDR ranges). In production with
   * neither set nobody may scrape; in development loopback may too.
   */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  METRICS_ALLOW: addressList,
})

/** `npm run dev`'s web server (apps/web/vite.config.ts), under both of the names a developer may open. */
const VITE_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173']

export type Config = z.infer<typeof ConfigSchema> & {
  /** PUBLIC_URL without a trailing slash, or this server on localhost. */
  publicUrl: string
  /**
   * Origins whose pages may make cookie-authenticated writes (the operator console): PUBLIC_URL's, and
   * in development also Vite's dev server, which proxies /api with the browser's Origin unchanged.
   */
  webOrigins: string[]
  /** Where the dev outbox writes each mail as a file, when mail does not go out over SMTP. */
  mailOutboxDir: string | undefined
  seedDemo: boolean
  localGateway: boolean
  paymentsSandbox: boolean
  jobsEnabled: boolean
  apiDocs: boolean
  /** SHUTDOWN_GRACE_MS, or its default for NODE_ENV. */
  shutdownGraceMs: number
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty value (as in a copied .env.example) means "not set".
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = ConfigSchema.safeParse(given)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const config = parsed.data
  // The demo customer is a development convenience: never in production unless asked for.
  const seedDemo = config.SEED_DEMO ?? config.NODE_ENV === 'development'
  const isProduction = config.NODE_ENV === 'production'
  // The sandbox gateway stands in for a real one, never beside one, and in production only on request.
  const paymentsSandbox =
    !config.EPAY_URL && (isProduction ? config.PAYMENTS_SANDBOX === true : config.PAYMENTS_SANDBOX !== false)
  if (isProduction && config.EPAY_URL && config.EPAY_KEY === DEV_EPAY_KEY)
    throw new Error('Invalid configuration:\n  EPAY_KEY: set the merchant key of your gateway')
  if (config.EPAY_URL && !config.PUBLIC_URL)
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: the gateway needs it for its notify and return URLs',
    )
  if (isProduction && config.SMTP_URL && !config.PUBLIC_URL)
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: mailed links (password reset, verification) need it',
    )
  if (isProduction && config.TRUST_PROXY === true)
    throw new Error(
      'Invalid configuration:\n  TRUST_PROXY: true trusts every hop, so a client can forge X-Forwarded-For and ' +
        'slip past the sign-in limits and the allow-lists; give the number of proxies in front (1 behind ' +
        'deploy/haproxy.cfg, which replaces the header) or their addresses',
    )
  if (isProduction && config.APP_SECRET === DEV_APP_SECRET)
    throw new Error('Invalid configuration:\n  APP_SECRET: set a random secret of at least 32 characters')
  if (isProduction && isGuessableSecret(config.APP_SECRET))
    throw new Error(
      `Invalid configuration:\n  APP_SECRET: too few different characters (${new Set(config.APP_SECRET).size}); ` +
        `a random secret has many more (e.g. \`openssl rand -base64 48\`)`,
    )
  if (isProduction && !config.DATABASE_URL && !config.ALLOW_EMBEDDED_DATABASE)
    throw new Error(
      'Invalid configuration:\n  DATABASE_URL: production needs PostgreSQL; to run on the embedded ' +
        'database (one process, no replicas) set ALLOW_EMBEDDED_DATABASE=true',
    )
  if (isProduction && config.APP_SECRET_PREVIOUS === config.APP_SECRET)
    throw new Error(
      'Invalid configuration:\n  APP_SECRET_PREVIOUS: the secret before the rotation, not the current one',
    )
  const jobsEnabled = config.JOBS_ENABLED ?? config.NODE_ENV !== 'test'
  const localGateway = config.LOCAL_GATEWAY ?? config.NODE_ENV === 'development'
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '')
  const mailOutboxDir = config.SMTP_URL
    ? undefined
    : (config.MAIL_OUTBOX_DIR ??
      (config.NODE_ENV === 'development' ? join(config.DATA_DIR, 'outbox') : undefined))
  const webOrigins = [new URL(publicUrl).origin, ...(config.NODE_ENV === 'development' ? VITE_ORIGINS : [])]
  return {
    ...config,
    publicUrl,
    webOrigins,
    mailOutboxDir,
    seedDemo: seedDemo && !isProduction,
    localGateway,
    paymentsSandbox,
    jobsEnabled,
    apiDocs: config.API_DOCS ?? !isProduction,
    shutdownGraceMs: config.SHUTDOWN_GRACE_MS ?? (isProduction ? 5_000 : 0),
  }
}

/**
 * A secret a person typed rather than generated: fewer than 10 different characters (32 times
 * the same one, `changeme` repeated). Any random secret of 32+ characters has more, even in hex
 * (16 possible characters: `openssl rand -hex 16` shows ~14, which is why the floor is not 16).
 */
export const isGuessableSecret = (secret: string) => new Set(secret).size < 10

const isLoopbackHost = (host: string) =>
  host === 'localhost' || (ipaddr.isValid(host) && ipaddr.parse(host).range() === 'loopback')

/**
 * What works but degrades, one line each, said at every start of production: the setting, and
 * what breaks without it. Development runs on this machine by design and is told nothing.
 */
export function configWarnings(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return []
  const warnings: string[] = []
  if (!config.SMTP_URL)
    warnings.push(
      'no SMTP_URL: password-reset, verification and reminder mails stay in the mail_outbox table; nobody receives them',
    )
  if (config.paymentsSandbox)
    warnings.push('PAYMENTS_SANDBOX: top-ups are paid by the built-in sandbox gateway, with no real money')
  else if (!config.EPAY_URL)
    warnings.push('no EPAY_URL: no payment gateway, so every top-up is refused (503)')
  if (!config.PUBLIC_URL)
    warnings.push(
      `no PUBLIC_URL: mailed links point at ${config.publicUrl}, and operator writes are refused from any other address`,
    )
  if (isLoopbackHost(config.HOST))
    warnings.push(
      `HOST=${config.HOST}: only this machine can connect (a balancer or proxy on another host cannot); set HOST=0.0.0.0 to listen on every interface`,
    )
  if (!config.DATABASE_URL)
    warnings.push(
      `ALLOW_EMBEDDED_DATABASE: production runs on the embedded database in ${config.DATA_DIR}: one server process only (no replicas behind a balancer); back that folder up`,
    )
  return warnings
}

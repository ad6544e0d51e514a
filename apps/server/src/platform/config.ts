// Configuration from the environment, validated once at start-up.
import { isAbsolute, resolve } from 'node:path'
import { z } from 'zod'

const flag = z.enum(['true', 'false', '1', '0', '']).transform((value) => value === 'true' || value === '1')

// npm runs workspace scripts inside the workspace folder; relative paths mean the folder the user typed in.
const fromInvocationDir = (path: string) =>
  isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path)

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data').transform(fromInvocationDir),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of our Redis keys, so several deployments can share one Redis. */
  REDIS_PREFIX: z.string().min(1).max(64).default('proxy-console:'),
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  WEB_DIST: z
    .string()
    .default(resolve(import.meta.dirname, '../../../web/dist'))
    .transform(fromInvocationDir),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
})

export type Config = z.infer<typeof ConfigSchema> & { seedDemo: boolean }

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
  return { ...config, seedDemo: seedDemo && config.NODE_ENV !== 'production' }
}

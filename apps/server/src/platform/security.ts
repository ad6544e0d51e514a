// Security headers on every answer, timeouts against slow clients, and the rate-limit store
// (in memory, or Redis when shared).
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config.ts'

const helmetOptions: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd writes its CSS-in-JS into <style> tags at runtime.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
}

export type SecurityHeaders = Readonly<Record<string, string>>

/**
 * Browser features no page of ours uses, turned off for them and for anything they embed (helmet
 * sends no Permissions-Policy). The clipboard stays: the copy buttons write to it.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ')

/**
 * The headers helmet sets, read once from helmet itself. One list for every answer: the hook
 * below sends it on routed answers, errors.ts on those written before any hook runs.
 */
export async function readSecurityHeaders(): Promise<SecurityHeaders> {
  const probe = Fastify()
  await probe.register(helmet, helmetOptions)
  probe.get('/', (_request, reply) => reply.send(reply.raw.getHeaders()))
  const answer = await probe.inject('/')
  await probe.close()
  return Object.freeze({ ...answer.json<Record<string, string>>(), 'permissions-policy': PERMISSIONS_POLICY })
}

/**
 * Path parameters the router matches. Fastify's default (100) turns a longer id into a routing
 * miss before authentication; routed, it gets 401 for a stranger and a validation error after.
 * Node refuses a request line past its 16 KB header limit (431), so this lets every id through.
 */
export const MAX_PARAM_LENGTH = 16 * 1024

// Idle keep-alive sockets outlive the 60 s idle timeout of common load balancers and reverse
// proxies, so those never reuse a socket we are closing.
const KEEP_ALIVE_TIMEOUT_MS = 72_000
// Headers are a few hundred bytes: 10 s is ample on a poor link, and bounds a slowloris sooner.
const HEADERS_TIMEOUT_MS = 10_000

/** Fastify options bounding how long a client may take to send a request or sit idle. */
export function timeoutOptions(requestTimeoutMs: number) {
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs)
  return {
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout,
      // Node looks for expired requests on this interval (30 s by default), so one expires up to this late.
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(headersTimeout / 2)),
    },
  }
}

export async function registerSecurity(app: FastifyInstance, config: Config, headers: SecurityHeaders) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers)
  })

  // ioredis is loaded only when a shared store is configured (it is resident memory).
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined
  if (redis) app.addHook('onClose', async () => void (await redis.quit()))
  // Limits are opted into per route (sign-in, registration), so `global` stays off.
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.REDIS_PREFIX}rl:`,
    skipOnError: true,
  })
}

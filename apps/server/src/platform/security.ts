// Security headers on every answer, and the rate-limit store (in memory, or Redis when shared).
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import type { Config } from './config.ts'

export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
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
  })

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
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

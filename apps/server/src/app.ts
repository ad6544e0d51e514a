// buildApp() is shared by server.ts and the tests: one way to assemble the API.
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { authRoutes } from './modules/auth/auth.routes.ts'
import { userRoutes } from './modules/user/user.routes.ts'
import { walletRoutes } from './modules/wallet/wallet.routes.ts'
import { authPlugin } from './platform/auth.ts'
import type { Config } from './platform/config.ts'
import type { Database } from './platform/db/client.ts'
import { registerErrorHandling } from './platform/errors.ts'
import { registerHealth } from './platform/health.ts'
import { registerOpenApi } from './platform/openapi.ts'
import { registerSecurity } from './platform/security.ts'
import { registerWebClient } from './platform/web-client.ts'

export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    // Our own ids: a client-chosen id in the logs could be forged.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  registerErrorHandling(app)
  await registerSecurity(app, config)
  await registerOpenApi(app)
  await app.register(authPlugin, { db: database.db })
  await registerHealth(app, database.db)

  const deps = { db: database.db, config }
  await app.register(authRoutes, deps)
  await app.register(userRoutes, deps)
  await app.register(walletRoutes, deps)

  await registerWebClient(app, config.WEB_DIST)
  return app
}

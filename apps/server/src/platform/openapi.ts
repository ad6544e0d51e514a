// The OpenAPI document is generated from the contract schemas the routes are mounted with.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** The document always (customers' tools read it); the reference page only where `withDocsPage`. */
export async function registerOpenApi(app: FastifyInstance, { withDocsPage }: { withDocsPage: boolean }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Proxy console API',
        version: '1.0.0',
        description:
          'Every answer is an envelope `{ code, message, data }`; `code` 0 is success, any other code is ' +
          'a stable error from the catalogue. Send `Authorization: Bearer <token>` with a session or API token; ' +
          'an API token may call what its scopes allow (read, buy, manage: each call names the one it needs).',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          adminSession: { type: 'apiKey', in: 'cookie', name: 'admin_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  if (withDocsPage) await app.register(swaggerUi, { routePrefix: '/api/docs' })
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}

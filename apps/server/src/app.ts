// buildApp() is shared by server.ts and the tests: one way to assemble the API.
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  adminAuthPlugin,
  adminRoutes,
  announcementsRoutes,
  catalogueRoutes,
  currentAnnouncements,
  dashboardRoutes,
  financeRoutes,
  isAllowedAddress,
  operationsRoutes,
  teamRoutes,
} from './modules/admin/index.ts'
import { type Alerts, alertRoutes, createAlerts } from './modules/alerts/index.ts'
import { authRoutes } from './modules/auth/auth.routes.ts'
import { authPlugin } from './modules/auth/auth-plugin.ts'
import { sealerFor } from './modules/auth/index.ts'
import { purgeLoginAttempts } from './modules/auth/login-limits.ts'
import { downloadLinkRoutes } from './modules/download-links/index.ts'
import { purgeIdempotencyKeys } from './modules/idempotency/index.ts'
import { createWalletAccount, walletCentsOf } from './modules/ledger/index.ts'
import { nodeMetrics } from './modules/nodes/index.ts'
import { nodeAuthPlugin } from './modules/nodes/node-auth.ts'
import { nodeRoutes } from './modules/nodes/nodes.routes.ts'
import { noticeRoutes } from './modules/notices/notices.routes.ts'
import { orderMetrics } from './modules/orders/index.ts'
import { orderRoutes } from './modules/orders/orders.routes.ts'
import { overviewRoutes } from './modules/overview/overview.routes.ts'
import { createPaymentGateway } from './modules/payments/payment-gateway.factory.ts'
import { paymentRoutes } from './modules/payments/payments.routes.ts'
import { sandboxGatewayRoutes } from './modules/payments/sandbox/sandbox.routes.ts'
import { receiptRoutes } from './modules/receipts/index.ts'
import { createReminders, type Reminders } from './modules/reminders/reminders.service.ts'
import { instancesByIds, replacementsForOrder } from './modules/static-ip/index.ts'
import { createLifecycle, type Lifecycle } from './modules/static-ip/lifecycle.service.ts'
import { staticIpRoutes } from './modules/static-ip/static-ip.routes.ts'
import { purgeTunnelStats } from './modules/stats/index.ts'
import { statsRoutes } from './modules/stats/stats.routes.ts'
import { subUserRoutes } from './modules/sub-users/sub-users.routes.ts'
import { expirePackages } from './modules/traffic/package-expiry.ts'
import { trafficRoutes } from './modules/traffic/traffic.routes.ts'
import { userRoutes } from './modules/user/user.routes.ts'
import { topUpMetrics } from './modules/wallet/index.ts'
import { topUpRoutes } from './modules/wallet/topup.routes.ts'
import { createTopUpService, type TopUpService } from './modules/wallet/topup.service.ts'
import { walletRoutes } from './modules/wallet/wallet.routes.ts'
import type { Config } from './platform/config.ts'
import type { Database } from './platform/db/client.ts'
import { onClientError, onFrameworkError, registerErrorHandling } from './platform/errors.ts'
import { registerHealth } from './platform/health.ts'
import { startJobs } from './platform/jobs/scheduler.ts'
import { REDACT_PATHS, redactUrl, scrubLogLine } from './platform/log-redaction.ts'
import { createMailQueue, type MailQueue } from './platform/mail/mail-queue.ts'
import { createMailer } from './platform/mail/mailer.ts'
import { registerMetrics } from './platform/metrics.ts'
import { registerOpenApi } from './platform/openapi.ts'
import {
  MAX_PARAM_LENGTH,
  readSecurityHeaders,
  registerSecurity,
  timeoutOptions,
} from './platform/security.ts'
import { registerWebClient } from './platform/web-client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Exposed so tests can drive the jobs with their own clock. */
    topups: TopUpService
    lifecycle: Lifecycle
    reminders: Reminders
    alerts: Alerts
    /** Mail sent after the answer (account links): tests wait for it with settled(). */
    mailQueue: MailQueue
  }
}

export type BuildOptions = { logStream?: { write: (line: string) => void } }

export async function buildApp(
  config: Config,
  database: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const securityHeaders = await readSecurityHeaders()
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: REDACT_PATHS,
      // The last pass, over each line as written: no full email address and no secret in the log.
      hooks: { streamWrite: scrubLogLine },
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
      ...(options.logStream && { stream: options.logStream }),
    },
    // Our own ids: a client-chosen id in the logs could be forged.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    ...timeoutOptions(config.REQUEST_TIMEOUT_MS),
    // Failures before any hook runs (router, Node's HTTP parser) answer the envelope too.
    frameworkErrors: onFrameworkError(
      securityHeaders,
      (request: FastifyRequest): Promise<void> =>
        request.url.startsWith('/api/node/')
          ? app.authenticateNode(request)
          : request.url.startsWith('/api/admin/')
            ? app.authenticateOperator(request, 'self')
            : app.authenticate(request),
    ),
    clientErrorHandler: onClientError(securityHeaders),
    // A request that reaches a closing server on a busy keep-alive connection is served (with
    // `connection: close`), not answered Fastify's bare 503: platform/drain.ts.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  registerErrorHandling(app)
  // First, so its timing hook sees every route registered after it.
  await registerMetrics(app, {
    db: database.db,
    config,
    isAllowedAddress,
    businessMetrics: [...orderMetrics, ...topUpMetrics, ...nodeMetrics],
  })
  await registerSecurity(app, config, securityHeaders)
  await registerOpenApi(app, { withDocsPage: config.apiDocs })
  // Auth names no module (the ledger's tables name its users): it is given the wallet here.
  const accounts = { open: createWalletAccount, walletCentsOf }
  await app.register(authPlugin, { db: database.db, accounts })
  await app.register(nodeAuthPlugin, { db: database.db })
  await app.register(adminAuthPlugin, {
    db: database.db,
    allowedIps: config.ADMIN_ALLOWED_IPS,
    isHttps: config.publicUrl.startsWith('https:'),
    webOrigins: config.webOrigins,
  })
  await registerHealth(app, database.db)

  const deps = { db: database.db, config }
  const mailer = createMailer(database.db, app.log, config.SMTP_URL, config.MAIL_FROM, config.mailOutboxDir)
  const mailQueue = createMailQueue(app.log)
  app.decorate('mailQueue', mailQueue)
  app.addHook('preClose', () => mailQueue.settled())
  await app.register(authRoutes, { ...deps, mailer, mailQueue, accounts })
  await app.register(userRoutes, { ...deps, mailer, mailQueue })
  await app.register(walletRoutes, deps)
  await app.register(staticIpRoutes, deps)
  await app.register(downloadLinkRoutes, deps)
  await app.register(orderRoutes, {
    ...deps,
    instancesOf: instancesByIds,
    replacementsOf: replacementsForOrder,
  })
  await app.register(noticeRoutes, { ...deps, currentAnnouncements })
  await app.register(overviewRoutes, deps)
  await app.register(trafficRoutes, deps)
  await app.register(subUserRoutes, deps)
  await app.register(nodeRoutes, deps)
  await app.register(statsRoutes, deps)
  await app.register(adminRoutes, { ...deps, mailer, mailQueue })
  await app.register(operationsRoutes, deps)
  await app.register(financeRoutes, deps)
  await app.register(catalogueRoutes, deps)
  await app.register(announcementsRoutes, deps)
  await app.register(teamRoutes, deps)
  await app.register(dashboardRoutes, deps)
  await app.register(receiptRoutes, deps)
  const lifecycle = createLifecycle(database.db, mailer, app.log)
  app.decorate('lifecycle', lifecycle)
  const reminders = createReminders(database.db, mailer, app.log)
  app.decorate('reminders', reminders)
  // Alert rules and signed webhooks: the jobs below check the rules and attempt due deliveries.
  const webhookDeps = {
    db: database.db,
    sealer: sealerFor(config, app.log),
    isProduction: config.NODE_ENV === 'production',
  }
  const alerts = createAlerts({ ...webhookDeps, mailer, log: app.log })
  app.decorate('alerts', alerts)
  await app.register(alertRoutes, { ...webhookDeps, onQueued: config.jobsEnabled ? alerts.nudge : undefined })

  const gateway = createPaymentGateway(config, () => localOrigin(app))
  const topups = createTopUpService(database.db, gateway, config.USD_CNY_RATE)
  app.decorate('topups', topups)
  await app.register(topUpRoutes, { ...deps, topups })
  if (gateway) await app.register(paymentRoutes, { gateway, topups })
  if (gateway?.kind === 'sandbox')
    await app.register(sandboxGatewayRoutes, { db: database.db, pid: gateway.pid, key: gateway.key })
  if (config.jobsEnabled)
    startJobs(app, [
      { name: 'close-expired-topups', everyMs: 60_000, run: () => topups.closeExpired() },
      { name: 'static-ip-lifecycle', everyMs: 60_000, run: () => lifecycle.runAll() },
      { name: 'traffic-package-expiry', everyMs: 60_000, run: () => expirePackages(database.db) },
      { name: 'reminders', everyMs: 60_000, run: () => reminders.run() },
      { name: 'alerts', everyMs: 60_000, run: () => alerts.evaluate() },
      { name: 'webhook-deliveries', everyMs: 10_000, run: () => alerts.deliverDue() },
      { name: 'purge-webhook-deliveries', everyMs: 3_600_000, run: () => alerts.purge() },
      { name: 'purge-idempotency-keys', everyMs: 3_600_000, run: () => purgeIdempotencyKeys(database.db) },
      { name: 'purge-login-attempts', everyMs: 3_600_000, run: () => purgeLoginAttempts(database.db) },
      { name: 'purge-tunnel-stats', everyMs: 3_600_000, run: () => purgeTunnelStats(database.db) },
    ])

  await registerWebClient(app, config.WEB_DIST)
  return app
}

/** This server's own address over loopback, for the in-process sandbox gateway to call back. */
function localOrigin(app: FastifyInstance): string {
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('the server is not listening yet')
  const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to us, as Fastify's own integer does. */
function trustProxyOption(trust: Config['TRUST_PROXY']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust
}

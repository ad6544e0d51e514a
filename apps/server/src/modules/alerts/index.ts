// The alerts module's public face: what app.ts wires (routes, the jobs) and the CLI's re-sealing.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/client.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import type { Sealer } from '../auth/index.ts'
import { createDeliverer } from './deliveries.service.ts'
import { type Resolver, systemResolver } from './destination.ts'
import { createEvaluator } from './evaluate.service.ts'

export { alertRoutes } from './alerts.routes.ts'
export { resealWebhookSecrets } from './reseal.ts'

export type AlertsOptions = {
  db: Db
  mailer: Mailer
  log: FastifyBaseLogger
  sealer: Sealer
  isProduction: boolean
  resolve?: Resolver
}

/** The jobs' work, with the clock a test hands in: check the rules, attempt due deliveries, purge the log. */
export function createAlerts({ db, mailer, log, sealer, isProduction, resolve }: AlertsOptions) {
  const evaluator = createEvaluator(db, mailer, log)
  const deliverer = createDeliverer({ db, sealer, log, isProduction, resolve: resolve ?? systemResolver })
  let isDelivering = false
  return {
    evaluate: evaluator.run,
    deliverDue: deliverer.deliverDue,
    purge: deliverer.purge,
    /** Attempts what is due now, unless this process is at it already (the job then picks it up). */
    nudge() {
      if (isDelivering) return
      isDelivering = true
      setImmediate(() => {
        deliverer
          .deliverDue()
          .catch((error: unknown) => log.error({ err: error }, 'webhook deliveries failed'))
          .finally(() => {
            isDelivering = false
          })
      })
    },
  }
}

export type Alerts = ReturnType<typeof createAlerts>

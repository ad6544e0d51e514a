// /user/alerts and /user/webhooks: HTTP only; the rules live in the services.
import {
  ALERT_RULES_MAX,
  createAlertRule,
  deleteAlertRule,
  listAlertRules,
  updateAlertRule,
} from '@proxy/contract/alerts/rules'
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resetWebhookSecret,
  sendWebhookTest,
  updateWebhook,
  WEBHOOKS_MAX,
} from '@proxy/contract/alerts/webhooks'
import type { FastifyInstance } from 'fastify'
import { mount } from '../../platform/route.ts'
import * as rules from './rules.service.ts'
import * as webhooks from './webhooks.service.ts'

export type AlertRouteOptions = webhooks.WebhookDeps & {
  /** Told when a delivery is queued by hand (a test event), so it goes out without waiting for the job. */
  onQueued?: () => void
}

export async function alertRoutes(app: FastifyInstance, options: AlertRouteOptions) {
  const { db, onQueued } = options
  mount(app, listAlertRules, async ({ auth }) => ({
    items: await rules.listRules(db, auth.userId),
    max: ALERT_RULES_MAX,
  }))
  mount(app, createAlertRule, ({ auth, body }) => rules.createRule(db, auth.userId, body))
  mount(app, updateAlertRule, ({ auth, params, body }) => rules.updateRule(db, auth.userId, params.id, body))
  mount(app, deleteAlertRule, async ({ auth, params }) => {
    await rules.deleteRule(db, auth.userId, params.id)
    return null
  })

  mount(app, listWebhooks, async ({ auth }) => ({
    items: await webhooks.listWebhooks(db, auth.userId),
    max: WEBHOOKS_MAX,
  }))
  mount(app, createWebhook, ({ auth, body }) => webhooks.createWebhook(options, auth.userId, body))
  mount(app, updateWebhook, ({ auth, params, body }) =>
    webhooks.updateWebhook(options, auth.userId, params.id, body),
  )
  mount(app, deleteWebhook, async ({ auth, params }) => {
    await webhooks.deleteWebhook(db, auth.userId, params.id)
    return null
  })
  mount(app, resetWebhookSecret, ({ auth, params }) =>
    webhooks.resetWebhookSecret(options, auth.userId, params.id),
  )
  mount(app, sendWebhookTest, async ({ auth, params }) => {
    const delivery = await webhooks.queueTestEvent(db, auth.userId, params.id)
    onQueued?.()
    return delivery
  })
  mount(app, listWebhookDeliveries, ({ auth, params, query }) =>
    webhooks.listDeliveries(db, auth.userId, params.id, query),
  )
}

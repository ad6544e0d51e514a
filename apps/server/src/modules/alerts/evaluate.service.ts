// The alerts job: every minute, one query per kind of condition measures every enabled rule of that
// kind (all customers at once) and answers only the rules whose state changes. A rule that starts to
// hold fires — marked triggered, its webhook deliveries queued, in one transaction — and one that
// stops holding is re-armed, so each crossing is told once, not at every run (a rule on sub-users
// keeps that state per sub-user: crossings.service.ts). Mail goes out after the commit (never inside
// a transaction). One replica evaluates at a time (an advisory lock).
import type { AlertKind } from '@proxy/contract/alerts/rules'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { anyUuid, rowsOf } from '../../platform/db/sql.ts'
import type { Mailer } from '../../platform/mail/mailer.ts'
import { verifiedEmailOf } from '../auth/index.ts'
import { alertMail } from './alert-mail.ts'
import { alertRules, webhookEndpoints } from './alerts.schema.ts'
import { type AccountEntry, CONDITIONS, type ConditionEntry } from './conditions.ts'
import { fireCrossings } from './crossings.service.ts'
import type { Transition } from './transition.ts'
import { newEvent, type QueuedEvent, queueDeliveries } from './webhook-events.ts'

/** The enabled rules of one kind whose condition no longer agrees with their state. */
async function transitionsOf(tx: Tx, kind: AlertKind, entry: AccountEntry, now: Date) {
  const rows = rowsOf<Record<keyof Transition, unknown>>(
    await tx.execute(sql`
      select * from (
        select id, user_id as "userId", name, kind, threshold, sub_user_id as "subUserId",
          notify_email as "notifyEmail",
          notify_webhook as "notifyWebhook", is_triggered as "isTriggered", (${entry.measure(now)}) as value
        from ${alertRules}
        where kind = ${kind} and is_enabled
      ) as measured
      where (${entry.holds(sql`measured.value`, sql`measured.threshold`)}) is distinct from measured."isTriggered"`),
  )
  // int8 arrives as a string from pg, as a number from PGlite.
  return rows.map(
    (row): Transition => ({
      ...(row as Transition),
      threshold: Number(row.threshold),
      value: Number(row.value),
    }),
  )
}

async function rearm(tx: Tx, ids: string[]) {
  if (ids.length === 0) return
  await tx.execute(
    sql`update ${alertRules} set is_triggered = false where id = ${anyUuid(ids)} and is_triggered`,
  )
}

/** Marks the rules fired (still enabled and not fired meanwhile) and answers the ids it marked. */
async function fire(tx: Tx, rules: Transition[], now: Date): Promise<Set<string>> {
  if (rules.length === 0) return new Set()
  const marked = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update ${alertRules} set is_triggered = true, last_fired_at = ${now.toISOString()}::timestamptz,
        last_value = fired.value
      from unnest(${sql.param(rules.map((rule) => rule.id))}::uuid[],
        ${sql.param(rules.map((rule) => String(rule.value)))}::bigint[]) as fired(id, value)
      where alert_rules.id = fired.id and not alert_rules.is_triggered and alert_rules.is_enabled
      returning alert_rules.id`),
  )
  return new Set(marked.map((row) => row.id))
}

/** The alert.triggered event of a fired rule, in the units of its condition (naming the sub-user it is about). */
function alertEvent(rule: Transition, entry: ConditionEntry, now: Date): QueuedEvent {
  const { crossing } = rule
  return newEvent(
    'alert.triggered',
    {
      rule: { id: rule.id, name: rule.name, condition: entry.fromThreshold(rule.threshold, rule.subUserId) },
      value: entry.toWire(rule.value),
      ...(crossing && {
        sub_user: {
          id: crossing.subUserId,
          username: crossing.username,
          used_bytes: crossing.usedBytes,
          limit_bytes: crossing.limitBytes,
          period: crossing.period,
        },
      }),
      triggered_at: now.toISOString(),
    },
    now,
  )
}

async function queueWebhooks(tx: Tx, fired: Transition[], now: Date) {
  const told = fired.filter((rule) => rule.notifyWebhook)
  if (told.length === 0) return
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId })
    .from(webhookEndpoints)
    .where(
      sql`${webhookEndpoints.userId} = ${anyUuid([...new Set(told.map((rule) => rule.userId))])} and ${webhookEndpoints.isEnabled}`,
    )
  const deliveries = told.flatMap((rule) => {
    const event = alertEvent(rule, CONDITIONS[rule.kind] as ConditionEntry, now)
    return endpoints
      .filter((endpoint) => endpoint.userId === rule.userId)
      .map((endpoint) => ({ endpointId: endpoint.id, event }))
  })
  await queueDeliveries(tx, deliveries, now)
}

export function createEvaluator(db: Db, mailer: Mailer, log: FastifyBaseLogger) {
  /** One pass over every kind; answers the rules it fired (mail is sent after the commit). */
  async function evaluate(now: Date): Promise<Transition[]> {
    return inTransaction(db, async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('alert_rules'), 0) as ok`),
      )
      if (!lock?.ok) return []
      const fired: Transition[] = []
      for (const [kind, entry] of Object.entries(CONDITIONS) as [AlertKind, ConditionEntry][]) {
        if (entry.watches === 'sub-users') {
          fired.push(...(await fireCrossings(tx, kind, entry, now)))
          continue
        }
        const changes = await transitionsOf(tx, kind, entry, now)
        await rearm(
          tx,
          changes.filter((rule) => rule.isTriggered).map((rule) => rule.id),
        )
        const marked = await fire(
          tx,
          changes.filter((rule) => !rule.isTriggered),
          now,
        )
        fired.push(...changes.filter((rule) => marked.has(rule.id)))
      }
      await queueWebhooks(tx, fired, now)
      return fired
    })
  }

  async function mail(rule: Transition) {
    const email = await verifiedEmailOf(db, rule.userId)
    if (!email) return
    await mailer.send({ to: email, ...alertMail(rule, CONDITIONS[rule.kind] as ConditionEntry) })
  }

  /** Runs the check; answers how many rules fired. */
  async function run(now = new Date()): Promise<number> {
    const fired = await evaluate(now)
    for (const rule of fired.filter((candidate) => candidate.notifyEmail))
      await mail(rule).catch((error: unknown) =>
        log.error({ err: error, ruleId: rule.id }, 'alert mail not sent'),
      )
    return fired.length
  }

  return { run }
}

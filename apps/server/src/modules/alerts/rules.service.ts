// A customer's alert rules: create (at most ALERT_RULES_MAX), list, change, enable or disable, delete.
// A rule whose condition changes, or that is turned back on, is armed afresh: the next check fires it
// if the condition holds then. A condition naming a sub-user the customer does not have answers 404.
import {
  ALERT_KINDS,
  ALERT_RULES_MAX,
  type AlertCondition,
  type AlertRule,
  type CreateAlertRuleInput,
  type UpdateAlertRuleInput,
} from '@proxy/contract/alerts/rules'
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { type Db, inTransaction, type Tx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { hasSubUser } from '../sub-users/index.ts'
import { alertRules } from './alerts.schema.ts'
import { conditionOf, subUserIdOf, thresholdOf } from './conditions.ts'

type RuleRow = typeof alertRules.$inferSelect

export function toRule(row: RuleRow): AlertRule {
  const entry = conditionOf(row.kind)
  if (!entry) throw new Error(`alert rule ${row.id} has the unknown kind ${row.kind}`)
  return {
    id: row.id,
    name: row.name,
    condition: entry.fromThreshold(row.threshold, row.subUserId),
    channels: { email: row.notifyEmail, webhook: row.notifyWebhook },
    enabled: row.isEnabled,
    triggered: row.isTriggered,
    lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
    lastValue: row.lastValue === null ? null : entry.toWire(row.lastValue),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const isKnown = (row: RuleRow) => conditionOf(row.kind) !== undefined

/** The condition as stored: its kind, number and sub-user, once that sub-user is found to be the customer's. */
async function storedCondition(db: Db | Tx, userId: string, condition: AlertCondition) {
  const subUserId = subUserIdOf(condition)
  if (subUserId !== null && !(await hasSubUser(db, userId, subUserId))) throw new AppError('NOT_FOUND')
  return { kind: condition.kind, threshold: thresholdOf(condition), subUserId }
}

export async function listRules(db: Db, userId: string): Promise<AlertRule[]> {
  const rows = await db
    .select()
    .from(alertRules)
    .where(eq(alertRules.userId, userId))
    .orderBy(asc(alertRules.createdAt), asc(alertRules.id))
  // A kind only a newer release knows (during a rolling upgrade) is left out, not a 500.
  return rows.filter(isKnown).map(toRule)
}

export async function createRule(db: Db, userId: string, input: CreateAlertRuleInput): Promise<AlertRule> {
  return inTransaction(db, async (tx) => {
    // Serialises one customer's creations, so two at once cannot both take the last place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('alert_rules'), hashtext(${userId}))`)
    const [{ value } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(alertRules)
      .where(eq(alertRules.userId, userId))
    if (value >= ALERT_RULES_MAX) throw new AppError('ALERT_RULES_FULL', { max: ALERT_RULES_MAX })
    const [row] = await tx
      .insert(alertRules)
      .values({
        userId,
        name: input.name,
        ...(await storedCondition(tx, userId, input.condition)),
        notifyEmail: input.channels.email,
        notifyWebhook: input.channels.webhook,
        isEnabled: input.enabled ?? true,
      })
      .returning()
    if (!row) throw new Error('alert rule not inserted')
    return toRule(row)
  })
}

/** Another customer's rule answers 404, exactly like an unknown one. */
export async function updateRule(
  db: Db,
  userId: string,
  id: string,
  input: UpdateAlertRuleInput,
): Promise<AlertRule> {
  const condition = input.condition && (await storedCondition(db, userId, input.condition))
  // A new condition is armed afresh; so is a rule turned back on (one left on keeps its state).
  const armed =
    condition !== undefined
      ? { isTriggered: false, firedCrossings: [] }
      : input.enabled === true
        ? {
            isTriggered: sql`case when ${alertRules.isEnabled} then ${alertRules.isTriggered} else false end`,
            firedCrossings: sql`case when ${alertRules.isEnabled} then ${alertRules.firedCrossings} else '{}'::text[] end`,
          }
        : undefined
  const [row] = await db
    .update(alertRules)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...condition,
      ...(input.channels && { notifyEmail: input.channels.email, notifyWebhook: input.channels.webhook }),
      ...(input.enabled !== undefined && { isEnabled: input.enabled }),
      ...armed,
      updatedAt: sql`now()`,
    })
    // A kind only a newer release knows is not this release's to change.
    .where(
      and(eq(alertRules.id, id), eq(alertRules.userId, userId), inArray(alertRules.kind, [...ALERT_KINDS])),
    )
    .returning()
  if (!row) throw new AppError('NOT_FOUND')
  return toRule(row)
}

export async function deleteRule(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(alertRules)
    .where(and(eq(alertRules.id, id), eq(alertRules.userId, userId)))
    .returning({ id: alertRules.id })
  if (removed.length === 0) throw new AppError('NOT_FOUND')
}

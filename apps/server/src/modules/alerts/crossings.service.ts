// The alerts job's part for conditions on sub-users. A rule keeps the keys of the crossings it has
// told that still hold (fired_crossings); each run answers only the rules whose holding crossings
// differ from those, fires the new ones (one firing per sub-user) and forgets the ones that cleared,
// so each sub-user is told once per crossing however many of them one rule watches.
import type { AlertKind } from '@proxy/contract/alerts/rules'
import { sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { rowsOf } from '../../platform/db/sql.ts'
import { alertRules } from './alerts.schema.ts'
import type { SubUsersEntry } from './conditions.ts'
import type { Crossing, Transition } from './transition.ts'

type Changed = Omit<Transition, 'value' | 'crossing'> & { told: string[]; holding: Crossing[] }

/** The enabled rules of the kind whose holding crossings are not the ones they have told. */
async function changedRules(tx: Tx, kind: AlertKind, entry: SubUsersEntry, now: Date) {
  const rows = rowsOf<Changed & { threshold: unknown; holding: Record<keyof Crossing, unknown>[] }>(
    await tx.execute(sql`
      select id, user_id as "userId", name, kind, threshold, sub_user_id as "subUserId",
        notify_email as "notifyEmail", notify_webhook as "notifyWebhook", is_triggered as "isTriggered",
        to_jsonb(fired_crossings) as told, measured.holding
      from ${alertRules}
      cross join lateral (
        select coalesce(jsonb_agg(crossing order by crossing.key), '[]'::jsonb) as holding,
          coalesce(array_agg(crossing.key), '{}'::text[]) as keys
        from (${entry.crossings(now)}) as crossing
      ) as measured
      where kind = ${kind} and is_enabled
        and not (measured.keys @> fired_crossings and fired_crossings @> measured.keys)`),
  )
  return rows.map(
    (row): Changed => ({
      ...row,
      threshold: Number(row.threshold),
      holding: row.holding.map((crossing) => ({
        ...(crossing as Crossing),
        usedBytes: Number(crossing.usedBytes),
        limitBytes: Number(crossing.limitBytes),
        value: Number(crossing.value),
      })),
    }),
  )
}

/**
 * Stores each changed rule's holding crossings as told (unless the rule was turned off or changed
 * meanwhile: its state is then left to the next run) and answers the ids it stored.
 */
async function store(tx: Tx, rules: { rule: Changed; fresh: Crossing[] }[], now: Date) {
  const batch = rules.map(({ rule, fresh }) => ({
    id: rule.id,
    told: rule.told,
    keys: rule.holding.map((crossing) => crossing.key),
    // The rule shows its latest firing: the largest share among the new crossings.
    value: fresh.length > 0 ? Math.max(...fresh.map((crossing) => crossing.value)) : null,
  }))
  const stored = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update ${alertRules} set
        fired_crossings = array(select jsonb_array_elements_text(v.keys)),
        is_triggered = jsonb_array_length(v.keys) > 0,
        last_fired_at = case when v.value is null then alert_rules.last_fired_at
          else ${now.toISOString()}::timestamptz end,
        last_value = coalesce(v.value, alert_rules.last_value)
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(id uuid, told jsonb, keys jsonb, value bigint)
      where alert_rules.id = v.id and alert_rules.is_enabled and to_jsonb(alert_rules.fired_crossings) = v.told
      returning alert_rules.id`),
  )
  return new Set(stored.map((row) => row.id))
}

/** One run over the rules of a sub-users kind: answers a firing per new crossing. */
export async function fireCrossings(
  tx: Tx,
  kind: AlertKind,
  entry: SubUsersEntry,
  now: Date,
): Promise<Transition[]> {
  const changed = (await changedRules(tx, kind, entry, now)).map((rule) => {
    const told = new Set(rule.told)
    return { rule, fresh: rule.holding.filter((crossing) => !told.has(crossing.key)) }
  })
  if (changed.length === 0) return []
  const stored = await store(tx, changed, now)
  return changed
    .filter(({ rule }) => stored.has(rule.id))
    .flatMap(({ rule: { told: _told, holding: _holding, ...rule }, fresh }) =>
      fresh.map((crossing): Transition => ({ ...rule, isTriggered: false, value: crossing.value, crossing })),
    )
}

// The rule dialog's form values and the contract's AlertCondition, both ways: bytes are typed as a
// number and a unit, money in dollars, days and percent as they are, a watched sub-user picked (or any).
import type { AlertCondition, AlertKind, AlertRule } from '@proxy/contract/alerts/rules'
import { type ByteUnit, bytesIn, byteUnitFor } from '../../../shared/lib/format-bytes.ts'

export const BYTE_UNITS = ['MB', 'GB', 'TB'] as const satisfies readonly ByteUnit[]
export type FormByteUnit = (typeof BYTE_UNITS)[number]

const UNIT_BYTES: Record<FormByteUnit, number> = { MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 }

/** The sub-user picker's choice of every sub-user (each told on its own). */
export const ANY_SUB_USER = 'any'

export type RuleFormValues = {
  name: string
  kind: AlertKind
  /** The threshold as typed: bytes in `unit`, percent, dollars or days, by kind. */
  threshold: number | null
  unit: FormByteUnit
  /** The sub-user a sub-user-share rule watches: an id, or ANY_SUB_USER. */
  subUserId: string
  email: boolean
  webhook: boolean
  enabled: boolean
}

export const NEW_RULE: RuleFormValues = {
  name: '',
  kind: 'traffic-left-percent',
  threshold: 10,
  unit: 'GB',
  subUserId: ANY_SUB_USER,
  email: true,
  webhook: false,
  enabled: true,
}

export function toCondition({ kind, threshold, unit, subUserId }: RuleFormValues): AlertCondition {
  const value = threshold ?? 0
  switch (kind) {
    case 'traffic-left-bytes':
      return { kind, bytes: Math.round(value * UNIT_BYTES[unit]) }
    case 'traffic-left-percent':
      return { kind, percent: value }
    case 'wallet-below':
      return { kind, amount: value }
    case 'static-ips-expiring':
      return { kind, days: value }
    case 'sub-user-share':
      return { kind, ...(subUserId !== ANY_SUB_USER && { subUserId }), percent: value }
  }
}

/** The number and unit a stored condition is typed as. */
function thresholdOf(condition: AlertCondition): Pick<RuleFormValues, 'threshold' | 'unit'> {
  switch (condition.kind) {
    case 'traffic-left-bytes': {
      const found = byteUnitFor(condition.bytes)
      const unit: FormByteUnit = (BYTE_UNITS as readonly string[]).includes(found)
        ? (found as FormByteUnit)
        : 'MB'
      return { threshold: Number(bytesIn(condition.bytes, unit).toFixed(3)), unit }
    }
    case 'traffic-left-percent':
      return { threshold: condition.percent, unit: 'GB' }
    case 'wallet-below':
      return { threshold: condition.amount, unit: 'GB' }
    case 'static-ips-expiring':
      return { threshold: condition.days, unit: 'GB' }
    case 'sub-user-share':
      return { threshold: condition.percent, unit: 'GB' }
  }
}

export const formValuesOf = (rule: AlertRule): RuleFormValues => ({
  name: rule.name,
  kind: rule.condition.kind,
  ...thresholdOf(rule.condition),
  subUserId: (rule.condition.kind === 'sub-user-share' && rule.condition.subUserId) || ANY_SUB_USER,
  email: rule.channels.email,
  webhook: rule.channels.webhook,
  enabled: rule.enabled,
})

/** The threshold field's bounds and step, by kind. */
export const THRESHOLD_INPUT: Record<
  AlertKind,
  { min: number; max: number; step: number; precision: number }
> = {
  'traffic-left-bytes': { min: 0.001, max: 1_000_000, step: 1, precision: 3 },
  'traffic-left-percent': { min: 1, max: 99, step: 1, precision: 0 },
  'wallet-below': { min: 0.01, max: 1_000_000, step: 1, precision: 2 },
  'static-ips-expiring': { min: 1, max: 90, step: 1, precision: 0 },
  'sub-user-share': { min: 1, max: 100, step: 1, precision: 0 },
}

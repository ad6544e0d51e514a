import type { AlertRule } from '@proxy/contract/alerts/rules'
import { describe, expect, it } from 'vitest'
import { formValuesOf, NEW_RULE, toCondition } from './condition-form.ts'

const rule = (condition: AlertRule['condition']): AlertRule => ({
  id: 'r',
  name: 'n',
  condition,
  channels: { email: true, webhook: true },
  enabled: true,
  triggered: false,
  lastFiredAt: null,
  lastValue: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

describe('the rule form and the contract condition', () => {
  it('turns a number and a unit into whole bytes, and other kinds into their own field', () => {
    expect(toCondition({ ...NEW_RULE, kind: 'traffic-left-bytes', threshold: 1.5, unit: 'GB' })).toEqual({
      kind: 'traffic-left-bytes',
      bytes: 1.5 * 1024 ** 3,
    })
    expect(toCondition({ ...NEW_RULE, kind: 'traffic-left-bytes', threshold: 300, unit: 'MB' })).toEqual({
      kind: 'traffic-left-bytes',
      bytes: 300 * 1024 ** 2,
    })
    expect(toCondition({ ...NEW_RULE, kind: 'wallet-below', threshold: 12.5 })).toEqual({
      kind: 'wallet-below',
      amount: 12.5,
    })
    expect(toCondition({ ...NEW_RULE, kind: 'static-ips-expiring', threshold: 3 })).toEqual({
      kind: 'static-ips-expiring',
      days: 3,
    })
  })

  it('reads a stored condition back as the numbers it was typed as', () => {
    expect(formValuesOf(rule({ kind: 'traffic-left-bytes', bytes: 2 * 1024 ** 3 }))).toMatchObject({
      kind: 'traffic-left-bytes',
      threshold: 2,
      unit: 'GB',
    })
    expect(formValuesOf(rule({ kind: 'traffic-left-bytes', bytes: 512 * 1024 ** 2 }))).toMatchObject({
      threshold: 512,
      unit: 'MB',
    })
    // Below a megabyte it is still shown in megabytes, never as 0.
    expect(formValuesOf(rule({ kind: 'traffic-left-bytes', bytes: 512 * 1024 }))).toMatchObject({
      threshold: 0.5,
      unit: 'MB',
    })
    expect(formValuesOf(rule({ kind: 'traffic-left-percent', percent: 15 }))).toMatchObject({ threshold: 15 })
  })
})

import type { AlertRule } from '@proxy/contract/alerts/rules'
import { describe, expect, it } from 'vitest'
import { ANY_SUB_USER, formValuesOf, NEW_RULE, toCondition } from './condition-form.ts'

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

  it('watches any sub-user or the one picked, and reads either back', () => {
    const SUB = '0b5e1f6c-3c1e-4d8a-9f5e-2a7c9b1d4e60'
    expect(toCondition({ ...NEW_RULE, kind: 'sub-user-share', threshold: 80 })).toEqual({
      kind: 'sub-user-share',
      percent: 80,
    })
    expect(toCondition({ ...NEW_RULE, kind: 'sub-user-share', threshold: 100, subUserId: SUB })).toEqual({
      kind: 'sub-user-share',
      subUserId: SUB,
      percent: 100,
    })
    expect(formValuesOf(rule({ kind: 'sub-user-share', subUserId: SUB, percent: 90 }))).toMatchObject({
      kind: 'sub-user-share',
      threshold: 90,
      subUserId: SUB,
    })
    expect(formValuesOf(rule({ kind: 'sub-user-share', percent: 50 })).subUserId).toBe(ANY_SUB_USER)
    // Another kind keeps no sub-user, so switching to this one starts from "any".
    expect(formValuesOf(rule({ kind: 'wallet-below', amount: 5 })).subUserId).toBe(ANY_SUB_USER)
  })
})

import { describe, expect, it } from 'vitest'
import { bytesToGb, formValuesOf, gbToBytes, inputOf, usernameProblem } from './sub-user-form.ts'

const GB = 1024 ** 3

describe('the sub-user form', () => {
  it('checks a username as the server does', () => {
    expect(usernameProblem('team-a.1_x')).toBeUndefined()
    expect(usernameProblem('ab')).toBe('usernameInvalid')
    expect(usernameProblem('Upper')).toBe('usernameInvalid')
    expect(usernameProblem('-lead')).toBe('usernameInvalid')
    expect(usernameProblem('x'.repeat(41))).toBe('usernameInvalid')
    expect(usernameProblem('team-session-1')).toBe('usernameSeparator')
    expect(usernameProblem('team-sesstime-5')).toBe('usernameSeparator')
  })

  it('sends GB as whole bytes, and no limit as null', () => {
    expect(gbToBytes(1.5)).toBe(1.5 * GB)
    expect(bytesToGb(gbToBytes(0.123))).toBe(0.123)
    expect(
      inputOf({ username: ' team ', period: 'day', limitGb: 2, autoStopGb: 0.5, maxTunnels: 10 }),
    ).toEqual({
      username: 'team',
      note: '',
      limit: { bytes: 2 * GB, period: 'day' },
      maxTunnels: 10,
      autoStopBytes: GB / 2,
    })
    expect(inputOf({ username: 'team', period: 'none', limitGb: 2 })).toMatchObject({
      limit: null,
      maxTunnels: null,
      autoStopBytes: null,
    })
  })

  it('fills an edit from the sub-user', () => {
    const values = formValuesOf({
      id: 'x',
      username: 'team',
      note: 'n',
      status: 'active',
      limit: { bytes: 3 * GB, period: 'month', usedBytes: 0, resetsAt: null },
      maxTunnels: null,
      autoStopBytes: GB,
      pausedUntil: null,
      usage: { totalBytes: 0, todayBytes: 0, monthBytes: 0 },
      createdAt: '2026-01-01T00:00:00.000Z',
    })
    expect(values).toEqual({
      username: 'team',
      note: 'n',
      period: 'month',
      limitGb: 3,
      maxTunnels: null,
      autoStopGb: 1,
    })
  })
})

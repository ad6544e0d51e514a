import * as overview from '@proxy/contract/overview/endpoints'
import * as usage from '@proxy/contract/traffic/usage'
import { describe, expect, it } from 'vitest'
import { OVERVIEW_EXPIRING_DAYS, USAGE_MAX_DAYS } from './contract-limits.ts'

describe('the copies of the contract limits', () => {
  it('equal the contract', () => {
    expect(OVERVIEW_EXPIRING_DAYS).toBe(overview.OVERVIEW_EXPIRING_DAYS)
    expect(USAGE_MAX_DAYS).toEqual(usage.USAGE_MAX_DAYS)
  })
})

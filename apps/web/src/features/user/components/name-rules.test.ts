import { describe, expect, it } from 'vitest'
import { nameProblem } from './name-rules.ts'

describe('nameProblem', () => {
  it('accepts 1 to 32 characters after trimming', () => {
    expect(nameProblem('A')).toBeNull()
    expect(nameProblem(`  ${'x'.repeat(32)}  `)).toBeNull()
  })

  it('rejects empty and blank names', () => {
    expect(nameProblem('')).toBe('nameRequired')
    expect(nameProblem('   ')).toBe('nameRequired')
  })

  it('rejects names over 32 characters', () => {
    expect(nameProblem('x'.repeat(33))).toBe('nameTooLong')
  })
})

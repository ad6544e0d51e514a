import { describe, expect, it } from 'vitest'
import { stickyUsername } from './sticky-session.ts'

describe('stickyUsername', () => {
  it('names the session, and its length only when it is not the default 10 minutes', () => {
    expect(stickyUsername('t8k2m', 'abc123')).toBe('t8k2m-session-abc123')
    expect(stickyUsername('t8k2m', 'abc123', 10)).toBe('t8k2m-session-abc123')
    expect(stickyUsername('t8k2m', 'job_7', 30)).toBe('t8k2m-session-job_7-sessTime-30')
  })
})

import { describe, expect, it } from 'vitest'
import { withMotionPreference } from './motion.ts'

describe('withMotionPreference', () => {
  const theme = { token: { colorPrimary: '#2f54eb' } }

  it('turns antd motion off when the visitor prefers reduced motion', () => {
    expect(withMotionPreference(theme, true)).toEqual({ token: { colorPrimary: '#2f54eb', motion: false } })
  })

  it('leaves the theme as it is otherwise', () => {
    expect(withMotionPreference(theme, false)).toBe(theme)
  })
})

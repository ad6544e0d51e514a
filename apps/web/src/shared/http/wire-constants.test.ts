import { login, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, register } from '@proxy/contract/auth/endpoints'
import { SUCCESS_CODE } from '@proxy/contract/envelope'
import { describe, expect, it } from 'vitest'
import * as wire from './wire-constants.ts'

describe('wire constants mirror the contract', () => {
  it('matches the success code, password bounds and auth paths', () => {
    expect(wire.SUCCESS_CODE).toBe(SUCCESS_CODE)
    expect(wire.PASSWORD_MIN_LENGTH).toBe(PASSWORD_MIN_LENGTH)
    expect(wire.PASSWORD_MAX_LENGTH).toBe(PASSWORD_MAX_LENGTH)
    expect(wire.AUTH_PATHS.login).toBe(login.path)
    expect(wire.AUTH_PATHS.register).toBe(register.path)
  })
})

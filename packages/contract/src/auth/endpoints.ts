import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'

import { AUTH_PATHS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../wire.ts'

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH }

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }))

export const Password = text().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH)

export const Credentials = z.strictObject({ email: Email, password: Password })
export type Credentials = z.infer<typeof Credentials>

export const SessionToken = z.object({ token: z.string(), expiresAt: z.iso.datetime() })
export type SessionToken = z.infer<typeof SessionToken>

export const ChangePasswordInput = z.strictObject({
  oldPassword: text().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: Password,
})
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>

const tags = ['auth'] as const

export const register = defineEndpoint({
  method: 'POST',
  path: AUTH_PATHS.register,
  summary: 'Create an account and sign in',
  tags,
  auth: false,
  body: Credentials,
  response: SessionToken,
})

export const login = defineEndpoint({
  method: 'POST',
  path: AUTH_PATHS.login,
  summary: 'Sign in with email and password',
  tags,
  auth: false,
  body: Credentials,
  response: SessionToken,
})

export const logout = defineEndpoint({
  method: 'POST',
  path: '/auth/logout',
  summary: 'Revoke the presented session token',
  tags,
  response: z.null(),
})

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/auth/password',
  summary: 'Change the password; every other session is revoked',
  tags,
  body: ChangePasswordInput,
  response: z.null(),
})

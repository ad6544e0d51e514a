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

/** A right password on an account with two-factor sign-in: no session yet, a code must follow. */
export const TwoFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  /** Opaque, short-lived; send it back with the code to POST /auth/login/2fa. */
  challenge: z.string(),
  expiresAt: z.iso.datetime(),
})
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>

/** A 6-digit code from the authenticator app, or one of the recovery codes (`xxxxx-xxxxx`). */
export const TwoFactorCode = text().trim().min(6).max(32)

export const TwoFactorLoginInput = z.strictObject({
  challenge: text().min(1).max(512),
  code: TwoFactorCode,
})
export type TwoFactorLoginInput = z.infer<typeof TwoFactorLoginInput>

export const ChangePasswordInput = z.strictObject({
  oldPassword: text().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: Password,
  /** Also end every API token (after a suspected takeover: a token outlives the old password). */
  revokeApiTokens: z.boolean().optional(),
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
  summary:
    'Sign in with email and password; an account with two-factor sign-in answers a challenge instead of a session',
  tags,
  auth: false,
  body: Credentials,
  response: z.union([SessionToken, TwoFactorChallenge]),
})

export const loginTwoFactor = defineEndpoint({
  method: 'POST',
  path: AUTH_PATHS.loginTwoFactor,
  summary: 'Finish a two-factor sign-in with the challenge and a code (or a recovery code, used up)',
  tags,
  auth: false,
  body: TwoFactorLoginInput,
  response: SessionToken,
})

export const logout = defineEndpoint({
  method: 'POST',
  path: '/auth/logout',
  summary: 'Revoke the presented credential: the session, or the API token itself',
  tags,
  // Any credential may end itself: a read-only token too.
  scope: 'read',
  response: z.null(),
})

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/auth/password',
  summary: 'Change the password; every other session is revoked, and every API token when asked',
  tags,
  auth: 'session',
  body: ChangePasswordInput,
  response: z.null(),
})

/** The secret of a mailed link (password reset, e-mail verification): 32 random bytes, base64url. */
export const AccountLinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the token from the link')

export const PasswordResetRequest = z.strictObject({ email: Email })
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>

export const PasswordResetConfirm = z.strictObject({ token: AccountLinkToken, password: Password })
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirm>

export const VerifyEmailInput = z.strictObject({ token: AccountLinkToken })
export type VerifyEmailInput = z.infer<typeof VerifyEmailInput>

export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/password-reset',
  summary:
    'Mail a single-use password-reset link (valid 30 minutes); the same answer whether or not the email has an account',
  tags,
  auth: false,
  body: PasswordResetRequest,
  response: z.null(),
})

export const confirmPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/password-reset/confirm',
  summary: "Set a new password with the link's token; every session of the account ends",
  tags,
  auth: false,
  body: PasswordResetConfirm,
  response: z.null(),
})

export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/auth/verify-email',
  summary: "Confirm the account's email address with the mailed link's token",
  tags,
  auth: false,
  body: VerifyEmailInput,
  response: z.null(),
})

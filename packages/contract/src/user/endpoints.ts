import { z } from 'zod'
import { API_SCOPES, ApiScope, ApiScopes } from '../api-scopes.ts'
import { defineEndpoint } from '../endpoint.ts'
import { text, timeZone } from '../input.ts'
import { PageQuery, pageOf } from '../pagination.ts'

import { NAME_MAX_LENGTH } from '../wire.ts'

export { NAME_MAX_LENGTH }

/** The console languages a customer may keep on the account. */
export const USER_LANGUAGES = ['zh-CN', 'en-US'] as const
export const UserLanguage = z.enum(USER_LANGUAGES)
export type UserLanguage = z.infer<typeof UserLanguage>

export const Me = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  /** Reminders and receipts are mailed only to a verified address. */
  emailVerified: z.boolean(),
  /** The console language, restored after every sign-in; null until one is saved. */
  language: UserLanguage.nullable(),
  /** The browser's IANA time zone; null until one is saved. */
  timeZone: z.string().nullable(),
  /** The first-visit tour was finished or skipped (on any browser). */
  tourSeen: z.boolean(),
  /** Sign-in asks for a code from an authenticator app. */
  twoFactor: z.boolean(),
})
export type Me = z.infer<typeof Me>

const UPDATE_ME_FIELDS = ['name', 'language', 'timeZone', 'tourSeen'] as const

export const UpdateMeInput = z
  .strictObject({
    name: text().trim().min(1).max(NAME_MAX_LENGTH).optional(),
    language: UserLanguage.optional(),
    timeZone: timeZone().optional(),
    /** Only ever true: a tour once seen is not shown again. */
    tourSeen: z.literal(true).optional(),
  })
  .refine((input) => UPDATE_ME_FIELDS.some((field) => input[field] !== undefined), {
    message: `send at least one of ${UPDATE_ME_FIELDS.join(', ')}`,
  })
export type UpdateMeInput = z.infer<typeof UpdateMeInput>

export const ApiToken = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, enough to recognise it. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** The client address of the last use. */
  lastUsedIp: z.string().nullable(),
  /** What the token may do (all three: full access, as every token made before scopes). */
  scopes: z.array(ApiScope),
})
export type ApiToken = z.infer<typeof ApiToken>

export const CreateApiTokenInput = z.strictObject({
  name: text().trim().min(1).max(NAME_MAX_LENGTH),
  /** Without it, full access: what a client older than scopes asks for. */
  scopes: ApiScopes.default([...API_SCOPES]),
})
export type CreateApiTokenInput = z.infer<typeof CreateApiTokenInput>

export const CreatedApiToken = z.object({ id: z.string(), token: z.string() })
export type CreatedApiToken = z.infer<typeof CreatedApiToken>

export const IdParams = z.strictObject({ id: z.uuid() })

const tags = ['user'] as const

export const getMe = defineEndpoint({
  method: 'GET',
  path: '/user/me',
  summary: 'The signed-in customer',
  tags,
  scope: 'read',
  response: Me,
})

export const updateMe = defineEndpoint({
  method: 'PATCH',
  path: '/user/me',
  summary: 'Change the name, console language, time zone or tour state of the signed-in customer',
  tags,
  scope: 'manage',
  body: UpdateMeInput,
  response: Me,
})

export const listApiTokens = defineEndpoint({
  method: 'GET',
  path: '/user/api-tokens',
  summary: 'API tokens for scripts (never the secret)',
  tags,
  scope: 'read',
  response: z.object({ items: z.array(ApiToken) }),
})

export const createApiToken = defineEndpoint({
  method: 'POST',
  path: '/user/api-tokens',
  summary: 'Create an API token; the secret is shown once',
  tags,
  auth: 'session',
  body: CreateApiTokenInput,
  response: CreatedApiToken,
})

export const revokeApiToken = defineEndpoint({
  method: 'DELETE',
  path: '/user/api-tokens/:id',
  summary: 'Revoke an API token; it stops working on the next request',
  tags,
  auth: 'session',
  params: IdParams,
  response: z.null(),
})

export const resendVerificationEmail = defineEndpoint({
  method: 'POST',
  path: '/user/verify-email/resend',
  summary: 'Mail a new verification link to the signed-in customer (a few per 15 minutes)',
  tags,
  scope: 'manage',
  response: z.null(),
})

// Account security: two-factor sign-in, active sessions and the sign-in history.

export const TwoFactorSetupInput = z.strictObject({ password: text().min(1).max(128) })
export type TwoFactorSetupInput = z.infer<typeof TwoFactorSetupInput>

export const TwoFactorSetup = z.object({
  /** The otpauth:// URI for the QR code. */
  uri: z.string(),
  /** The base32 secret to type in by hand; shown this once. */
  secret: z.string(),
})
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>

/** A 6-digit code from the authenticator app, or (to turn it off) one of the recovery codes. */
const SecurityCode = text().trim().min(6).max(32)

export const TwoFactorEnableInput = z.strictObject({ code: SecurityCode })
export type TwoFactorEnableInput = z.infer<typeof TwoFactorEnableInput>

export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) })
export type RecoveryCodes = z.infer<typeof RecoveryCodes>

export const TwoFactorDisableInput = z.strictObject({ password: text().min(1).max(128), code: SecurityCode })
export type TwoFactorDisableInput = z.infer<typeof TwoFactorDisableInput>

export const ActiveSession = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
})
export type ActiveSession = z.infer<typeof ActiveSession>

export const SIGN_IN_OUTCOMES = ['success', 'bad-password', 'bad-code', 'locked'] as const
export const SignInOutcome = z.enum(SIGN_IN_OUTCOMES)
export type SignInOutcome = z.infer<typeof SignInOutcome>

export const SignInEvent = z.object({
  id: z.string(),
  outcome: SignInOutcome,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.iso.datetime(),
})
export type SignInEvent = z.infer<typeof SignInEvent>

export const SignInEventPage = pageOf(SignInEvent)
export type SignInEventPage = z.infer<typeof SignInEventPage>

export const setupTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/user/2fa/setup',
  summary: 'Start turning on two-factor sign-in: a new authenticator secret, shown this once',
  tags,
  auth: 'session',
  body: TwoFactorSetupInput,
  response: TwoFactorSetup,
})

export const enableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/user/2fa/enable',
  summary:
    'Turn on two-factor sign-in with a current code; answers 10 one-time recovery codes, shown this once',
  tags,
  auth: 'session',
  body: TwoFactorEnableInput,
  response: RecoveryCodes,
})

export const disableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/user/2fa/disable',
  summary: 'Turn off two-factor sign-in with the password and a code or a recovery code',
  tags,
  auth: 'session',
  body: TwoFactorDisableInput,
  response: z.null(),
})

export const listSessions = defineEndpoint({
  method: 'GET',
  path: '/user/sessions',
  summary: "The customer's signed-in browsers (sessions not revoked nor expired)",
  tags,
  scope: 'read',
  response: z.object({ items: z.array(ActiveSession) }),
})

export const revokeSession = defineEndpoint({
  method: 'DELETE',
  path: '/user/sessions/:id',
  summary: 'Sign one session out; it stops working on the next request',
  tags,
  auth: 'session',
  params: IdParams,
  response: z.null(),
})

export const revokeOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/user/sessions/revoke-others',
  summary: 'Sign out every session but the one of this request',
  tags,
  auth: 'session',
  response: z.object({ revoked: z.number().int() }),
})

export const listSignIns = defineEndpoint({
  method: 'GET',
  path: '/user/sign-ins',
  summary: 'Sign-in attempts on the account, newest first',
  tags,
  scope: 'read',
  query: PageQuery,
  response: SignInEventPage,
})

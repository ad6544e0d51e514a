// Operator sign-in and sessions. Operators are not customers: their own table, their own tokens
// (prefix `op_`), carried by the console's HttpOnly cookie, never by the customer `token`.
import { z } from 'zod'
import { Email, Password } from '../auth/endpoints.ts'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { PASSWORD_MAX_LENGTH } from '../wire.ts'
import { OperatorRole, PERMISSIONS } from './permissions.ts'

/** The console's session cookie: HttpOnly, SameSite=Strict, Path=/api/admin. */
export const ADMIN_SESSION_COOKIE = 'admin_session'
/** Operator session tokens start with this, so a leaked one is recognisable and never taken for a customer's. */
export const OPERATOR_TOKEN_PREFIX = 'op_'
/** A session ends 12 h after sign-in at the latest, and after 30 min without a request. */
export const OPERATOR_SESSION_MAX_HOURS = 12
export const OPERATOR_SESSION_IDLE_MINUTES = 30

export const TotpCode = text()
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, 'Enter the 6-digit code or a recovery code')

export const OperatorLoginInput = z.strictObject({
  email: Email,
  password: text().min(1).max(PASSWORD_MAX_LENGTH),
  /** The authenticator's current code, or one of the single-use recovery codes. */
  totp: TotpCode,
})
export type OperatorLoginInput = z.infer<typeof OperatorLoginInput>

export const Operator = z.object({
  id: z.uuid(),
  email: z.string(),
  role: OperatorRole,
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Set on a CLI- or invitation-made account: every other call is refused until the password changes. */
  mustChangePassword: z.boolean(),
  createdAt: z.iso.datetime(),
  lastSignInAt: z.iso.datetime().nullable(),
})
export type Operator = z.infer<typeof Operator>

export const OperatorSession = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  isCurrent: z.boolean(),
})
export type OperatorSession = z.infer<typeof OperatorSession>

export const OperatorPasswordInput = z.strictObject({
  oldPassword: text().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: Password,
})

const tags = ['admin'] as const

export const operatorLogin = defineEndpoint({
  method: 'POST',
  path: '/admin/auth/login',
  summary: 'Operator sign-in with password and TOTP; sets the console session cookie',
  tags,
  auth: false,
  body: OperatorLoginInput,
  response: Operator,
})

export const operatorLogout = defineEndpoint({
  method: 'POST',
  path: '/admin/auth/logout',
  summary: 'End this operator session and clear its cookie',
  tags,
  auth: 'operator',
  permission: 'self',
  response: z.null(),
})

export const operatorMe = defineEndpoint({
  method: 'GET',
  path: '/admin/auth/me',
  summary: 'The signed-in operator, role and permissions',
  tags,
  auth: 'operator',
  permission: 'self',
  response: Operator,
})

export const changeOperatorPassword = defineEndpoint({
  method: 'POST',
  path: '/admin/auth/password',
  summary: 'Change the password; ends every session of this operator and starts a new one here',
  tags,
  auth: 'operator',
  permission: 'self',
  body: OperatorPasswordInput,
  response: Operator,
})

export const listOperatorSessions = defineEndpoint({
  method: 'GET',
  path: '/admin/auth/sessions',
  summary: "The signed-in operator's active sessions",
  tags,
  auth: 'operator',
  permission: 'self',
  response: z.object({ items: z.array(OperatorSession) }),
})

export const revokeOperatorSession = defineEndpoint({
  method: 'DELETE',
  path: '/admin/auth/sessions/:id',
  summary: 'End one of your own sessions',
  tags,
  auth: 'operator',
  permission: 'self',
  params: z.strictObject({ id: z.uuid() }),
  response: z.null(),
})

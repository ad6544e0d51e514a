// The team: operators as an owner sees them (role, disable and enable) and invitations, the only way
// to make an operator over HTTP. An invitation is a one-time link (72 h) whose token is shown once;
// the invitee opens it without a session, enrols TOTP, chooses a password and is signed in.
import { z } from 'zod'
import { Email, Password } from '../auth/endpoints.ts'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { Operator, TotpCode } from './auth.ts'
import { OperatorRole } from './permissions.ts'

/** An invitation link is good for this long after it is made. */
export const INVITATION_TTL_HOURS = 72
/** Where the console opens an invitation: the token follows. */
export const INVITATION_LINK_PATH = '/admin/invite/'

export const TeamOperator = z.object({
  id: z.uuid(),
  email: z.string(),
  role: OperatorRole,
  createdAt: z.iso.datetime(),
  lastSignInAt: z.iso.datetime().nullable(),
  disabledAt: z.iso.datetime().nullable(),
  /** Sessions that are live now. */
  openSessions: z.number().int(),
})
export type TeamOperator = z.infer<typeof TeamOperator>

export const PendingInvitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: OperatorRole,
  /** The inviting owner's email. */
  invitedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** Whether the invitee has opened the link (their authenticator secret is made). */
  opened: z.boolean(),
})
export type PendingInvitation = z.infer<typeof PendingInvitation>

export const Team = z.object({
  operators: z.array(TeamOperator),
  /** Neither accepted, revoked nor expired. */
  invitations: z.array(PendingInvitation),
})
export type Team = z.infer<typeof Team>

export const InviteInput = z.strictObject({ email: Email, role: OperatorRole })
export type InviteInput = z.infer<typeof InviteInput>

export const CreatedInvitation = z.object({
  invitation: PendingInvitation,
  /** `/admin/invite/<token>`: shown this once, only its SHA-256 is kept. */
  link: z.string(),
})
export type CreatedInvitation = z.infer<typeof CreatedInvitation>

export const RoleInput = z.strictObject({ role: OperatorRole })
export type RoleInput = z.infer<typeof RoleInput>

/** What the invitee sees on opening the link: who they will be and the secret to enrol. */
export const InvitationView = z.object({
  email: z.string(),
  role: OperatorRole,
  expiresAt: z.iso.datetime(),
  /** otpauth:// URI for the QR code. */
  otpauthUri: z.string(),
  /** The same secret in base32, to type by hand. */
  secret: z.string(),
})
export type InvitationView = z.infer<typeof InvitationView>

export const AcceptInvitationInput = z.strictObject({
  password: Password,
  /** The authenticator's current code for the enrolled secret. */
  totp: TotpCode,
})
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInput>

export const AcceptedInvitation = z.object({
  /** The new operator, signed in (the console's cookie is set). */
  operator: Operator,
  /** Single-use recovery codes, shown this once. */
  recoveryCodes: z.array(z.string()),
})
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>

const tags = ['admin'] as const
const permission = 'operators.manage'
const params = z.strictObject({ id: z.uuid() })
// Any string: an unknown or malformed token answers INVITATION_INVALID alike.
const tokenParams = z.strictObject({ token: text().max(128) })

export const listTeam = defineEndpoint({
  method: 'GET',
  path: '/admin/operators',
  summary: 'Operators (role, last sign-in, open sessions, disabled) and pending invitations',
  tags,
  auth: 'operator',
  permission,
  response: Team,
})

export const inviteOperator = defineEndpoint({
  method: 'POST',
  path: '/admin/operators/invitations',
  summary: 'Invite an operator: a 72 h one-time link, shown once (an earlier pending one for the email ends)',
  tags,
  auth: 'operator',
  permission,
  body: InviteInput,
  response: CreatedInvitation,
})

export const revokeInvitation = defineEndpoint({
  method: 'POST',
  path: '/admin/operators/invitations/:id/revoke',
  summary: 'Revoke a pending invitation: its link stops working',
  tags,
  auth: 'operator',
  permission,
  params,
  response: z.null(),
})

export const changeOperatorRole = defineEndpoint({
  method: 'POST',
  path: '/admin/operators/:id/role',
  summary: 'Change an operator’s role (the last active owner cannot be demoted)',
  tags,
  auth: 'operator',
  permission,
  params,
  body: RoleInput,
  response: TeamOperator,
})

export const disableOperator = defineEndpoint({
  method: 'POST',
  path: '/admin/operators/:id/disable',
  summary: 'Disable an operator: their sessions end at once and sign-in is refused',
  tags,
  auth: 'operator',
  permission,
  params,
  response: TeamOperator,
})

export const enableOperator = defineEndpoint({
  method: 'POST',
  path: '/admin/operators/:id/enable',
  summary: 'Enable a disabled operator again',
  tags,
  auth: 'operator',
  permission,
  params,
  response: TeamOperator,
})

export const openInvitation = defineEndpoint({
  method: 'GET',
  path: '/admin/invitations/:token',
  summary: 'Open an invitation (no session): email, role and the TOTP secret to enrol',
  tags,
  auth: false,
  params: tokenParams,
  response: InvitationView,
})

export const acceptInvitation = defineEndpoint({
  method: 'POST',
  path: '/admin/invitations/:token/accept',
  summary: 'Accept an invitation with a password and a TOTP code; answers recovery codes once and signs in',
  tags,
  auth: false,
  params: tokenParams,
  body: AcceptInvitationInput,
  response: AcceptedInvitation,
})

// Sub-users of the traffic account: logins of their own on the pool ports (for a teammate or a
// reseller's client), paid from the account's packages, each with its own byte limit (in all, per
// day or per month), tunnel cap and auto-stop. Days and months run in the customer's time zone.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { PageQuery, pageOf } from '../pagination.ts'
import { IdParams } from '../user/endpoints.ts'
import { checkUsageSpan, UsageRange, UsageSeries } from './usage.ts'

const tags = ['traffic'] as const

/** Sub-users one customer may have at once (deleted ones do not count). */
export const SUB_USERS_MAX = 500
/** What the gateway reads as a sticky session in a pool username: never part of a username itself. */
export const SESSION_SEPARATORS = ['-session-', '-sessTime-'] as const
export const SUB_USERNAME_MIN = 3
export const SUB_USERNAME_MAX = 40
export const SUB_USER_NOTE_MAX = 200
/** Largest byte limit or daily cap (1 PiB): anything bigger is no limit at all. */
export const SUB_USER_MAX_BYTES = 1024 ** 5
export const SUB_USER_MAX_TUNNELS = 10_000
export const SUB_USERNAME_CHARACTERS = /^[a-z0-9][a-z0-9._-]*$/

/**
 * A pool login: 3-40 lowercase letters, digits, `.`, `_` or `-`, starting with a letter or digit, and
 * never holding a session separator (the gateway would read the rest as a session).
 */
// The characters are checked by a refinement, not a `pattern`: a login the customer picks is a name,
// not an id of anything (the API fuzz plugs other customers' ids into fields with a pattern).
export const SubUsername = text()
  .trim()
  .min(SUB_USERNAME_MIN)
  .max(SUB_USERNAME_MAX)
  .refine((name) => SUB_USERNAME_CHARACTERS.test(name), {
    message: 'use lowercase letters, digits, ".", "_" or "-", starting with a letter or digit',
  })
  .refine((name) => SESSION_SEPARATORS.every((separator) => !name.includes(separator.toLowerCase())), {
    message: `must not contain ${SESSION_SEPARATORS.join(' or ')} (sticky-session options)`,
  })
  .meta({
    description: `${SUB_USERNAME_MIN}-${SUB_USERNAME_MAX} lowercase letters, digits, ".", "_" or "-", starting with a letter or digit; never ${SESSION_SEPARATORS.join(' or ')}; unique across the proxy pool`,
  })

export const SUB_USER_LIMIT_PERIODS = ['total', 'day', 'month'] as const
export const SubUserLimitPeriod = z.enum(SUB_USER_LIMIT_PERIODS)
export type SubUserLimitPeriod = z.infer<typeof SubUserLimitPeriod>

const LimitBytes = z.number().int().min(1).max(SUB_USER_MAX_BYTES)
export const SubUserLimitInput = z.strictObject({ bytes: LimitBytes, period: SubUserLimitPeriod })

export const SUB_USER_STATUSES = ['active', 'disabled', 'spent', 'paused'] as const
export const SubUserStatus = z.enum(SUB_USER_STATUSES)
export type SubUserStatus = z.infer<typeof SubUserStatus>

export const SubUser = z.object({
  id: z.string(),
  username: z.string(),
  note: z.string(),
  /**
   * active; disabled by you; spent (its limit is used up for the period); paused (its auto-stop cap
   * was reached today, until `pausedUntil` or until lifted).
   */
  status: SubUserStatus,
  /** Its byte limit and what it used of it in the current period (`resetsAt`: when it restarts; null for a total). */
  limit: z
    .object({
      bytes: z.number().int(),
      period: SubUserLimitPeriod,
      usedBytes: z.number().int(),
      resetsAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  /** Tunnels it may hold open at once (null: the node's own cap per credential). */
  maxTunnels: z.number().int().nullable(),
  /** Auto-stop: a daily byte cap that pauses it until the next day (null: none). */
  autoStopBytes: z.number().int().nullable(),
  pausedUntil: z.iso.datetime().nullable(),
  usage: z.object({
    totalBytes: z.number().int(),
    todayBytes: z.number().int(),
    monthBytes: z.number().int(),
  }),
  createdAt: z.iso.datetime(),
})
export type SubUser = z.infer<typeof SubUser>

/** Only when created and when its password is reset: the password is never shown again. */
export const SubUserWithPassword = SubUser.extend({ password: z.string() })
export type SubUserWithPassword = z.infer<typeof SubUserWithPassword>

const Note = text().trim().max(SUB_USER_NOTE_MAX)
const MaxTunnels = z.number().int().min(1).max(SUB_USER_MAX_TUNNELS)
const settings = {
  note: Note.optional(),
  limit: SubUserLimitInput.nullable().optional(),
  maxTunnels: MaxTunnels.nullable().optional(),
  autoStopBytes: LimitBytes.nullable().optional(),
}

export const CreateSubUserInput = z.strictObject({ username: SubUsername, ...settings })
export type CreateSubUserInput = z.infer<typeof CreateSubUserInput>

const UPDATE_FIELDS = ['username', 'note', 'limit', 'maxTunnels', 'autoStopBytes', 'disabled'] as const
export const UpdateSubUserInput = z
  .strictObject({
    /** A new username: the old one stops working at once. */
    username: SubUsername.optional(),
    ...settings,
    disabled: z.boolean().optional(),
  })
  .refine((input) => UPDATE_FIELDS.some((field) => input[field] !== undefined), {
    message: `send at least one of ${UPDATE_FIELDS.join(', ')}`,
  })
export type UpdateSubUserInput = z.infer<typeof UpdateSubUserInput>

export const SubUserListQuery = PageQuery.extend({
  /** Part of a username or note. */
  q: text().trim().max(SUB_USERNAME_MAX).optional(),
})
export type SubUserListQuery = z.infer<typeof SubUserListQuery>

/** Local days are the customer's (their saved time zone), as the sub-user's daily limit counts them. */
export const SubUserUsageQuery = z
  .strictObject({ from: UsageRange.from, to: UsageRange.to, granularity: UsageRange.granularity })
  .superRefine(checkUsageSpan)
export type SubUserUsageQuery = z.infer<typeof SubUserUsageQuery>

export const listSubUsers = defineEndpoint({
  method: 'GET',
  scope: 'read',
  path: '/user/sub-users',
  summary:
    'Your sub-users (pool logins of their own, paid from your traffic packages) with their limits and usage; newest first',
  tags,
  query: SubUserListQuery,
  response: pageOf(SubUser).extend({
    max: z.number().int(),
    /** The zone their days and months run in (your saved time zone, or Asia/Shanghai). */
    timeZone: z.string(),
  }),
})

export const createSubUser = defineEndpoint({
  method: 'POST',
  scope: 'manage',
  path: '/user/sub-users',
  summary: `Create a sub-user (at most ${SUB_USERS_MAX}); its password is in this answer only. Proxy nodes take it within seconds`,
  tags,
  body: CreateSubUserInput,
  response: SubUserWithPassword,
})

export const getSubUser = defineEndpoint({
  method: 'GET',
  scope: 'read',
  path: '/user/sub-users/:id',
  summary: 'One sub-user with its limits and usage',
  tags,
  params: IdParams,
  response: SubUser,
})

export const updateSubUser = defineEndpoint({
  method: 'PATCH',
  scope: 'manage',
  path: '/user/sub-users/:id',
  summary: 'Rename, disable or enable a sub-user, or change its note, limit, tunnel cap or auto-stop',
  tags,
  params: IdParams,
  body: UpdateSubUserInput,
  response: SubUser,
})

export const deleteSubUser = defineEndpoint({
  method: 'DELETE',
  scope: 'manage',
  path: '/user/sub-users/:id',
  summary: 'Delete a sub-user: refused by proxy nodes within seconds; its usage history stays in your totals',
  tags,
  params: IdParams,
  response: z.null(),
})

export const resetSubUserPassword = defineEndpoint({
  method: 'POST',
  scope: 'manage',
  path: '/user/sub-users/:id/reset-password',
  summary: 'A new password for a sub-user, in this answer only; the old one stops working',
  tags,
  params: IdParams,
  response: SubUserWithPassword,
})

export const liftSubUserAutoStop = defineEndpoint({
  method: 'POST',
  scope: 'manage',
  path: '/user/sub-users/:id/lift-auto-stop',
  summary: "Lift a sub-user's auto-stop pause for the rest of the day (its cap applies again tomorrow)",
  tags,
  params: IdParams,
  response: SubUser,
})

export const getSubUserUsage = defineEndpoint({
  method: 'GET',
  scope: 'read',
  path: '/user/sub-users/:id/usage',
  summary:
    "A sub-user's bytes up and down per hour or per local day in your saved time zone (the answer's tz); a deleted one's history stays",
  tags,
  params: IdParams,
  query: SubUserUsageQuery,
  response: UsageSeries,
})

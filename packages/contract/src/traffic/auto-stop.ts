// Auto-stop of the traffic account's own login: a daily byte cap that pauses it until the next day in
// the customer's time zone, or until the customer lifts the pause. (Sub-users have their own:
// sub-users.ts.) Proxy nodes carry the pause in the credentials pull.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { SUB_USER_MAX_BYTES } from './sub-users.ts'

const tags = ['traffic'] as const

export const AutoStop = z.object({
  /** The daily cap of the account's own login (null: no auto-stop). Its sub-users' bytes do not count. */
  dailyBytes: z.number().int().nullable(),
  /** What the login used today, in `timeZone`. */
  todayBytes: z.number().int(),
  /** Paused until then (the next local midnight); null while it runs. */
  pausedUntil: z.iso.datetime().nullable(),
  /** The customer lifted today's pause: the cap applies again tomorrow. */
  liftedToday: z.boolean(),
  timeZone: z.string(),
})
export type AutoStop = z.infer<typeof AutoStop>

export const SetAutoStopInput = z.strictObject({
  dailyBytes: z.number().int().min(1).max(SUB_USER_MAX_BYTES).nullable(),
})
export type SetAutoStopInput = z.infer<typeof SetAutoStopInput>

export const getAccountAutoStop = defineEndpoint({
  method: 'GET',
  scope: 'read',
  path: '/user/traffic-account/auto-stop',
  summary: "Your traffic login's daily cap (auto-stop), what it used today, and whether it is paused",
  tags,
  response: AutoStop,
})

export const setAccountAutoStop = defineEndpoint({
  method: 'PUT',
  scope: 'manage',
  path: '/user/traffic-account/auto-stop',
  summary:
    'Set or clear the daily cap of your traffic login: reaching it pauses the login until the next day (your time zone)',
  tags,
  body: SetAutoStopInput,
  response: AutoStop,
})

export const liftAccountAutoStop = defineEndpoint({
  method: 'POST',
  scope: 'manage',
  path: '/user/traffic-account/auto-stop/lift',
  summary: "Lift today's auto-stop pause of your traffic login (the cap applies again tomorrow)",
  tags,
  response: AutoStop,
})

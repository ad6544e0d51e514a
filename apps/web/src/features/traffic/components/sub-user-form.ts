// The sub-user form's values and the API's: limits are typed in GB (up to 3 decimals) and sent in bytes;
// a username is checked as the server checks it, with the console's own words.
import {
  SESSION_SEPARATORS,
  SUB_USERNAME_CHARACTERS,
  SUB_USERNAME_MAX,
  SUB_USERNAME_MIN,
  type SubUser,
  type SubUserLimitPeriod,
} from '@proxy/contract/traffic/sub-users'

const GB = 1024 ** 3

export type SubUserFormValues = {
  username: string
  note?: string
  /** 'none' or a period. */
  period: SubUserLimitPeriod | 'none'
  limitGb?: number | null
  maxTunnels?: number | null
  autoStopGb?: number | null
}

export const gbToBytes = (gb: number) => Math.round(gb * GB)
/** Bytes as the form shows them: GB with up to 3 decimals. */
export const bytesToGb = (bytes: number) => Math.round((bytes / GB) * 1000) / 1000

/** What is wrong with a username, as a key of `subUsers.form`, or undefined when it is fine. */
export function usernameProblem(username: string): 'usernameInvalid' | 'usernameSeparator' | undefined {
  const name = username.trim()
  if (SESSION_SEPARATORS.some((separator) => name.toLowerCase().includes(separator.toLowerCase())))
    return 'usernameSeparator'
  const isValid =
    name.length >= SUB_USERNAME_MIN && name.length <= SUB_USERNAME_MAX && SUB_USERNAME_CHARACTERS.test(name)
  return isValid ? undefined : 'usernameInvalid'
}

export const formValuesOf = (sub: SubUser | undefined): SubUserFormValues =>
  sub
    ? {
        username: sub.username,
        note: sub.note,
        period: sub.limit?.period ?? 'none',
        limitGb: sub.limit ? bytesToGb(sub.limit.bytes) : null,
        maxTunnels: sub.maxTunnels,
        autoStopGb: sub.autoStopBytes === null ? null : bytesToGb(sub.autoStopBytes),
      }
    : { username: '', note: '', period: 'none', limitGb: null, maxTunnels: null, autoStopGb: null }

/** The body of a create (every field) or an edit (the same fields: unchanged ones change nothing). */
export const inputOf = (values: SubUserFormValues) => ({
  username: values.username.trim(),
  note: values.note?.trim() ?? '',
  limit:
    values.period === 'none' || !values.limitGb
      ? null
      : { bytes: gbToBytes(values.limitGb), period: values.period },
  maxTunnels: values.maxTunnels ?? null,
  autoStopBytes: values.autoStopGb ? gbToBytes(values.autoStopGb) : null,
})

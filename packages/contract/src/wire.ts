// Plain constants with no zod: the web client's first chunk imports these without pulling in
// the schema library (importing a schema module builds its schemas at load time).
export const SUCCESS_CODE = 0
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const NAME_MAX_LENGTH = 32
export const AUTH_PATHS = {
  login: '/auth/login',
  loginTwoFactor: '/auth/login/2fa',
  register: '/auth/register',
} as const
/**
 * Portal pages of account recovery and e-mail verification. Mailed links carry their token in the
 * fragment (`#token=…`), which browsers never send to any server, so it reaches no access log.
 */
export const ACCOUNT_PAGES = {
  forgotPassword: '/portal/forgot-password',
  resetPassword: '/portal/reset-password',
  verifyEmail: '/portal/verify-email',
} as const
export const TOPUP_MIN = 1
export const TOPUP_MAX = 50_000
/** An unpaid top-up order closes after this long. */
export const TOPUP_TTL_MINUTES = 30
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** The overview counts an active static IP as expiring within this many days. */
export const OVERVIEW_EXPIRING_DAYS = 7
/** The longest usage range per granularity, so an answer stays a chart and not a data dump. */
export const USAGE_MAX_DAYS = { hour: 93, day: 366 } as const

/** Balance display rule of SPEC §9: `$` and 2 decimals. */
export const formatBalance = (amount: number): string =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** Yuan as the payment gateway charges them: `¥72.00`. */
export const formatYuan = (amount: number): string =>
  `¥${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** A yuan-per-dollar rate with 2 to 4 decimals: `7.20`, `6.8321`. */
export const formatRate = (rate: number): string =>
  rate.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: false })

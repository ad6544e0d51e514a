// Days until a date, as the console counts them for expiring IPs and traffic packages.
import dayjs from 'dayjs'

const DAY_MS = 86_400_000

/** Whole days until expiry, rounded up (0 once expired): elapsed time, not calendar days. */
export const daysLeft = (expiresAt: string, now = Date.now()): number =>
  Math.max(0, Math.ceil(dayjs(expiresAt).diff(now) / DAY_MS))

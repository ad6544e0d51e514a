import { randomText } from './random-text.ts'

// No I or O: order numbers are read aloud to support and typed back.
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/** A prefix letter (T top-up, S static-IP purchase, R renewal, F traffic), the UTC day and 10 random characters. */
export function newOrderNo(prefix: 'T' | 'S' | 'R' | 'F', now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '')
  return `${prefix}${day}${randomText(ALPHABET, 10)}`
}

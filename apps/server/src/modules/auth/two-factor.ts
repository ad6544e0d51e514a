// Primitives of two-factor sign-in: the TOTP secret sealed at rest, codes checked with one step of
// clock drift either way, one-time recovery codes, and the short-lived sign-in challenge. Sealing is
// AES-256-GCM with keys derived (HKDF-SHA256) from APP_SECRET, one key per purpose; a secret sealed
// under APP_SECRET_PREVIOUS still opens, and is sealed anew under APP_SECRET where it is read.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import { randomText } from '../../platform/random-text.ts'

const ISSUER = 'CloudHub Proxy'
const PERIOD_SECONDS = 30
/** A code from one step before or after now is still taken (clocks drift). */
const DRIFT_STEPS = 1
export const RECOVERY_CODE_COUNT = 10
export const CHALLENGE_TTL_MS = 5 * 60 * 1000

export type Purpose = 'totp-secret' | 'sign-in-challenge' | 'webhook-secret'

/** A stored secret opened: `resealed` is the same text under the current key when the previous one opened it. */
export type Opened = { plain: string; resealed: string | null }

/** Where a secret that opens with neither key is reported (pino's logger fits). */
export type SealerLog = { error: (details: object, message: string) => void }

export type Sealer = {
  seal: (purpose: Purpose, plain: string) => string
  /** Opens with the current key, then the previous one (APP_SECRET_PREVIOUS); null when neither does. */
  open: (purpose: Purpose, sealed: string) => string | null
  /**
   * Opens a secret kept in a row (`owner` names it, e.g. `operator:<id>`): with the previous key it
   * also answers the text sealed anew under the current one, for the caller to store. One neither
   * key opens is logged, naming the owner and never the secret.
   */
  openStored: (purpose: Purpose, sealed: string, owner: string) => Opened | null
}

export const UNREADABLE_SECRET =
  'a sealed secret opens with neither APP_SECRET nor APP_SECRET_PREVIOUS: if APP_SECRET was changed, ' +
  'set the old one as APP_SECRET_PREVIOUS (README, "Rotating secrets")'

/**
 * Seals text with a key for its purpose: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. Opening also
 * tries keys from `previous` (the secret before a rotation); sealing uses only the current one.
 */
export function createSealer(
  appSecret: string,
  options: { previous?: string; log?: SealerLog } = {},
): Sealer {
  const current = keysOf(appSecret)
  const previous = options.previous ? keysOf(options.previous) : null
  const sealer: Sealer = {
    seal(purpose, plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', current(purpose), iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    open(purpose, sealed) {
      return openWith(current(purpose), sealed) ?? (previous ? openWith(previous(purpose), sealed) : null)
    },
    openStored(purpose, sealed, owner) {
      const plain = openWith(current(purpose), sealed)
      if (plain !== null) return { plain, resealed: null }
      const old = previous ? openWith(previous(purpose), sealed) : null
      if (old !== null) return { plain: old, resealed: sealer.seal(purpose, old) }
      options.log?.error({ owner, purpose }, UNREADABLE_SECRET)
      return null
    },
  }
  return sealer
}

/** The sealer the server runs with: APP_SECRET, and APP_SECRET_PREVIOUS while a rotation settles. */
export const sealerFor = (
  config: { APP_SECRET: string; APP_SECRET_PREVIOUS?: string | undefined },
  log?: SealerLog,
) => createSealer(config.APP_SECRET, { previous: config.APP_SECRET_PREVIOUS, log })

/** One key per purpose, derived from the secret when first needed. */
function keysOf(appSecret: string) {
  const keys = new Map<Purpose, Buffer>()
  return (purpose: Purpose) => {
    let key = keys.get(purpose)
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', appSecret, 'proxy-console', purpose, 32))
      keys.set(purpose, key)
    }
    return key
  }
}

function openWith(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || body === undefined) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

const totpOf = (base32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  })

/** A fresh secret (160 bits) and the otpauth:// URI an authenticator app reads from the QR code. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32
  return { secret, uri: totpUri(email, secret) }
}

/** The otpauth:// URI of a secret already made (an enrolment shown again), labelled with the email. */
export const totpUri = (email: string, secret: string) => totpOf(secret, email).toString()

/** The time step a right code belongs to (to spend it once), or null for a wrong one. */
export function matchTotp(base32: string, code: string, timestamp = Date.now()): number | null {
  // Authenticator apps show the code as "123 456".
  const token = code.replace(/\s/g, '')
  if (!/^\d{6}$/.test(token)) return null
  const totp = totpOf(base32)
  const delta = totp.validate({ token, timestamp, window: DRIFT_STEPS })
  return delta === null ? null : totp.counter({ timestamp }) + delta
}

/** The current code (tests, and nothing else, need to compute one). */
export const currentTotp = (base32: string, timestamp = Date.now()) => totpOf(base32).generate({ timestamp })

// Recovery codes: 10 characters without look-alikes, shown as `xxxxx-xxxxx`.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = randomText(RECOVERY_ALPHABET, 10)
    return `${code.slice(0, 5)}-${code.slice(5)}`
  })
}

/** Whether a typed code has the shape of a recovery code (spaces, dashes and case aside). */
export const normalizeRecoveryCode = (code: string): string | null => {
  const plain = code.toLowerCase().replace(/[\s-]/g, '')
  return /^[a-z0-9]{10}$/.test(plain) ? plain : null
}

export const hashRecoveryCode = (normalized: string) => createHash('sha256').update(normalized).digest('hex')

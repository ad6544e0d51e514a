// Primitives of two-factor sign-in: the TOTP secret sealed at rest, codes checked with one step of
// clock drift either way, one-time recovery codes, and the short-lived sign-in challenge. Sealing is
// AES-256-GCM with keys derived (HKDF-SHA256) from APP_SECRET, one key per purpose.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'

const ISSUER = 'CloudHub Proxy'
const PERIOD_SECONDS = 30
/** A code from one step before or after now is still taken (clocks drift). */
const DRIFT_STEPS = 1
export const RECOVERY_CODE_COUNT = 10
export const CHALLENGE_TTL_MS = 5 * 60 * 1000

export type Purpose = 'totp-secret' | 'sign-in-challenge'

export type Sealer = {
  seal: (purpose: Purpose, plain: string) => string
  open: (purpose: Purpose, sealed: string) => string | null
}

/** Seals text with a key for its purpose: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function createSealer(appSecret: string): Sealer {
  const keys = new Map<Purpose, Buffer>()
  const keyFor = (purpose: Purpose) => {
    let key = keys.get(purpose)
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', appSecret, 'proxy-console', purpose, 32))
      keys.set(purpose, key)
    }
    return key
  }
  return {
    seal(purpose, plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    open(purpose, sealed) {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || body === undefined) return null
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), Buffer.from(iv, 'base64url'))
        decipher.setAuthTag(Buffer.from(tag, 'base64url'))
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        )
      } catch {
        return null
      }
    },
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
  return { secret, uri: totpOf(secret, email).toString() }
}

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
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
  })
}

/** Whether a typed code has the shape of a recovery code (spaces, dashes and case aside). */
export const normalizeRecoveryCode = (code: string): string | null => {
  const plain = code.toLowerCase().replace(/[\s-]/g, '')
  return /^[a-z0-9]{10}$/.test(plain) ? plain : null
}

export const hashRecoveryCode = (normalized: string) => createHash('sha256').update(normalized).digest('hex')

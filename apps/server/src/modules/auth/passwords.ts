// scrypt password hashes (DESIGN §3: no native build step), compared in constant time.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>

/**
 * scrypt's cost: N=2^14 (16 MiB and ~60 ms of CPU a hash). The test suites (NODE_ENV=test, as vitest
 * and the browser tests' servers run) register and sign in thousands of customers: they hash at
 * N=2^10, the same code path at a sixteenth of the work. A hash records its parameters, so each
 * verifies whatever the current cost.
 */
const PARAMS = { N: process.env.NODE_ENV === 'test' ? 1024 : 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }
const KEY_LENGTH = 32

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  })
  return timingSafeEqual(actual, expected)
}

/** A strong one-time password, to be changed at first sign-in: 24 base64url characters (144 bits). */
export const newOneTimePassword = () => randomBytes(18).toString('base64url')

// Compared against when the email is unknown, so both failures cost the same time.
export const DUMMY_HASH = await hashPassword(randomBytes(16).toString('hex'))

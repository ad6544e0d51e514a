// Opaque bearer tokens: 32 random bytes; the database keeps only their SHA-256.
import { createHash, randomBytes } from 'node:crypto'

export const SESSION_PREFIX = 'st_'
export const API_TOKEN_PREFIX = 'pat_'

export const newToken = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** What the console shows of an API token: its prefix and first characters. */
export const displayPrefix = (token: string) => token.slice(0, API_TOKEN_PREFIX.length + 6)

export const BEARER = /^Bearer ((?:st|pat)_[A-Za-z0-9_-]{43})$/

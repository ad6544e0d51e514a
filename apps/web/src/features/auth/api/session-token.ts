// Checks a sign-in answer by hand instead of with the contract's zod schema, which keeps zod out of the portal.
import type { SessionToken, TwoFactorChallenge } from '@proxy/contract/auth/endpoints'
import { ContractMismatchError } from '../../../shared/http/api-error.ts'

const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))

export const asSessionToken = (path: string, data: unknown): SessionToken => {
  const candidate = data as Partial<SessionToken> | null
  const isValid =
    typeof candidate?.token === 'string' && candidate.token.length > 0 && isInstant(candidate.expiresAt)
  if (!isValid) throw new ContractMismatchError(path, 'expected { token, expiresAt }')
  return { token: candidate.token as string, expiresAt: candidate.expiresAt as string }
}

/** The password was right and the account asks for a code: the challenge to send back with it. */
export const isTwoFactorChallenge = (data: unknown): data is TwoFactorChallenge => {
  const candidate = data as Partial<TwoFactorChallenge> | null
  return (
    candidate?.twoFactorRequired === true &&
    typeof candidate.challenge === 'string' &&
    candidate.challenge.length > 0 &&
    isInstant(candidate.expiresAt)
  )
}

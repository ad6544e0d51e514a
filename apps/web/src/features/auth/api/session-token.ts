// Checks a sign-in answer by hand instead of with the contract's zod schema, which keeps zod out of the portal.
import type { SessionToken } from '@proxy/contract/auth/endpoints'
import { ContractMismatchError } from '../../../shared/http/api-error.ts'

export const asSessionToken = (path: string, data: unknown): SessionToken => {
  const candidate = data as Partial<SessionToken> | null
  const isValid =
    typeof candidate?.token === 'string' &&
    candidate.token.length > 0 &&
    typeof candidate.expiresAt === 'string' &&
    !Number.isNaN(Date.parse(candidate.expiresAt))
  if (!isValid) throw new ContractMismatchError(path, 'expected { token, expiresAt }')
  return { token: candidate.token as string, expiresAt: candidate.expiresAt as string }
}

// The auth module's public face: all that other modules may import from it (npm run deps checks).

export { clientOf, hasCustomers, insertCustomer, type Suspension, setSuspension } from './auth.service.ts'
export { isCommonPassword } from './common-passwords.ts'
export {
  type CustomerRow,
  customerEmails,
  findCustomer,
  findCustomers,
  liveSessionCount,
} from './customers.service.ts'
export {
  admitAttempt,
  admitHourlyAttempt,
  admitLoginAttempt,
  forgiveLoginAttempt,
  type LoginLimits,
} from './login-limits.ts'
export { DUMMY_HASH, hashPassword, newOneTimePassword, verifyPassword } from './passwords.ts'
export * as profiles from './profile.service.ts'
export { mailResetLink } from './recovery.service.ts'
export { type ResealCount, resealCustomerSecrets, resealRows } from './reseal.ts'
export {
  createRecoveryCodeStore,
  openStoredSecret,
  type SpentFactor,
  spendSecondFactor,
} from './second-factor.ts'
export * as security from './security.service.ts'
export {
  createSessionStore,
  type SessionClient,
  type StartedSession,
} from './session-store.ts'
export { isNotSuspended } from './suspension.repo.ts'
export { timeZoneOf } from './time-zone.repo.ts'
export { API_TOKEN_PREFIX, BEARER, displayPrefix, hashToken, newToken } from './tokens.ts'
export { laterStepGuard } from './totp-replay.ts'
export { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './two-factor.service.ts'
export {
  createSealer,
  matchTotp,
  newTotpSecret,
  type Sealer,
  sealerFor,
  totpUri,
} from './two-factor.ts'
/** Mail about a customer's account (reminders, receipts) goes only to a verified address. */
export { admitVerificationMail, mailVerificationLink, verifiedEmailOf } from './verification.service.ts'

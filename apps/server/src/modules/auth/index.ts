// The auth module's public face: all that other modules may import from it (npm run deps checks).

export { hasCustomers, insertCustomer } from './auth.service.ts'
export { hashPassword } from './passwords.ts'
export * as profiles from './profile.service.ts'
export * as security from './security.service.ts'
export { API_TOKEN_PREFIX, displayPrefix, hashToken, newToken } from './tokens.ts'
export { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './two-factor.service.ts'
export { createSealer } from './two-factor.ts'
/** Mail about a customer's account (reminders, receipts) goes only to a verified address. */
export { admitVerificationMail, mailVerificationLink, verifiedEmailOf } from './verification.service.ts'

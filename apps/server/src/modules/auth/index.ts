// The auth module's public face: all that other modules may import from it (npm run deps checks).

export { emailOf, hasCustomers, insertCustomer } from './auth.service.ts'
export { hashPassword } from './passwords.ts'
export * as profiles from './profile.service.ts'
export { API_TOKEN_PREFIX, displayPrefix, hashToken, newToken } from './tokens.ts'

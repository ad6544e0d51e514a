// Contract values needed by the first chunks. The contract modules that define them also build zod schemas at
// load time, which would put zod (~30 KB gzip) into the portal; wire-constants.test.ts keeps these in step.
export const SUCCESS_CODE = 0
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const AUTH_PATHS = { login: '/auth/login', register: '/auth/register' } as const

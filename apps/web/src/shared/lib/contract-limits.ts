// Limits the contract states in modules that also hold zod schemas, copied here so that the first paint does not load
// the schemas to print a number; contract-limits.test.ts keeps each copy equal to the contract's.

/** `OVERVIEW_EXPIRING_DAYS` of @proxy/contract/overview/endpoints. */
export const OVERVIEW_EXPIRING_DAYS = 7

/** `USAGE_MAX_DAYS` of @proxy/contract/traffic/usage. */
export const USAGE_MAX_DAYS = { hour: 93, day: 366 } as const

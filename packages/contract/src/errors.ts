// The error catalogue: stable numeric codes with symbolic names and their HTTP status.
// The web client translates `errors.<name>`; the message here is the English fallback.
export const errorCatalogue = {
  VALIDATION_FAILED: { code: 1001, status: 400, message: 'The request is invalid' },
  MALFORMED_REQUEST: { code: 1002, status: 400, message: 'The request body could not be read' },
  UNSUPPORTED_MEDIA_TYPE: { code: 1003, status: 415, message: 'Send the body as application/json' },
  PAYLOAD_TOO_LARGE: { code: 1004, status: 413, message: 'The request body is too large' },
  ROUTE_NOT_FOUND: { code: 1005, status: 404, message: 'No such API route' },
  NOT_FOUND: { code: 1006, status: 404, message: 'Not found' },
  REQUEST_TIMEOUT: { code: 1007, status: 408, message: 'The request took too long to arrive' },
  HEADERS_TOO_LARGE: { code: 1008, status: 431, message: 'The request headers are too large' },
  UNAUTHORIZED: { code: 1101, status: 401, message: 'Sign in to continue' },
  FORBIDDEN: { code: 1103, status: 403, message: 'You are not allowed to do this' },
  CROSS_SITE_REQUEST: {
    code: 1104,
    status: 403,
    message: 'This request did not come from our own pages and was refused',
  },
  SESSION_REQUIRED: {
    code: 1105,
    status: 403,
    message: 'Sign in to the console to do this; an API token cannot',
  },
  /** The server's message names the scope, and `data.scope` carries it. */
  SCOPE_REQUIRED: { code: 1106, status: 403, message: 'This API token lacks the scope this call needs' },
  RATE_LIMITED: { code: 1129, status: 429, message: 'Too many requests, try again later' },
  INTERNAL: { code: 1500, status: 500, message: 'Something went wrong on our side' },
  SERVICE_UNAVAILABLE: { code: 1503, status: 503, message: 'The service is not ready' },
  EMAIL_TAKEN: { code: 2001, status: 409, message: 'This email is already registered' },
  INVALID_CREDENTIALS: { code: 2002, status: 401, message: 'Wrong email or password' },
  WEAK_PASSWORD: { code: 2003, status: 400, message: 'This password is too common, choose another' },
  WRONG_PASSWORD: { code: 2004, status: 422, message: 'The current password is wrong' },
  LOGIN_RATE_LIMITED: { code: 2005, status: 429, message: 'Too many sign-in attempts, wait a few minutes' },
  TOO_MANY_API_TOKENS: { code: 2006, status: 422, message: 'You have too many API tokens; revoke one first' },
  WHITELIST_FULL: { code: 2007, status: 422, message: 'Your IP whitelist is full; remove a source first' },
  WHITELIST_DUPLICATE: { code: 2008, status: 409, message: 'This source is already on your IP whitelist' },
  TOO_MANY_DOWNLOAD_LINKS: {
    code: 2075,
    status: 422,
    message: 'You have too many download links; delete one first',
  },
  ACCOUNT_LINK_INVALID: {
    code: 2020,
    status: 422,
    message: 'This link is invalid, already used or expired; ask for a new one',
  },
  EMAIL_ALREADY_VERIFIED: { code: 2021, status: 409, message: 'Your email address is already verified' },
  TWO_FACTOR_CODE_INVALID: { code: 2030, status: 422, message: 'The code is wrong or already used' },
  TWO_FACTOR_CHALLENGE_EXPIRED: {
    code: 2031,
    status: 401,
    message: 'This sign-in took too long; enter your password again',
  },
  TWO_FACTOR_ALREADY_ENABLED: { code: 2032, status: 409, message: 'Two-factor sign-in is already on' },
  TWO_FACTOR_NOT_SET_UP: { code: 2033, status: 409, message: 'Two-factor sign-in is not set up' },
  ACCOUNT_SUSPENDED: {
    code: 2040,
    status: 403,
    message: 'This account is suspended; contact support',
  },
  PASSWORD_CHANGE_REQUIRED: {
    code: 2050,
    status: 403,
    message: 'Change your one-time password before anything else',
  },
  INSUFFICIENT_BALANCE: { code: 3001, status: 422, message: 'Your wallet balance is too low' },
  IDEMPOTENCY_KEY_REUSED: {
    code: 3002,
    status: 422,
    message: 'This Idempotency-Key was used for a different request',
  },
  IDEMPOTENCY_IN_PROGRESS: {
    code: 3003,
    status: 409,
    message: 'The first request with this Idempotency-Key is still running',
  },
  TOPUP_NOT_PENDING: { code: 3004, status: 409, message: 'This top-up order can no longer be changed' },
  PAYMENTS_UNAVAILABLE: { code: 3005, status: 503, message: 'Online payment is not available right now' },
  TOPUP_RATE_LIMITED: { code: 3006, status: 429, message: 'Too many top-up orders, try again later' },
  ADJUSTMENT_OVERDRAWS: {
    code: 3007,
    status: 422,
    message: 'This debit would take the wallet below zero',
  },
  OUT_OF_STOCK: { code: 3101, status: 409, message: 'Not enough IPs left in this region' },
  REGION_UNAVAILABLE: { code: 3102, status: 404, message: 'This region is not on sale' },
  PROTOCOL_NOT_OFFERED: { code: 3103, status: 422, message: 'This region does not offer that protocol' },
  PLAN_UNAVAILABLE: { code: 3105, status: 404, message: 'This traffic plan is not on sale' },
  INSTANCE_NOT_RENEWABLE: { code: 3104, status: 409, message: 'Some of these IPs can no longer be renewed' },
  INSTANCE_NOT_REPLACEABLE: {
    code: 3110,
    status: 409,
    message: 'Only an active IP can have its address replaced',
  },
  REPLACEMENT_TOO_SOON: {
    code: 3111,
    status: 429,
    message: 'This IP was replaced recently; it can be replaced again later',
  },
  CREDENTIAL_RESET_LIMITED: {
    code: 3112,
    status: 429,
    message: "This IP's credentials were reset too often in the past hour; try again later",
  },
  TRAFFIC_TOTAL_TOO_LARGE: {
    code: 4001,
    status: 400,
    message: "These counters would take a customer's lifetime usage past 2^53 - 1 bytes",
  },
  KEYWORD_TOO_SHORT: {
    code: 3150,
    status: 400,
    message: 'Search with at least 3 characters (part of an IP address, a line name or a remark)',
  },
  PRICE_CHANGED: { code: 3120, status: 409, message: 'The price has changed since your quote; quote again' },
  NOT_REFUNDABLE: { code: 3130, status: 409, message: 'This item cannot be refunded' },
  INVENTORY_STATE_CONFLICT: {
    code: 3140,
    status: 409,
    message: 'This address cannot change from its current state',
  },
  NO_REPLACEMENT_ADDRESS: {
    code: 3141,
    status: 409,
    message: 'No free address in this region to replace it with',
  },
  SUB_USERNAME_TAKEN: {
    code: 3180,
    status: 409,
    message: 'This username is taken on the proxy pool; choose another',
  },
  SUB_USERS_FULL: {
    code: 3181,
    status: 422,
    message: 'You have as many sub-users as allowed; delete one first',
  },
  INVITATION_INVALID: {
    code: 2060,
    status: 404,
    message: 'This invitation is invalid, already used or expired',
  },
  OPERATOR_EXISTS: { code: 2061, status: 409, message: 'An operator with this email already exists' },
  LAST_OWNER: { code: 2062, status: 409, message: 'The last active owner cannot be disabled or demoted' },
  ALERT_RULES_FULL: { code: 6001, status: 422, message: 'You have too many alert rules; delete one first' },
  WEBHOOKS_FULL: {
    code: 6002,
    status: 422,
    message: 'You have too many webhook endpoints; delete one first',
  },
  WEBHOOK_DESTINATION_REFUSED: {
    code: 6003,
    status: 422,
    message: 'Webhooks go only to https addresses on the public internet',
  },
} as const

export type ErrorName = keyof typeof errorCatalogue

export const errorNameByCode: ReadonlyMap<number, ErrorName> = new Map(
  Object.entries(errorCatalogue).map(([name, entry]) => [entry.code, name as ErrorName]),
)

// What an API token may do. Every customer endpoint names the one scope it needs (endpoint.ts); a
// console session holds all of them, and so do tokens made before scopes existed.
import { z } from 'zod'

/**
 * `read` every GET (and calls that change nothing, such as quotes); `buy` what spends the wallet or
 * starts a payment (purchases, renewals, top-up orders and their cancelling); `manage` every other
 * change (whitelist, line settings and credentials, address replacements, download links, profile,
 * notices).
 */
export const API_SCOPES = ['read', 'buy', 'manage'] as const
export const ApiScope = z.enum(API_SCOPES)
export type ApiScope = z.infer<typeof ApiScope>

/** A set of scopes as the API takes it: at least one, each once, in the canonical order. */
export const ApiScopes = z
  .array(ApiScope)
  .min(1)
  .max(API_SCOPES.length * 4)
  .transform((scopes) => API_SCOPES.filter((scope) => scopes.includes(scope)))

/** True when `scopes` holds every scope there is: what the console calls "full access". */
export const isFullAccess = (scopes: readonly ApiScope[]) =>
  API_SCOPES.every((scope) => scopes.includes(scope))

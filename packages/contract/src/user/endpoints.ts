import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'

import { NAME_MAX_LENGTH } from '../wire.ts'

export { NAME_MAX_LENGTH }

export const Me = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
})
export type Me = z.infer<typeof Me>

export const UpdateMeInput = z.strictObject({ name: text().trim().min(1).max(NAME_MAX_LENGTH) })
export type UpdateMeInput = z.infer<typeof UpdateMeInput>

export const ApiToken = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, enough to recognise it. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
})
export type ApiToken = z.infer<typeof ApiToken>

export const CreateApiTokenInput = z.strictObject({ name: text().trim().min(1).max(NAME_MAX_LENGTH) })
export type CreateApiTokenInput = z.infer<typeof CreateApiTokenInput>

export const CreatedApiToken = z.object({ id: z.string(), token: z.string() })
export type CreatedApiToken = z.infer<typeof CreatedApiToken>

export const IdParams = z.strictObject({ id: z.uuid() })

const tags = ['user'] as const

export const getMe = defineEndpoint({
  method: 'GET',
  path: '/user/me',
  summary: 'The signed-in customer',
  tags,
  response: Me,
})

export const updateMe = defineEndpoint({
  method: 'PATCH',
  path: '/user/me',
  summary: 'Rename the signed-in customer',
  tags,
  body: UpdateMeInput,
  response: Me,
})

export const listApiTokens = defineEndpoint({
  method: 'GET',
  path: '/user/api-tokens',
  summary: 'API tokens for scripts (never the secret)',
  tags,
  response: z.object({ items: z.array(ApiToken) }),
})

export const createApiToken = defineEndpoint({
  method: 'POST',
  path: '/user/api-tokens',
  summary: 'Create an API token; the secret is shown once',
  tags,
  body: CreateApiTokenInput,
  response: CreatedApiToken,
})

export const revokeApiToken = defineEndpoint({
  method: 'DELETE',
  path: '/user/api-tokens/:id',
  summary: 'Revoke an API token; it stops working on the next request',
  tags,
  params: IdParams,
  response: z.null(),
})

/** Source addresses a customer may list: a tunnel from one of them to their static IPs needs no password. */
export const IP_WHITELIST_MAX = 20
/** The widest ranges a customer may list: anything wider would make their IP an open proxy for a whole network. */
export const WHITELIST_MIN_PREFIX = { ipv4: 16, ipv6: 48 } as const

const cidrPrefix = (source: string) => Number(source.split('/')[1] ?? Number.NaN)
/** One address (IPv4 or IPv6) or a CIDR range no wider than `WHITELIST_MIN_PREFIX`. */
export const WhitelistSource = z
  .string()
  .trim()
  .max(64)
  .pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]))
  .refine(
    (source) =>
      !source.includes('/') ||
      cidrPrefix(source) >= (source.includes(':') ? WHITELIST_MIN_PREFIX.ipv6 : WHITELIST_MIN_PREFIX.ipv4),
    {
      message: `A range may be at most /${WHITELIST_MIN_PREFIX.ipv4} (IPv4) or /${WHITELIST_MIN_PREFIX.ipv6} (IPv6)`,
    },
  )

export const WhitelistEntry = z.object({
  id: z.string(),
  /** Normalised: an address, or a range with its host bits cleared (`203.0.113.0/24`). */
  source: z.string(),
  createdAt: z.iso.datetime(),
})
export type WhitelistEntry = z.infer<typeof WhitelistEntry>

export const AddWhitelistInput = z.strictObject({ source: WhitelistSource })
export type AddWhitelistInput = z.infer<typeof AddWhitelistInput>

export const listIpWhitelist = defineEndpoint({
  method: 'GET',
  path: '/user/ip-whitelist',
  summary: 'Source addresses that reach your static IPs without a password',
  tags,
  response: z.object({ items: z.array(WhitelistEntry), max: z.number().int() }),
})

export const addIpWhitelist = defineEndpoint({
  method: 'POST',
  path: '/user/ip-whitelist',
  summary: `Allow a source address or range (at most ${IP_WHITELIST_MAX}); proxy nodes apply it within seconds`,
  tags,
  body: AddWhitelistInput,
  response: WhitelistEntry,
})

export const removeIpWhitelist = defineEndpoint({
  method: 'DELETE',
  path: '/user/ip-whitelist/:id',
  summary: 'Remove a source; tunnels it opened without a password close within seconds',
  tags,
  params: IdParams,
  response: z.null(),
})

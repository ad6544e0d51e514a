// The IP whitelist: source addresses that reach a customer's static IPs without a password.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { IdParams } from '../user/endpoints.ts'

const tags = ['static-ip'] as const

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
  scope: 'read',
  response: z.object({ items: z.array(WhitelistEntry), max: z.number().int() }),
})

export const addIpWhitelist = defineEndpoint({
  method: 'POST',
  path: '/user/ip-whitelist',
  summary: `Allow a source address or range (at most ${IP_WHITELIST_MAX}); proxy nodes apply it within seconds`,
  tags,
  scope: 'manage',
  body: AddWhitelistInput,
  response: WhitelistEntry,
})

export const removeIpWhitelist = defineEndpoint({
  method: 'DELETE',
  path: '/user/ip-whitelist/:id',
  summary: 'Remove a source; tunnels it opened without a password close within seconds',
  tags,
  scope: 'manage',
  params: IdParams,
  response: z.null(),
})

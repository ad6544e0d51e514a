// The destination policy's parts that travel: the operator's deny list (set in the console, carried
// to every node by the credentials pull) and the refusals each node counts per credential.
import { z } from 'zod'

/** Refused as destinations on every node whatever the deny list says: SMTP, so no node relays spam. */
export const SMTP_PORTS = [25, 465, 587] as const

export const DENY_LIST_MAX_PORTS = 100
export const DENY_LIST_MAX_CIDRS = 500

export const DestinationPort = z.number().int().min(1).max(65_535)

/** An IPv4 or IPv6 address, or a CIDR range of either. */
export const DestinationRange = z
  .string()
  .trim()
  .max(64)
  .pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]))

/** What the operator refuses beside the built-in rules: destination ports, and address ranges. */
export const DestinationDenyList = z.strictObject({
  ports: z.array(DestinationPort).max(DENY_LIST_MAX_PORTS),
  cidrs: z.array(DestinationRange).max(DENY_LIST_MAX_CIDRS),
})
export type DestinationDenyList = z.infer<typeof DestinationDenyList>

/** Credentials per heartbeat; a node keeps the rest for the next one. */
export const REFUSALS_MAX_CREDENTIALS = 1000

/** Destinations a node refused for one credential since its previous heartbeat. */
export const CredentialRefusals = z.strictObject({
  kind: z.enum(['instance', 'traffic-account']),
  id: z.uuid(),
  count: z.number().int().min(1).max(2_147_483_647),
})
export type CredentialRefusals = z.infer<typeof CredentialRefusals>

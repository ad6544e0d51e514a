// Proxy instances: the static IPs a customer holds, their credentials and exports.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { ExpectedTotal } from '../money.ts'
import { PageQuery, pageOf } from '../pagination.ts'
import { DurationDays, ProxyProtocol } from './catalog.ts'

export const INSTANCE_STATUSES = ['active', 'expired', 'released'] as const
export const InstanceStatus = z.enum(INSTANCE_STATUSES)
export type InstanceStatus = z.infer<typeof InstanceStatus>
export const LINE_NAME_MAX_LENGTH = 64

export const Instance = z.object({
  id: z.string(),
  lineInstanceName: z.string(),
  ip: z.string(),
  port: z.number().int(),
  protocol: ProxyProtocol,
  username: z.string(),
  password: z.string(),
  /** vmess user id (UUID); also present on socks5 lines for a later protocol switch. */
  uuid: z.string(),
  regionId: z.string(),
  countryCode: z.string(),
  country: z.string(),
  city: z.string(),
  status: InstanceStatus,
  expiresAt: z.iso.datetime(),
  autoRenew: z.boolean(),
  remark: z.string(),
  orderNo: z.string(),
  createdAt: z.iso.datetime(),
})
export type Instance = z.infer<typeof Instance>

export const InstanceDetail = Instance.extend({
  connection: z.object({ socks5: z.string(), vmess: z.string().nullable(), ipPortUserPass: z.string() }),
})
export type InstanceDetail = z.infer<typeof InstanceDetail>

/** A shorter keyword is refused (KEYWORD_TOO_SHORT): the search runs on a trigram index. */
export const KEYWORD_MIN_LENGTH = 3

export const InstanceSort = z.enum(['createdAt.desc', 'expiresAt.asc', 'expiresAt.desc'])
export const InstanceListQuery = PageQuery.extend({
  status: InstanceStatus.optional(),
  region: text().max(32).optional(),
  keyword: text().trim().max(64).optional(),
  expiringWithinDays: z.coerce.number().int().min(0).max(365).optional(),
  sort: InstanceSort.default('createdAt.desc'),
})
export type InstanceListQuery = z.infer<typeof InstanceListQuery>

export const InstanceIdParams = z.strictObject({ id: z.uuid() })

export const UpdateInstanceInput = z
  .strictObject({
    lineInstanceName: text().trim().min(1).max(LINE_NAME_MAX_LENGTH).optional(),
    autoRenew: z.boolean().optional(),
    remark: text({ multiline: true }).trim().max(200).optional(),
  })
  .refine((input) => Object.keys(input).length > 0, { message: 'Nothing to change' })
export type UpdateInstanceInput = z.infer<typeof UpdateInstanceInput>

export const RenewInput = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(100),
  durationDays: DurationDays,
  expectedTotal: ExpectedTotal,
})
export type RenewInput = z.infer<typeof RenewInput>

/** The path's type picks the lines: `all` both protocols, `socks5` or `vmess` one (`clash` = `all` as a Clash file). */
export const EXPORT_TYPES = ['all', 'vmess', 'socks5', 'clash'] as const
export const ExportType = z.enum(EXPORT_TYPES)
export type ExportType = z.infer<typeof ExportType>
export const SOCKS5_TEMPLATES = ['uri', 'ip:port:user:pass', 'user:pass@ip:port'] as const
export const Socks5Template = z.enum(SOCKS5_TEMPLATES)
/**
 * The file: `links` (default) one line each, socks5 in `template` and vmess:// links; `http`
 * http://user:pass@ip:port for the socks5 lines (the gateway serves HTTP CONNECT on their port; vmess
 * lines have no HTTP side and are left out); `clash` a Clash/Mihomo YAML; `csv` with a header row;
 * `json` an array of objects.
 */
export const EXPORT_FORMATS = ['links', 'http', 'clash', 'csv', 'json'] as const
export const ExportFormat = z.enum(EXPORT_FORMATS)
export type ExportFormat = z.infer<typeof ExportFormat>
/** `any` exports every status, as the list does without a status filter. */
export const ExportStatus = z.enum([...INSTANCE_STATUSES, 'any'])
export const CSV_EXPORT_COLUMNS = [
  'name',
  'address',
  'port',
  'username',
  'password',
  'protocol',
  'region',
  'expires_at',
] as const
export const ExportQuery = z.strictObject({
  /** Comma-separated instance ids (all the caller's, else 404); the filters below then do not apply. */
  ids: z
    .string()
    .max(100 * 37)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).max(100))
    .optional(),
  /** Without ids, every instance matching the list's filters; status defaults to active. */
  status: ExportStatus.default('active'),
  region: InstanceListQuery.shape.region,
  keyword: InstanceListQuery.shape.keyword,
  expiringWithinDays: InstanceListQuery.shape.expiringWithinDays,
  template: Socks5Template.default('uri'),
  format: ExportFormat.default('links'),
})
export type ExportQuery = z.infer<typeof ExportQuery>

const tags = ['static-ip'] as const

export const listInstances = defineEndpoint({
  method: 'GET',
  path: '/proxy/instances',
  summary: 'Your static IPs, filtered and paged',
  tags,
  scope: 'read',
  query: InstanceListQuery,
  response: pageOf(Instance),
})

export const getInstance = defineEndpoint({
  method: 'GET',
  path: '/proxy/instances/:id',
  summary: 'One static IP with ready connection strings',
  tags,
  scope: 'read',
  params: InstanceIdParams,
  response: InstanceDetail,
})

export const updateInstance = defineEndpoint({
  method: 'PATCH',
  path: '/proxy/instances/:id',
  summary: 'Rename, switch auto-renew or set a remark',
  tags,
  scope: 'manage',
  params: InstanceIdParams,
  body: UpdateInstanceInput,
  response: Instance,
})

export const resetInstanceCredentials = defineEndpoint({
  method: 'POST',
  path: '/proxy/instances/:id/reset-credentials',
  summary: 'New username, password and vmess id; the old ones stop working',
  tags,
  scope: 'manage',
  params: InstanceIdParams,
  response: InstanceDetail,
})

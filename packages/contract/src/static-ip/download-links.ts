// Secret download links: a URL that answers the customer's static IPs as plain text in a chosen
// export format, with no session, for tools that fetch a list. Only the secret's SHA-256 is kept.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { IdParams } from '../user/endpoints.ts'
import { NAME_MAX_LENGTH } from '../wire.ts'
import { RegionId } from './catalog.ts'
import { ExportFormat, Socks5Template } from './instances.ts'

/** A customer keeps at most this many links: each is a standing way into their credentials. */
export const DOWNLOAD_LINKS_MAX = 10
/** The public path (under /api); the secret is the whole credential, so it is never logged. */
export const DOWNLOAD_LINK_PATH = '/dl/:secret'
/** `dl_` and 32 random bytes, base64url. */
export const DOWNLOAD_LINK_PREFIX = 'dl_'

/** Which lines: both protocols, or one. */
export const DOWNLOAD_LINK_PROTOCOLS = ['all', 'socks5', 'vmess'] as const
export const DownloadLinkProtocol = z.enum(DOWNLOAD_LINK_PROTOCOLS)
export type DownloadLinkProtocol = z.infer<typeof DownloadLinkProtocol>

export const DownloadLink = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, enough to recognise the link. */
  prefix: z.string(),
  protocol: DownloadLinkProtocol,
  /** One region's lines only; null for every region. */
  region: z.string().nullable(),
  format: ExportFormat,
  template: Socks5Template,
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** The address of the last fetch: a tool the owner does not know shows itself here. */
  lastUsedIp: z.string().nullable(),
})
export type DownloadLink = z.infer<typeof DownloadLink>

export const CreateDownloadLinkInput = z.strictObject({
  name: text().trim().min(1).max(NAME_MAX_LENGTH),
  protocol: DownloadLinkProtocol.default('all'),
  region: RegionId.optional(),
  /** The export's formats; `links` writes socks5 lines in `template`, vmess as vmess:// links. */
  format: ExportFormat.default('links'),
  template: Socks5Template.default('uri'),
})
export type CreateDownloadLinkInput = z.infer<typeof CreateDownloadLinkInput>

/** The secret and its URL, shown this once. */
export const DownloadLinkSecret = z.object({ link: DownloadLink, secret: z.string(), url: z.string() })
export type DownloadLinkSecret = z.infer<typeof DownloadLinkSecret>

const tags = ['static-ip'] as const

export const listDownloadLinks = defineEndpoint({
  method: 'GET',
  path: '/user/download-links',
  summary: 'Your secret download links (never their secrets)',
  tags,
  scope: 'read',
  response: z.object({ items: z.array(DownloadLink), max: z.number().int() }),
})

export const createDownloadLink = defineEndpoint({
  method: 'POST',
  path: '/user/download-links',
  summary: `Create a secret download link (at most ${DOWNLOAD_LINKS_MAX}): GET /api/dl/{secret} answers your active static IPs as text/plain, no sign-in; the secret is shown once. An API token needs \`read\` as well`,
  tags,
  scope: 'manage',
  body: CreateDownloadLinkInput,
  response: DownloadLinkSecret,
})

export const resetDownloadLink = defineEndpoint({
  method: 'POST',
  path: '/user/download-links/:id/reset',
  summary:
    'Give a download link a new secret, shown once; the old URL answers 404 from now on. An API token needs `read` as well',
  tags,
  scope: 'manage',
  params: IdParams,
  response: DownloadLinkSecret,
})

export const deleteDownloadLink = defineEndpoint({
  method: 'DELETE',
  path: '/user/download-links/:id',
  summary: 'Delete a download link; its URL answers 404 from now on',
  tags,
  scope: 'manage',
  params: IdParams,
  response: z.null(),
})

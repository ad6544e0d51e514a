// What a download link may be made of, as the console offers it: the protocols, and the export's files
// as one list of templates (a format, and for socks5 lines their written form). Socks5-only templates
// are left out for vmess lines, which they would leave empty.
import type { DownloadLink, DownloadLinkProtocol } from '@proxy/contract/static-ip/download-links'
import type { ExportFormat } from '@proxy/contract/static-ip/instances'

type Template = DownloadLink['template']
type Choice = { format: ExportFormat; template: Template; isSocks5Only?: boolean }

export const DOWNLOAD_LINK_TEMPLATES = {
  links: { format: 'links', template: 'uri' },
  colon: { format: 'links', template: 'ip:port:user:pass', isSocks5Only: true },
  at: { format: 'links', template: 'user:pass@ip:port', isSocks5Only: true },
  http: { format: 'http', template: 'uri', isSocks5Only: true },
  clash: { format: 'clash', template: 'uri' },
  csv: { format: 'csv', template: 'uri' },
  json: { format: 'json', template: 'uri' },
} as const satisfies Record<string, Choice>

export type DownloadLinkTemplate = keyof typeof DOWNLOAD_LINK_TEMPLATES
export const DOWNLOAD_LINK_TEMPLATE_KEYS = Object.keys(DOWNLOAD_LINK_TEMPLATES) as DownloadLinkTemplate[]

/** The templates that make sense for these lines. */
export const templatesFor = (protocol: DownloadLinkProtocol): DownloadLinkTemplate[] =>
  DOWNLOAD_LINK_TEMPLATE_KEYS.filter(
    (key) => protocol !== 'vmess' || !(DOWNLOAD_LINK_TEMPLATES[key] as Choice).isSocks5Only,
  )

/** The template a stored link was made with (its format and socks5 form). */
export const templateOf = (link: Pick<DownloadLink, 'format' | 'template'>): DownloadLinkTemplate =>
  DOWNLOAD_LINK_TEMPLATE_KEYS.find((key) => {
    const choice = DOWNLOAD_LINK_TEMPLATES[key]
    return choice.format === link.format && (choice.format !== 'links' || choice.template === link.template)
  }) ?? 'links'

/** The console's address of a link: the same origin the customer is on. */
export const downloadLinkUrl = (origin: string, secret: string) => `${origin}/api/dl/${secret}`

import { describe, expect, it } from 'vitest'
import {
  DOWNLOAD_LINK_TEMPLATE_KEYS,
  DOWNLOAD_LINK_TEMPLATES,
  downloadLinkUrl,
  templateOf,
  templatesFor,
} from './download-link-options.ts'

describe('download link templates', () => {
  it('offers every template for socks5 and all lines, and leaves the socks5-only ones out for vmess', () => {
    expect(templatesFor('all')).toEqual(DOWNLOAD_LINK_TEMPLATE_KEYS)
    expect(templatesFor('socks5')).toEqual(DOWNLOAD_LINK_TEMPLATE_KEYS)
    expect(templatesFor('vmess')).toEqual(['links', 'clash', 'csv', 'json'])
  })

  it('finds the template a stored link was made with, for every template', () => {
    for (const key of DOWNLOAD_LINK_TEMPLATE_KEYS) expect(templateOf(DOWNLOAD_LINK_TEMPLATES[key])).toBe(key)
    // A template sent through the API with a format that ignores it reads as that format.
    expect(templateOf({ format: 'csv', template: 'ip:port:user:pass' })).toBe('csv')
  })

  it('builds the URL on the console’s own origin', () => {
    expect(downloadLinkUrl('https://proxy.example', 'dl_abc')).toBe('https://proxy.example/api/dl/dl_abc')
  })
})

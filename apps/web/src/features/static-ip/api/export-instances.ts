// GET /proxy/instances/export/{type}: a plain-text file (no envelope), fetched without toasts (SPEC §8).
import { EXPORT_TYPES } from '@proxy/contract/static-ip/instances'
import { http } from '../../../shared/http/client.ts'
import { downloadText } from '../../../shared/lib/download-text.ts'

export { EXPORT_TYPES }
export type ExportType = (typeof EXPORT_TYPES)[number]

/** Only these instances (default: every active one). */
export type ExportOptions = { ids?: readonly string[] }

const FILE_NAMES: Record<ExportType, string> = {
  all: 'proxies-all.txt',
  vmess: 'proxies-vmess.txt',
  socks5: 'proxies-socks5.txt',
  clash: 'proxies-clash.yaml',
}

export const fetchInstancesExport = (type: ExportType, { ids }: ExportOptions = {}): Promise<string> =>
  http.get<string, string>(`/proxy/instances/export/${type}`, {
    params: ids && ids.length > 0 ? { ids: ids.join(',') } : undefined,
    silent: true,
    responseType: 'text',
  })

export const exportInstances = async (type: ExportType, options: ExportOptions = {}): Promise<void> => {
  const text = await fetchInstancesExport(type, options)
  downloadText(FILE_NAMES[type], text)
}

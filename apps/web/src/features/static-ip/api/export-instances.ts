// GET /proxy/instances/export/{type}: a plain-text file (no envelope), fetched without toasts (SPEC §8).
import { http } from '../../../shared/http/client.ts'
import { downloadText } from '../../../shared/lib/download-text.ts'

export const EXPORT_TYPES = ['all', 'vmess', 'socks5'] as const
export type ExportType = (typeof EXPORT_TYPES)[number]

export const fetchInstancesExport = (type: ExportType): Promise<string> =>
  http.get<string, string>(`/proxy/instances/export/${type}`, { silent: true, responseType: 'text' })

export const exportInstances = async (type: ExportType): Promise<void> => {
  const text = await fetchInstancesExport(type)
  downloadText(`proxies-${type}.txt`, text)
}

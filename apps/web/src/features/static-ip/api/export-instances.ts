// GET /proxy/instances/export/{type}: a file (no envelope), fetched without toasts (SPEC §8). The body
// is read as a stream (axios' fetch adapter) so the menu can show how much has arrived; the file is
// saved under the name the server suggests.
import type { InstanceStatus } from '@proxy/contract/static-ip/instances'
import { EXPORT_TYPES, type ExportFormat, type ExportType } from '@proxy/contract/static-ip/instances'
import type { AxiosResponse } from 'axios'
import { ApiError } from '../../../shared/http/api-error.ts'
import { http } from '../../../shared/http/client.ts'
import { fileNameFromDisposition } from '../../../shared/lib/content-disposition.ts'
import { downloadBlob } from '../../../shared/lib/download-blob.ts'

export type { ExportType }
export { EXPORT_TYPES }

type Choice = { type: ExportType; format: ExportFormat; template?: 'ip:port:user:pass' | 'user:pass@ip:port' }

/** Every file the menu offers, by key (the keys of the SPEC's three types are the types themselves). */
export const EXPORT_CHOICES = {
  socks5: { type: 'socks5', format: 'links' },
  'socks5-colon': { type: 'socks5', format: 'links', template: 'ip:port:user:pass' },
  'socks5-at': { type: 'socks5', format: 'links', template: 'user:pass@ip:port' },
  http: { type: 'socks5', format: 'http' },
  vmess: { type: 'vmess', format: 'links' },
  all: { type: 'all', format: 'links' },
  clash: { type: 'clash', format: 'links' },
  csv: { type: 'all', format: 'csv' },
  json: { type: 'all', format: 'json' },
} as const satisfies Record<string, Choice>
export type ExportChoice = keyof typeof EXPORT_CHOICES
export const EXPORT_CHOICE_KEYS = Object.keys(EXPORT_CHOICES) as ExportChoice[]

/** The IP list's filters; without a status every status is exported, as the list shows them. */
export type ExportFilters = {
  status?: InstanceStatus
  region?: string
  keyword?: string
  expiringWithinDays?: number
}

/** Either these instances, or every one matching the filters. */
export type ExportScope = { ids: readonly string[] } | { filters: ExportFilters }

/** Bytes received so far, and the whole size when the server said it (a streamed file has none). */
export type ExportProgress = { received: number; total: number | null }

export const exportParams = (choice: ExportChoice, scope: ExportScope): Record<string, string | number> => {
  const { format, ...rest } = EXPORT_CHOICES[choice] as Choice
  const params: Record<string, string | number> = {}
  if (format !== 'links') params.format = format
  if (rest.template) params.template = rest.template
  if ('ids' in scope) return { ...params, ids: scope.ids.join(',') }
  const { status, region, keyword, expiringWithinDays } = scope.filters
  params.status = status ?? 'any'
  if (region) params.region = region
  if (keyword) params.keyword = keyword
  if (expiringWithinDays !== undefined) params.expiringWithinDays = expiringWithinDays
  return params
}

const FALLBACK_NAMES: Record<ExportChoice, string> = {
  socks5: 'proxies-socks5.txt',
  'socks5-colon': 'proxies-socks5.txt',
  'socks5-at': 'proxies-socks5.txt',
  http: 'proxies-http.txt',
  vmess: 'proxies-vmess.txt',
  all: 'proxies-all.txt',
  clash: 'proxies-clash.yaml',
  csv: 'proxies.csv',
  json: 'proxies.json',
}

const headerOf = (response: AxiosResponse, name: string): string | null => {
  const value: unknown = response.headers[name]
  return typeof value === 'string' ? value : null
}

/** Reads the whole body, reporting the bytes as they arrive. */
const readAll = async (
  body: ReadableStream<Uint8Array> | null,
  total: number | null,
  onProgress: (progress: ExportProgress) => void,
): Promise<Uint8Array[]> => {
  const chunks: Uint8Array[] = []
  let received = 0
  onProgress({ received, total })
  if (!body) return chunks
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return chunks
    chunks.push(value)
    received += value.byteLength
    onProgress({ received, total })
  }
}

const isEnvelope = (body: unknown): body is { code: number; message: string } =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { code?: unknown }).code === 'number' &&
  typeof (body as { message?: unknown }).message === 'string'

/** The failure an answer other than 2xx stands for, with the envelope's code when it sent one. */
const failureOf = async (response: AxiosResponse<ReadableStream<Uint8Array>>): Promise<ApiError> => {
  const decoder = new TextDecoder()
  const chunks = await readAll(response.data, null, () => {}).catch(() => [])
  const text = chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode()
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {}
  return isEnvelope(body)
    ? new ApiError(body.message, body.code, response.status)
    : new ApiError('', null, response.status)
}

/** Fetches the file as a stream; answers its name and contents once all has arrived. */
export const fetchInstancesExport = async (
  choice: ExportChoice,
  scope: ExportScope,
  {
    onProgress = () => {},
    signal,
  }: { onProgress?: (progress: ExportProgress) => void; signal?: AbortSignal } = {},
): Promise<{ fileName: string; blob: Blob }> => {
  const { type } = EXPORT_CHOICES[choice]
  // Through request() like every call, so the app's interceptors (headers, 401) and test doubles see it.
  const response = await http.request<ReadableStream<Uint8Array>, AxiosResponse<ReadableStream<Uint8Array>>>({
    method: 'GET',
    url: `/proxy/instances/export/${type}`,
    params: exportParams(choice, scope),
    adapter: 'fetch',
    responseType: 'stream',
    silent: true,
    rawResponse: true,
    // A 401 still goes through the interceptors (the session ends); any other failure is read here,
    // where the envelope in the streamed body can still be read for a precise message.
    validateStatus: (status) => status !== 401,
    signal,
  })
  if (response.status < 200 || response.status >= 300) throw await failureOf(response)
  const length = Number(headerOf(response, 'content-length'))
  const chunks = await readAll(
    response.data,
    Number.isFinite(length) && length > 0 ? length : null,
    onProgress,
  )
  return {
    fileName: fileNameFromDisposition(headerOf(response, 'content-disposition'), FALLBACK_NAMES[choice]),
    blob: new Blob(chunks as BlobPart[], {
      type: headerOf(response, 'content-type') ?? 'application/octet-stream',
    }),
  }
}

/** Downloads the export and answers the file name it was saved under. */
export const exportInstances = async (
  choice: ExportChoice,
  scope: ExportScope,
  options: Parameters<typeof fetchInstancesExport>[2] = {},
): Promise<string> => {
  const { fileName, blob } = await fetchInstancesExport(choice, scope, options)
  downloadBlob(fileName, blob)
  return fileName
}

// Calls one contract endpoint and checks the answer against its response schema.
import type { BodyOf, Endpoint, ResponseOf } from '@proxy/contract/endpoint'
import { ContractMismatchError } from './api-error.ts'
import { http } from './client.ts'

type CallInput<E extends Endpoint> = {
  params?: Record<string, string>
  query?: Record<string, string | number>
  body?: BodyOf<E>
  headers?: Record<string, string>
  silent?: boolean
}

export const fillPath = (path: string, params: Record<string, string> = {}): string =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(value)
  })

export const callEndpoint = async <E extends Endpoint>(
  endpoint: E,
  input: CallInput<E> = {},
): Promise<ResponseOf<E>> => {
  const url = fillPath(endpoint.path, input.params)
  const data = await http.request<unknown, unknown>({
    method: endpoint.method,
    url,
    params: input.query,
    data: input.body,
    headers: input.headers,
    silent: input.silent,
  })
  const parsed = endpoint.response.safeParse(data)
  if (!parsed.success) throw new ContractMismatchError(url, parsed.error.issues)
  return parsed.data as ResponseOf<E>
}

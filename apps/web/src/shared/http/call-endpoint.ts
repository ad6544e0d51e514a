// Calls one contract endpoint and checks the answer against its response schema.
// A page of the first paint names its endpoints with `lazyEndpoint` (method and path here, the contract's module —
// zod and its schemas — in a chunk loaded while the request is in flight), so the check costs no first-load bytes.
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

/** An endpoint whose contract loads on demand; method and path are typed against it, so they cannot drift. */
export type LazyEndpoint<E extends Endpoint> = {
  method: E['method']
  path: E['path']
  load: () => Promise<E>
}

export const lazyEndpoint = <E extends Endpoint>(
  method: E['method'],
  path: E['path'],
  load: () => Promise<E>,
): LazyEndpoint<E> => ({ method, path, load })

const isLazy = <E extends Endpoint>(endpoint: E | LazyEndpoint<E>): endpoint is LazyEndpoint<E> =>
  'load' in endpoint

/** The contract of a lazy endpoint, checked to be the one its method and path name. */
const contractOf = async <E extends Endpoint>(endpoint: LazyEndpoint<E>): Promise<E> => {
  const loaded = await endpoint.load()
  if (loaded.method !== endpoint.method || loaded.path !== endpoint.path)
    throw new Error(
      `${endpoint.method} ${endpoint.path} loads the contract of ${loaded.method} ${loaded.path}`,
    )
  return loaded
}

export const fillPath = (path: string, params: Record<string, string> = {}): string =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(value)
  })

export const callEndpoint = async <E extends Endpoint>(
  endpoint: E | LazyEndpoint<E>,
  input: CallInput<E> = {},
): Promise<ResponseOf<E>> => {
  const url = fillPath(endpoint.path, input.params)
  const contract = isLazy(endpoint) ? contractOf(endpoint) : Promise.resolve(endpoint)
  // a failed request wins over a failed chunk load; the contract's rejection must not go unhandled meanwhile
  contract.catch(() => undefined)
  const data = await http.request<unknown, unknown>({
    method: endpoint.method,
    url,
    params: input.query,
    data: input.body,
    headers: input.headers,
    silent: input.silent,
  })
  const parsed = (await contract).response.safeParse(data)
  if (!parsed.success) throw new ContractMismatchError(url, parsed.error.issues)
  return parsed.data as ResponseOf<E>
}

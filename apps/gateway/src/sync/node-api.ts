// One exchange with the server's node API: the node token, a bounded wait, and the envelope unwrapped.
// Callers decide what a status means; this only reports it. Paths and methods are the contract's
// endpoint objects (packages/contract/src/nodes/endpoints.ts), the ones the server mounts.
import type { Endpoint } from '@proxy/contract/endpoint'

export type Fetch = typeof globalThis.fetch
export type NodeApiOptions = { apiUrl: string; token: string; fetch?: Fetch }
export type NodeApiAnswer = { status: number; headers: Headers; data: unknown }
/** A node endpoint as the contract defines it: its method and its path under /api. */
export type NodeEndpoint = Pick<Endpoint, 'method' | 'path'>

/** Longest wait for one exchange: a hung server must not stall the sync loops. */
const TIMEOUT_MS = 15_000

export async function callNodeApi(
  options: NodeApiOptions,
  endpoint: NodeEndpoint,
  extra: { query?: Record<string, string>; body?: string; headers?: Record<string, string> } = {},
): Promise<NodeApiAnswer> {
  const fetch = options.fetch ?? globalThis.fetch
  const query = extra.query ? `?${new URLSearchParams(extra.query)}` : ''
  const answer = await fetch(`${options.apiUrl.replace(/\/$/, '')}/api${endpoint.path}${query}`, {
    method: endpoint.method,
    headers: {
      authorization: `Bearer ${options.token}`,
      ...(extra.body !== undefined && { 'content-type': 'application/json' }),
      ...extra.headers,
    },
    body: extra.body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  const text = await answer.text()
  let data: unknown = null
  try {
    data = text ? (JSON.parse(text) as { data?: unknown }).data : null
  } catch {
    // Not our envelope (a proxy's error page, say): the status alone speaks.
  }
  return { status: answer.status, headers: answer.headers, data }
}

/** `POST /node/v1/traffic`: how errors name the endpoint. */
export const endpointName = (endpoint: NodeEndpoint) => `${endpoint.method} ${endpoint.path}`

/** An answer the caller may retry later (the request may or may not have been applied). */
export class NodeApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'NodeApiError'
  }
}

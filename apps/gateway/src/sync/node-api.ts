// One exchange with the server's node API: the node token, a bounded wait, and the envelope unwrapped.
// Callers decide what a status means; this only reports it.

export type Fetch = typeof globalThis.fetch
export type NodeApiOptions = { apiUrl: string; token: string; fetch?: Fetch }
export type NodeApiAnswer = { status: number; headers: Headers; data: unknown }

/** Longest wait for one exchange: a hung server must not stall the sync loops. */
const TIMEOUT_MS = 15_000

export async function callNodeApi(
  options: NodeApiOptions,
  method: 'GET' | 'POST',
  path: string,
  extra: { body?: string; headers?: Record<string, string> } = {},
): Promise<NodeApiAnswer> {
  const fetch = options.fetch ?? globalThis.fetch
  const answer = await fetch(`${options.apiUrl.replace(/\/$/, '')}/api/node/v1${path}`, {
    method,
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

// `node:simulate`: a pretend proxy node for demos and tests. It is only an HTTP client of the node
// API — it fetches the credentials a node must accept, then pushes one report per simulated minute
// of random usage, stops serving whatever the server answers as disabled, and prints what it sent.
import { randomUUID } from 'node:crypto'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'

export type SimulateOptions = {
  baseUrl: string
  token: string
  minutes: number
  /** Average megabytes per credential per minute; each minute varies by ±50 %. */
  mbPerMinute: number
  /** Only these credentials (ids, or traffic-account and sub-user usernames); all when empty. */
  only: string[]
  random?: () => number
}

export type SimulationResult = {
  reports: number
  upBytes: number
  downBytes: number
  /** Bytes pushed per credential id. */
  perCredential: Record<string, number>
  disabled: string[]
}

const MB = 1024 * 1024

async function call<T>(options: SimulateOptions, method: 'GET' | 'POST', path: string, body?: unknown) {
  const answer = await fetch(`${options.baseUrl.replace(/\/$/, '')}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${options.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = (await answer.json().catch(() => null)) as {
    code: number
    message: string
    data: T
  } | null
  if (!answer.ok || !envelope || envelope.code !== 0)
    throw new Error(`${method} ${path} answered ${answer.status}: ${envelope?.message ?? 'no envelope'}`)
  return envelope.data
}

export async function simulateNode(options: SimulateOptions): Promise<SimulationResult> {
  const random = options.random ?? Math.random
  await call(options, 'POST', '/node/v1/heartbeat')
  const users = await call<NodeUsers>(options, 'GET', '/node/v1/users')
  const wanted = (id: string, username: string) =>
    options.only.length === 0 || options.only.includes(id) || options.only.includes(username)
  type Served = { kind: 'instance' | 'traffic-account' | 'sub-user'; id: string; account?: string }
  let serving: Served[] = [
    ...users.instances
      .filter((i) => wanted(i.id, i.username))
      .map((i) => ({ kind: 'instance' as const, id: i.id })),
    ...users.trafficAccounts
      .filter((a) => wanted(a.id, a.username))
      .map((a) => ({ kind: 'traffic-account' as const, id: a.id, account: a.id })),
    // A sub-user is paid by its account: it stops with it.
    ...(users.subUsers ?? [])
      .filter((s) => wanted(s.id, s.username))
      .map((s) => ({ kind: 'sub-user' as const, id: s.id, account: s.account })),
  ]
  const result: SimulationResult = { reports: 0, upBytes: 0, downBytes: 0, perCredential: {}, disabled: [] }
  const minuteOf = () => Math.round(options.mbPerMinute * MB * (0.5 + random()))
  for (let minute = 0; minute < options.minutes && serving.length > 0; minute++) {
    const records = serving.map(({ kind, id }) => {
      const total = minuteOf()
      // Proxy traffic is mostly downloads.
      const upBytes = Math.round(total * 0.15)
      return { kind, id, upBytes, downBytes: total - upBytes }
    })
    const answer = await call<{ disabled: { id: string }[] }>(options, 'POST', '/node/v1/traffic', {
      reportId: `simulate-${randomUUID()}`,
      records,
    })
    result.reports += 1
    for (const record of records) {
      result.upBytes += record.upBytes
      result.downBytes += record.downBytes
      result.perCredential[record.id] =
        (result.perCredential[record.id] ?? 0) + record.upBytes + record.downBytes
    }
    const cut = new Set(answer.disabled.map((entry) => entry.id))
    result.disabled.push(...cut)
    serving = serving.filter((credential) => !cut.has(credential.id) && !cut.has(credential.account ?? ''))
  }
  return result
}

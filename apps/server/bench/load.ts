// The bench's load loop: `total` requests, `concurrency` at a time, with latency percentiles.
// `loadInOwnProcess` runs it in a child process so the client never shares the server's event loop
// or CPU time (an in-process client flatters nothing and steals the server's CPU).
import { fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { Agent, request } from 'node:http'

export type Timing = { perSecond: number; p50: number; p95: number }

/** `total` requests, `concurrency` at a time; answers throughput and latency percentiles (ms). */
export async function load(
  total: number,
  concurrency: number,
  request: (i: number) => Promise<Response>,
): Promise<Timing> {
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++
        const begun = performance.now()
        const response = await request(i)
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`request ${i}: HTTP ${response.status}`)
        latencies.push(performance.now() - begun)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { perSecond: total / seconds, p50: at(0.5), p95: at(0.95) }
}

/** A request the child can build on its own: plain data, since it crosses a process boundary. */
export type RequestSpec = {
  url: string
  method?: string
  headers?: Record<string, string>
  body?: string
  /** Request i carries `authorization: Bearer tokens[i % tokens.length]`. */
  tokens?: string[]
  /** Each request gets a fresh Idempotency-Key. */
  idempotencyKeys?: boolean
}

// Kept-alive sockets: one per concurrent request, reused.
const agent = new Agent({ keepAlive: true })

/**
 * One request of the spec, answered once its body has arrived. node:http rather than fetch: on this
 * 2-core machine fetch's own work took 70% of a core at 10 connections, CPU the server and
 * PostgreSQL then waited for, and every latency above counted it.
 */
export function specRequest(spec: RequestSpec, i: number): Promise<Response> {
  const headers: Record<string, string> = { ...spec.headers }
  if (spec.tokens?.length) headers.authorization = `Bearer ${spec.tokens[i % spec.tokens.length]}`
  if (spec.idempotencyKeys) headers['idempotency-key'] = randomUUID()
  if (spec.body !== undefined) headers['content-type'] ??= 'application/json'
  return new Promise((resolve, reject) => {
    const sent = request(spec.url, { method: spec.method ?? 'GET', headers, agent }, (answer) => {
      answer.on('error', reject)
      answer.on('end', () => resolve(new Response(null, { status: answer.statusCode ?? 0 })))
      answer.resume()
    })
    sent.on('error', reject)
    sent.end(spec.body)
  })
}

/** `load` in a child process (bench/load-worker.ts); answers the child's timing. */
export function loadInOwnProcess(total: number, concurrency: number, spec: RequestSpec): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-worker.ts', import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    let answered = false
    child.once('message', (message: { timing?: Timing; error?: string }) => {
      answered = true
      if (message.timing) resolve(message.timing)
      else reject(new Error(`load worker: ${message.error}`))
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`load worker exited with ${code} before answering`))
    })
    child.send({ total, concurrency, spec })
  })
}

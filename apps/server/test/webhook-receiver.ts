// A webhook receiver on loopback for the alerts tests: records every request it gets and answers the
// statuses it is told, in turn (the last one from then on).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Received = { headers: IncomingHttpHeaders; body: string; path: string }

export async function startReceiver(host = '127.0.0.1') {
  const received: Received[] = []
  let statuses = [200]
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        path: request.url ?? '',
      })
      const status = statuses.length > 1 ? (statuses.shift() as number) : (statuses[0] as number)
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((done) => server.listen(0, host, done))
  const { port } = server.address() as AddressInfo
  return {
    received,
    port,
    url: (path = '/hook') => `http://${host}:${port}${path}`,
    /** The statuses the next requests get, in turn; the last one stays. */
    answer: (next: number[]) => {
      statuses = [...next]
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}

/**
 * The README's verification sample, as a receiver runs it: the signature over "<t>.<body>" with the
 * endpoint's secret, compared in constant time, and a timestamp within the tolerance of `now`.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string,
  toleranceSeconds = 300,
  now = Date.now(),
): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]))
  const timestamp = Number(parts.t)
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest()
  const given = Buffer.from(parts.v1 ?? '', 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

// Test helpers for the HTTP proxy's forwarding (not a test file itself): the proxy under test with
// two "stubborn" origins, hand-made absolute-URI requests, and a reader of the responses a client got.
import net from 'node:net'
import { expect } from 'vitest'
import { handleHttpProxy } from './http-proxy.ts'
import { exchange } from './test-clients.ts'
import { basicToken, closeServer, type Harness, ignore, listen, startHarness } from './test-harness.ts'

export type Origin = Awaited<ReturnType<typeof stubbornOrigin>>
export type Response = { status: number; headers: Map<string, string>; body: string }

/** The handshake deadline of the proxy under test, short so per-head deadlines are quick to see. */
export const handshakeTimeoutMs = 300

/** The HTTP proxy with two stubborn origins, A and B, on loopback addresses of their own. */
export async function startForwarding(addressA: string, addressB: string) {
  const harness = await startHarness(handleHttpProxy, { handshakeTimeoutMs })
  const originA = await stubbornOrigin(addressA, 'A')
  const originB = await stubbornOrigin(addressB, 'B')
  harness.allow(originA.port)
  harness.allow(originB.port)
  return {
    harness,
    originA,
    originB,
    sinkUrl: (path: string) => `http://127.0.0.1:${harness.sinks.http}${path}`,
    close: () => Promise.all([originA.close(), originB.close(), harness.close()]),
  }
}

/**
 * An origin that ignores `Connection: close` and keeps every connection open, recording each head
 * it gets and answering `<name>:<request target>`; `/until-close` is answered without a length, then closed.
 */
export async function stubbornOrigin(host: string, name: string) {
  const heads: string[] = []
  const server = net.createServer((socket) => {
    socket.on('error', ignore)
    let buffer = ''
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1')
      for (let end = buffer.indexOf('\r\n\r\n'); end >= 0; end = buffer.indexOf('\r\n\r\n')) {
        const head = buffer.slice(0, end)
        heads.push(head)
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
        buffer = buffer.slice(end + 4 + length)
        const body = `${name}:${head.split(' ')[1]}`
        if (head.startsWith('GET /until-close ')) socket.end(`HTTP/1.1 200 OK\r\n\r\n${body}`)
        else
          socket.write(
            `HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body}`,
          )
      }
    })
  })
  const port = (await listen(server, host)) ?? 0
  return {
    port,
    heads,
    url: (path: string) => `http://${host}:${port}${path}`,
    close: () => closeServer(server),
  }
}

/** An absolute-URI request with our test credentials. */
export const request = (method: string, url: string, headers: string[] = [], body = '') =>
  Buffer.from(
    [
      `${method} ${url} HTTP/1.1`,
      `Host: ${new URL(url).host}`,
      `Proxy-Authorization: ${basicToken}`,
      ...headers,
    ]
      .concat('', body)
      .join('\r\n'),
    'latin1',
  )
export const get = (url: string, headers: string[] = []) => request('GET', url, headers)

/** Splits what the client received into responses (interim ones skipped); `methods` as requested, in order. */
export function responses(data: Buffer, methods: string[]): Response[] {
  let text = data.toString('latin1')
  const parsed: Response[] = []
  for (let index = 0; index < methods.length; ) {
    const end = text.indexOf('\r\n\r\n')
    if (end < 0) break
    const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n')
    const status = Number(statusLine.split(' ')[1])
    const headers = new Map(
      lines.map((line) => [line.split(':')[0]?.toLowerCase() ?? '', line.replace(/^[^:]*: */, '')]),
    )
    text = text.slice(end + 4)
    if (status < 200) continue
    let body = ''
    const length = headers.get('content-length')
    if (methods[index] === 'HEAD' || status === 204 || status === 304) body = ''
    else if (length !== undefined) {
      body = text.slice(0, Number(length))
      text = text.slice(body.length)
    } else if (headers.get('transfer-encoding') === 'chunked') {
      for (let size = Number.parseInt(text, 16); ; size = Number.parseInt(text, 16)) {
        text = text.slice(text.indexOf('\r\n') + 2)
        if (size === 0) break
        body += text.slice(0, size)
        text = text.slice(size + 2)
      }
      text = text.slice(text.indexOf('\r\n') + 2)
    } else {
      body = text
      text = ''
    }
    parsed.push({ status, headers, body })
    index++
  }
  return parsed
}

/** Sends `requests` in one write and half-closes; the proxy answers them all, then closes. */
export async function pipelined(harness: Harness, requests: Buffer[], methods = requests.map(() => 'GET')) {
  harness.resetTally()
  const sent = Buffer.concat(requests)
  const result = await exchange(harness.port, [sent], { end: true })
  expect(result.isClosed).toBe(true)
  expect(await harness.settle()).toBe(0)
  return { sent, received: result.data, answers: responses(result.data, methods) }
}

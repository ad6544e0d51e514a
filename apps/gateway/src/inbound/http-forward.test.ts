// Absolute-URI requests after the first on one client connection (issue 25): each reaches its own
// origin only, without hop-by-hop headers, in order, framed exactly and metered exactly. The
// origins here are loopback addresses of their own; A and B keep every connection open whatever the
// request says, as the origin in the reported attack did.
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleHttpProxy } from './http-proxy.ts'
import { curl, exchange, rawClient } from './test-clients.ts'
import {
  basicToken,
  closeServer,
  type Harness,
  ignore,
  listen,
  password,
  startHarness,
  user,
} from './test-harness.ts'

type Origin = Awaited<ReturnType<typeof stubbornOrigin>>
type Response = { status: number; headers: Map<string, string>; body: string }

const timeoutMs = 300
let harness: Harness
let originA: Origin
let originB: Origin

beforeAll(async () => {
  harness = await startHarness(handleHttpProxy, { handshakeTimeoutMs: timeoutMs })
  originA = await stubbornOrigin('127.0.0.61', 'A')
  originB = await stubbornOrigin('127.0.0.62', 'B')
  harness.allow(originA.port)
  harness.allow(originB.port)
})
afterAll(async () => {
  await Promise.all([originA.close(), originB.close(), harness.close()])
})

/**
 * An origin that ignores `Connection: close` and keeps every connection open, recording each head
 * it gets and answering `<name>:<request target>`; `/until-close` is answered without a length, then closed.
 */
async function stubbornOrigin(host: string, name: string) {
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

const sinkUrl = (path: string) => `http://127.0.0.1:${harness.sinks.http}${path}`
const request = (method: string, url: string, headers: string[] = [], body = '') =>
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
const get = (url: string, headers: string[] = []) => request('GET', url, headers)

/** Splits what the client received into responses (interim ones skipped); `methods` as requested, in order. */
function responses(data: Buffer, methods: string[]): Response[] {
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
async function pipelined(requests: Buffer[], methods = requests.map(() => 'GET')) {
  harness.resetTally()
  const sent = Buffer.concat(requests)
  const result = await exchange(harness.port, [sent], { end: true })
  expect(result.isClosed).toBe(true)
  expect(await harness.settle()).toBe(0)
  return { sent, received: result.data, answers: responses(result.data, methods) }
}

describe('the reported attack: curl with two URLs through one proxy connection', () => {
  it('sends each request to its own origin only, never the credentials, and shows each body under its URL', async () => {
    const [a, b] = [originA.url('/a'), originB.url('/b')]
    const [aBefore, bBefore] = [originA.heads.length, originB.heads.length]
    const result = await curl([
      ...['--proxy', `http://${user}:${password}@127.0.0.1:${harness.port}`],
      ...['--write-out', '\n[%{url_effective} connects=%{num_connects}]\n', a, b],
    ])
    expect(result.stderr).toBe('')
    // connects=0: curl sent B's request on the connection that carried A's, as in the report.
    expect(result.stdout).toBe(`A:/a\n[${a} connects=1]\nB:/b\n[${b} connects=0]\n`)
    const seenByA = originA.heads.slice(aBefore)
    expect(seenByA).toHaveLength(1)
    expect(seenByA[0]).toMatch(/^GET \/a HTTP\/1\.1\r\n/)
    expect(seenByA.join()).not.toMatch(/\/b|proxy-authorization/i)
    expect(originB.heads.slice(bBefore)).toEqual([expect.stringMatching(/^GET \/b HTTP\/1\.1\r\n/)])
    expect(originB.heads.join()).not.toMatch(/proxy-authorization/i)
  })
})

describe('pipelined requests', () => {
  it('answers two requests to one origin in order and meters exactly what the client sent and received', async () => {
    const { sent, received, answers } = await pipelined([get(sinkUrl('/size/5')), get(sinkUrl('/size/7'))])
    expect(answers.map((answer) => answer.body)).toEqual(['xxxxx', 'xxxxxxx'])
    expect(harness.tally).toEqual({ up: sent.length, down: received.length })
  })

  it('answers three requests to two origins in order, each origin seeing only its own', async () => {
    const before = originA.heads.length
    const { sent, received, answers } = await pipelined([
      get(sinkUrl('/size/3')),
      get(originA.url('/only-a')),
      get(sinkUrl('/size/4')),
    ])
    expect(answers.map((answer) => answer.body)).toEqual(['xxx', 'A:/only-a', 'xxxx'])
    expect(originA.heads.slice(before)).toEqual([expect.stringMatching(/^GET \/only-a HTTP\/1\.1\r\n/)])
    expect(harness.tally).toEqual({ up: sent.length, down: received.length })
  })

  it('answers three requests to two stubborn origins and back, dialling each change of origin', async () => {
    const [aBefore, bBefore, dials] = [originA.heads.length, originB.heads.length, harness.dials.length]
    const { sent, received, answers } = await pipelined([
      get(originA.url('/1')),
      get(originB.url('/2')),
      get(originA.url('/3')),
    ])
    expect(answers.map((answer) => answer.body)).toEqual(['A:/1', 'B:/2', 'A:/3'])
    expect(originA.heads.slice(aBefore).map((head) => head.split(' ')[1])).toEqual(['/1', '/3'])
    expect(originB.heads.slice(bBefore).map((head) => head.split(' ')[1])).toEqual(['/2'])
    expect(harness.dials.slice(dials).map((dial) => dial.host)).toEqual([
      '127.0.0.61',
      '127.0.0.62',
      '127.0.0.61',
    ])
    expect(harness.tally).toEqual({ up: sent.length, down: received.length })
  })

  it('reuses the upstream for the same origin', async () => {
    const dials = harness.dials.length
    const { answers } = await pipelined([
      get(originA.url('/r1')),
      get(originA.url('/r2')),
      get(originA.url('/r3')),
    ])
    expect(answers.map((answer) => answer.body)).toEqual(['A:/r1', 'A:/r2', 'A:/r3'])
    expect(harness.dials.length - dials).toBe(1)
  })
})

describe('hop-by-hop headers', () => {
  const hopByHop = [
    'Proxy-Connection: keep-alive',
    'Connection: keep-alive, X-Hop',
    'X-Hop: secret',
    'Keep-Alive: timeout=5',
    'TE: trailers',
    'Upgrade: websocket',
  ]

  it('never reach the origin, on the second and third request either', async () => {
    const before = originA.heads.length
    const { answers } = await pipelined([1, 2, 3].map((n) => get(originA.url(`/hop${n}`), hopByHop)))
    expect(answers.map((answer) => answer.body)).toEqual(['A:/hop1', 'A:/hop2', 'A:/hop3'])
    const heads = originA.heads.slice(before)
    expect(heads).toHaveLength(3)
    for (const head of heads) {
      const names = head
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(':')[0]?.toLowerCase())
      for (const name of ['proxy-authorization', 'proxy-connection', 'x-hop', 'keep-alive', 'te', 'upgrade'])
        expect(names).not.toContain(name)
      expect(head).toMatch(/\r\nConnection: keep-alive$/)
      expect(head).not.toContain('secret')
    }
  })

  it('are dropped from responses, and the proxy says when it closes', async () => {
    const { answers } = await pipelined([get(originA.url('/h')), get(originA.url('/until-close'))])
    expect(answers.map((answer) => answer.body)).toEqual(['A:/h', 'A:/until-close'])
    expect(answers[0]?.headers.has('connection')).toBe(false)
    expect(answers[1]?.headers.get('connection')).toBe('close')
  })

  it('a request without its own credentials is refused, whatever the one before it carried', async () => {
    const before = originA.heads.length
    const bare = Buffer.from(`GET ${originA.url('/bare')} HTTP/1.1\r\nHost: x\r\n\r\n`)
    const result = await exchange(harness.port, [Buffer.concat([get(originA.url('/authed')), bare])])
    const answers = responses(result.data, ['GET', 'GET'])
    expect(answers.map((answer) => answer.status)).toEqual([200, 407])
    expect(result.isClosed).toBe(true)
    expect(originA.heads.slice(before).map((head) => head.split(' ')[1])).toEqual(['/authed'])
  })
})

describe('framing', () => {
  const smuggled = '0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n'
  const cases: Array<[name: string, headers: string[], version?: string]> = [
    [
      'Content-Length and Transfer-Encoding',
      [`Content-Length: ${smuggled.length}`, 'Transfer-Encoding: chunked'],
    ],
    ['Transfer-Encoding and Content-Length', ['Transfer-Encoding: chunked', 'Content-Length: 5']],
    ['two differing Content-Length headers', ['Content-Length: 5', `Content-Length: ${smuggled.length}`]],
    ['a Content-Length list of differing values', [`Content-Length: 5, ${smuggled.length}`]],
    ['a signed Content-Length', ['Content-Length: +5']],
    ['Transfer-Encoding twice', ['Transfer-Encoding: chunked', 'Transfer-Encoding: chunked']],
    ['a coding after chunked', ['Transfer-Encoding: chunked, identity']],
    ['an unknown coding', ['Transfer-Encoding: xchunked']],
    ['Transfer-Encoding in HTTP/1.0', ['Transfer-Encoding: chunked'], 'HTTP/1.0'],
  ]
  for (const [name, headers, version] of cases) {
    it(`answers 400 to ${name} and closes, sending nothing upstream`, async () => {
      const before = originA.heads.length
      const head = request('POST', originA.url('/post'), headers, smuggled)
      const bytes = version
        ? Buffer.from(head.toString('latin1').replace('HTTP/1.1', version), 'latin1')
        : head
      const result = await exchange(harness.port, [bytes])
      expect(result.data.toString()).toMatch(/^HTTP\/1\.1 400 /)
      expect(result.isClosed).toBe(true)
      expect(originA.heads.length).toBe(before)
    })
  }

  it('answers 400 to a smuggling attempt in the second request of a kept-alive connection', async () => {
    const before = originA.heads.length
    const second = request(
      'POST',
      originA.url('/post'),
      ['Content-Length: 5', 'Transfer-Encoding: chunked'],
      smuggled,
    )
    const result = await exchange(harness.port, [Buffer.concat([get(originA.url('/first')), second])])
    expect(responses(result.data, ['GET', 'POST']).map((answer) => answer.status)).toEqual([200, 400])
    expect(result.isClosed).toBe(true)
    expect(originA.heads.slice(before).map((head) => head.split(' ')[1])).toEqual(['/first'])
  })

  it('forwards a chunked request body intact, extensions and trailers included', async () => {
    const body = '5;name=value\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n'
    const chunked = request('POST', sinkUrl('/echo'), ['Transfer-Encoding: chunked'], body)
    const { sent, received, answers } = await pipelined([chunked, get(sinkUrl('/size/2'))], ['POST', 'GET'])
    expect(JSON.parse(answers[0]?.body ?? '')).toEqual({
      body: 'hello world',
      trailers: { 'x-trailer': 't' },
    })
    expect(answers[1]?.body).toBe('xx')
    expect(harness.tally).toEqual({ up: sent.length, down: received.length })
  })

  it('answers 400 to a malformed chunk and closes', async () => {
    const chunked = request(
      'POST',
      sinkUrl('/echo'),
      ['Transfer-Encoding: chunked'],
      '5 junk\r\nhello\r\n0\r\n\r\n',
    )
    const result = await exchange(harness.port, [chunked])
    expect(result.data.toString()).toMatch(/^HTTP\/1\.1 400 /)
    expect(result.isClosed).toBe(true)
  })

  it('answers HEAD, 204, 304 without waiting for a body, and relays a chunked response', async () => {
    const { sent, received, answers } = await pipelined(
      [
        request('HEAD', sinkUrl('/size/100')),
        get(sinkUrl('/status/204')),
        get(sinkUrl('/status/304')),
        get(sinkUrl('/chunked')),
        get(sinkUrl('/size/3')),
      ],
      ['HEAD', 'GET', 'GET', 'GET', 'GET'],
    )
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [200, ''],
      [204, ''],
      [304, ''],
      [200, 'first,second'],
      [200, 'xxx'],
    ])
    expect(answers[0]?.headers.get('content-length')).toBe('100')
    expect(answers[3]?.headers.get('transfer-encoding')).toBe('chunked')
    expect(harness.tally).toEqual({ up: sent.length, down: received.length })
  })

  it('relays 100 Continue before the body is sent, then the final answer', async () => {
    const client = await rawClient(harness.port)
    const head = request('POST', sinkUrl('/echo'), ['Content-Length: 4', 'Expect: 100-continue'])
    client.write(head)
    expect(await client.until((data) => data.toString().startsWith('HTTP/1.1 100 Continue\r\n'))).toBe(true)
    client.write('ping')
    expect(await client.until((data) => data.toString().endsWith('"trailers":{}}'))).toBe(true)
    expect(client.received().toString()).toContain('{"body":"ping"')
    client.close()
  })
})

describe('deadlines on a kept-alive connection', () => {
  async function afterOneAnswer() {
    const client = await rawClient(harness.port)
    client.write(get(sinkUrl('/size/3')))
    expect(await client.until((data) => data.toString().endsWith('\r\n\r\nxxx'))).toBe(true)
    return { client, answeredAt: Date.now() }
  }

  it(`closes an idle client ${timeoutMs} ms after its last answer`, async () => {
    const { client, answeredAt } = await afterOneAnswer()
    await client.until(() => false)
    const idleMs = (client.closedAt() ?? Number.POSITIVE_INFINITY) - answeredAt
    expect(idleMs).toBeGreaterThanOrEqual(timeoutMs - 50)
    expect(idleMs).toBeLessThan(2_000)
  })

  it('closes a client that stops inside its second head', async () => {
    const { client, answeredAt } = await afterOneAnswer()
    client.write(`GET ${sinkUrl('/size/3')} HTTP/1.1\r\nProxy-Authorization: ${basicToken}\r\n`)
    await client.until(() => false)
    const stalledMs = (client.closedAt() ?? Number.POSITIVE_INFINITY) - answeredAt
    expect(stalledMs).toBeGreaterThanOrEqual(timeoutMs - 50)
    expect(stalledMs).toBeLessThan(2_000)
  })

  it('keeps a client that asks in time, and registers it once for cut-offs', async () => {
    const tracked = harness.tracked.length
    const { client } = await afterOneAnswer()
    for (const size of [4, 5]) {
      client.write(get(sinkUrl(`/size/${size}`)))
      expect(await client.until((data) => data.toString().endsWith(`\r\n\r\n${'x'.repeat(size)}`))).toBe(true)
    }
    expect(client.closedAt()).toBeUndefined()
    expect(harness.tracked.length - tracked).toBe(1)
    client.close()
  })

  it('leaves no connection open', async () => {
    expect(await harness.settle()).toBe(0)
    expect(harness.escaped).toEqual([])
  })
})

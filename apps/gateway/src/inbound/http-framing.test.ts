// Framing of forwarded absolute-URI requests and their responses: ambiguous bodies (request
// smuggling) are refused before anything goes upstream, and every body ends exactly where it ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exchange, rawClient } from './test-clients.ts'
import type { Harness } from './test-harness.ts'
import {
  get,
  type Origin,
  pipelined as pipelinedVia,
  request,
  responses,
  startForwarding,
} from './test-http.ts'

let setup: Awaited<ReturnType<typeof startForwarding>>
let harness: Harness
let originA: Origin
let sinkUrl: (path: string) => string
const pipelined = (requests: Buffer[], methods?: string[]) => pipelinedVia(harness, requests, methods)

beforeAll(async () => {
  setup = await startForwarding('127.0.0.63', '127.0.0.64')
  ;({ harness, originA, sinkUrl } = setup)
})
afterAll(() => setup.close())

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

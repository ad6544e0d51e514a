// Absolute-URI requests after the first on one client connection (issue 25): each reaches its own
// origin only, without hop-by-hop headers, in order, and metered exactly. Origins A and B keep every
// connection open whatever the request says, as the origin in the reported attack did.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { curl, exchange, rawClient } from './test-clients.ts'
import { basicToken, type Harness, password, user } from './test-harness.ts'
import {
  get,
  type Origin,
  pipelined as pipelinedVia,
  responses,
  startForwarding,
  handshakeTimeoutMs as timeoutMs,
} from './test-http.ts'

let setup: Awaited<ReturnType<typeof startForwarding>>
let harness: Harness
let originA: Origin
let originB: Origin
let sinkUrl: (path: string) => string
const pipelined = (requests: Buffer[]) => pipelinedVia(harness, requests)

beforeAll(async () => {
  setup = await startForwarding('127.0.0.61', '127.0.0.62')
  ;({ harness, originA, originB, sinkUrl } = setup)
})
afterAll(() => setup.close())

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

describe('deadlines on a kept-alive connection', () => {
  // The proxy restarts the deadline once it has written the answer: after the request was sent,
  // before the client has seen the answer. So the close comes at least timeoutMs after the former,
  // however late the client sees the latter.
  async function afterOneAnswer() {
    const client = await rawClient(harness.port)
    const askedAt = Date.now()
    client.write(get(sinkUrl('/size/3')))
    expect(await client.until((data) => data.toString().endsWith('\r\n\r\nxxx'))).toBe(true)
    return { client, askedAt, answeredAt: Date.now() }
  }

  async function expectClosedInTime(
    client: Awaited<ReturnType<typeof rawClient>>,
    askedAt: number,
    answeredAt: number,
  ) {
    await client.until(() => false)
    const closedAt = client.closedAt() ?? Number.POSITIVE_INFINITY
    // Timers may fire a millisecond early.
    expect(closedAt - askedAt).toBeGreaterThanOrEqual(timeoutMs - 5)
    expect(closedAt - answeredAt).toBeLessThan(2_000)
  }

  it(`closes an idle client ${timeoutMs} ms after its last answer`, async () => {
    const { client, askedAt, answeredAt } = await afterOneAnswer()
    await expectClosedInTime(client, askedAt, answeredAt)
  })

  it('closes a client that stops inside its second head', async () => {
    const { client, askedAt, answeredAt } = await afterOneAnswer()
    client.write(`GET ${sinkUrl('/size/3')} HTTP/1.1\r\nProxy-Authorization: ${basicToken}\r\n`)
    await expectClosedInTime(client, askedAt, answeredAt)
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

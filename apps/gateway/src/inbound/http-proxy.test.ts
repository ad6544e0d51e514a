// HTTP proxy handler against real clients (curl, undici's ProxyAgent) and hand-made requests.
import fc from 'fast-check'
import * as undiciPackage from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleHttpProxy, maxHeadBytes } from './http-proxy.ts'
import { countingShim, curl, exchange } from './test-clients.ts'
import { basicToken, type Harness, password, startHarness, user } from './test-harness.ts'

type UndiciModule = {
  ProxyAgent: new (options: { uri: string; token?: string }) => { close(): Promise<void> }
  request(
    url: string,
    options: { dispatcher: unknown },
  ): Promise<{ statusCode: number; body: { json(): Promise<unknown> } }>
}
type SeenRequest = { method: string; url: string; headers: Record<string, string>; bodyBytes: number }

const established = 'HTTP/1.1 200 Connection Established\r\n\r\n'
const text = (value: string) => Buffer.from(value, 'latin1')
const head = (line: string, headers: string[] = [`Proxy-Authorization: ${basicToken}`]) =>
  text([line, ...headers, '', ''].join('\r\n'))

let harness: Harness
let shim: Awaited<ReturnType<typeof countingShim>>
const undici = undiciPackage as unknown as UndiciModule

beforeAll(async () => {
  harness = await startHarness(handleHttpProxy, { handshakeTimeoutMs: 300 })
  shim = await countingShim(harness.port)
})
afterAll(async () => {
  await shim.close()
  await harness.close()
})

/** Waits until the shim, the proxy and the sinks are idle, so the tally is final. */
async function settle(): Promise<void> {
  for (let waited = 0; waited < 3_000 && (await shim.connections()) > 0; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  expect(await harness.settle()).toBe(0)
}

function resetCounts(): void {
  harness.resetTally()
  shim.reset()
}

const viaShim = () => ['--proxy', `http://${user}:${password}@127.0.0.1:${shim.port}`]
const sinkUrl = (path: string) => `http://127.0.0.1:${harness.sinks.http}${path}`

describe('absolute-URI requests with curl', () => {
  it('forwards a GET in origin-form without proxy headers, metering what the client sent and received', async () => {
    resetCounts()
    const result = await curl([...viaShim(), sinkUrl('/path/a?q=1')])
    const seen = JSON.parse(result.stdout) as SeenRequest
    expect(seen).toMatchObject({ method: 'GET', url: '/path/a?q=1', bodyBytes: 0 })
    expect(seen.headers.host).toBe(`127.0.0.1:${harness.sinks.http}`)
    // Our own hop to the origin: persistent, reused only for this origin and credential.
    expect(seen.headers.connection).toBe('keep-alive')
    expect(seen.headers).not.toHaveProperty('proxy-authorization')
    expect(seen.headers).not.toHaveProperty('proxy-connection')
    await settle()
    expect(harness.tally).toEqual({ up: shim.counts.fromClient, down: shim.counts.toClient })
  })

  it('forwards a POST body and meters it', async () => {
    resetCounts()
    const body = 'b'.repeat(20_000)
    const result = await curl([...viaShim(), '--data-binary', body, sinkUrl('/submit')])
    expect(JSON.parse(result.stdout)).toMatchObject({
      method: 'POST',
      url: '/submit',
      bodyBytes: body.length,
    })
    await settle()
    expect(harness.tally.up).toBeGreaterThan(body.length)
    expect(harness.tally).toEqual({ up: shim.counts.fromClient, down: shim.counts.toClient })
  })

  it('meters a large response', async () => {
    resetCounts()
    const result = await curl([...viaShim(), sinkUrl('/size/300000')])
    expect(result.stdout.length).toBe(300_000)
    await settle()
    expect(harness.tally).toEqual({ up: shim.counts.fromClient, down: shim.counts.toClient })
  })

  it('answers 407 to a wrong password', async () => {
    const proxy = `http://${user}:wrong@127.0.0.1:${harness.port}`
    const result = await curl([
      '--proxy',
      proxy,
      '--output',
      '/dev/null',
      '--write-out',
      '%{http_code}',
      sinkUrl('/'),
    ])
    expect(result.stdout).toBe('407')
  })
})

describe('CONNECT tunnels', () => {
  it('tunnels curl --proxytunnel and meters the payload after the handshake only', async () => {
    resetCounts()
    const result = await curl(['--proxytunnel', ...viaShim(), sinkUrl('/tunnel')])
    const seen = JSON.parse(result.stdout) as SeenRequest
    expect(seen.url).toBe('/tunnel')
    expect(seen.headers).not.toHaveProperty('proxy-authorization')
    await settle()
    const connectHead = shim.sent().indexOf('\r\n\r\n') + 4
    expect(harness.tally).toEqual({
      up: shim.counts.fromClient - connectHead,
      down: shim.counts.toClient - established.length,
    })
  })

  it('tunnels undici ProxyAgent', async () => {
    const agent = new undici.ProxyAgent({ uri: `http://127.0.0.1:${harness.port}`, token: basicToken })
    try {
      const response = await undici.request(sinkUrl('/via-undici'), { dispatcher: agent })
      expect(response.statusCode).toBe(200)
      const seen = (await response.body.json()) as SeenRequest
      expect(seen.url).toBe('/via-undici')
      expect(seen.headers).not.toHaveProperty('proxy-authorization')
    } finally {
      await agent.close()
    }
  })

  it('refuses undici with a wrong token', async () => {
    const token = `Basic ${Buffer.from(`${user}:wrong`).toString('base64')}`
    const agent = new undici.ProxyAgent({ uri: `http://127.0.0.1:${harness.port}`, token })
    try {
      await expect(undici.request(sinkUrl('/'), { dispatcher: agent })).rejects.toThrow(/407/)
    } finally {
      await agent.close()
    }
  })

  it('keeps bytes pipelined behind the CONNECT head and meters them', async () => {
    harness.resetTally()
    const request = Buffer.concat([head(`CONNECT 127.0.0.1:${harness.sinks.echo} HTTP/1.1`), text('PING')])
    const result = await exchange(harness.port, [request], { expectBytes: established.length + 4 })
    expect(result.data.toString()).toBe(`${established}PING`)
    await settle()
    expect(harness.tally).toEqual({ up: 4, down: 4 })
  })

  it('reads a head sent one byte at a time', async () => {
    const request = head(`CONNECT localhost:${harness.sinks.echo} HTTP/1.1`)
    const bytes = [...request].map((byte) => Uint8Array.of(byte))
    const result = await exchange(harness.port, [...bytes, text('hi')], {
      isSeparated: true,
      expectBytes: established.length + 2,
    })
    expect(result.data.toString()).toBe(`${established}hi`)
  })

  it('tunnels to an IPv6 literal in brackets', async (context) => {
    const port = harness.sinks.echoV6
    if (port === undefined) return context.skip('no IPv6 loopback on this machine')
    const request = Buffer.concat([head(`CONNECT [::1]:${port} HTTP/1.1`), text('v6')])
    const result = await exchange(harness.port, [request], { expectBytes: established.length + 2 })
    expect(result.data.toString()).toBe(`${established}v6`)
    expect(harness.dials.at(-1)).toEqual({ host: '::1', port })
  })
})

describe('refusals', () => {
  const cases: Array<[name: string, request: () => Buffer, status: number]> = [
    ['no credentials on CONNECT', () => head(`CONNECT 127.0.0.1:${harness.sinks.echo} HTTP/1.1`, []), 407],
    ['no credentials on GET', () => head(`GET ${sinkUrl('/')} HTTP/1.1`, ['Host: x']), 407],
    ['a forbidden destination', () => head('CONNECT 127.0.0.1:1 HTTP/1.1'), 403],
    ['a port nobody listens on', () => head(`CONNECT 127.0.0.1:${harness.sinks.refused} HTTP/1.1`), 502],
    ['an origin-form request', () => head('GET / HTTP/1.1', ['Host: 127.0.0.1']), 400],
    ['an https absolute URI', () => head(`GET https://127.0.0.1:${harness.sinks.http}/ HTTP/1.1`), 400],
    ['CONNECT without a port', () => head('CONNECT 127.0.0.1 HTTP/1.1'), 400],
    ['a folded header line', () => head('CONNECT 127.0.0.1:80 HTTP/1.1', ['X-A: 1', ' folded']), 400],
    ['two Proxy-Authorization headers', () => head('CONNECT 127.0.0.1:1 HTTP/1.1', twoTokens()), 407],
  ]
  for (const [name, request, status] of cases) {
    it(`answers ${status} to ${name} and closes`, async () => {
      const result = await exchange(harness.port, [request()])
      expect(result.data.toString()).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
      if (status === 407)
        expect(result.data.toString()).toContain('\r\nProxy-Authenticate: Basic realm="proxy"\r\n')
      expect(result.isClosed).toBe(true)
    })
  }

  it(`answers 431 to a head over ${maxHeadBytes} bytes`, async () => {
    const line = text(`X-Filler: ${'f'.repeat(1000)}\r\n`)
    const chunks = [text('CONNECT 127.0.0.1:80 HTTP/1.1\r\n'), ...Array<Buffer>(20).fill(line)]
    const result = await exchange(harness.port, chunks)
    expect(result.data.toString()).toMatch(/^HTTP\/1\.1 431 /)
    expect(result.isClosed).toBe(true)
  })
})

function twoTokens(): string[] {
  return [`Proxy-Authorization: ${basicToken}`, `Proxy-Authorization: ${basicToken}`]
}

describe('robustness', () => {
  const truncated: Array<[string, Buffer[]]> = [
    ['sends nothing', []],
    [
      'stops inside the head',
      [text(`CONNECT 127.0.0.1:80 HTTP/1.1\r\nProxy-Authorization: ${basicToken}\r\n`)],
    ],
  ]
  for (const [name, chunks] of truncated) {
    it(`closes a client that ${name} after handshakeTimeoutMs`, async () => {
      const result = await exchange(harness.port, chunks)
      expect(result.isClosed).toBe(true)
      expect(result.closedAfterMs).toBeGreaterThanOrEqual(250)
      expect(result.closedAfterMs).toBeLessThan(2_000)
    })
  }

  it('closes a client whose dial outlasts handshakeTimeoutMs, and the late upstream too', async () => {
    const relayedBefore = harness.relayed.length
    const slowBefore = harness.slowDials.length
    const result = await exchange(harness.port, [head('CONNECT 127.0.0.1:2 HTTP/1.1')])
    expect(result.data.length).toBe(0)
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(250)
    // Once the dial has answered (at 600 ms), the late upstream exists and must have been closed.
    expect(harness.slowDials).toHaveLength(slowBefore + 1)
    await harness.slowDials.at(-1)
    expect(await harness.settle()).toBe(0)
    expect(harness.relayed.length).toBe(relayedBefore)
  })

  it('survives random bytes and random heads (fast-check)', async () => {
    const line = fc.string({ unit: 'binary-ascii', maxLength: 40 })
    const randomHead = fc
      .tuple(
        fc.constantFrom('GET', 'CONNECT', 'POST', 'G\0T', ''),
        fc.oneof(
          line,
          fc.constantFrom('127.0.0.1:1', '[::1]:1', 'http://127.0.0.1:1/', 'http://[::1', '[]:80'),
        ),
        fc.array(line, { maxLength: 4 }),
      )
      .map(([method, target, lines]) =>
        head(`${method} ${target} HTTP/1.1`, [`Proxy-Authorization: ${basicToken}`, ...lines]),
      )
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map((array) => Buffer.from(array)),
      randomHead,
    )
    await fc.assert(
      fc.asyncProperty(bytes, async (request) => {
        const result = await exchange(harness.port, [request], { end: true })
        expect(result.isClosed).toBe(true)
        if (result.data.length > 0) expect(result.data.toString('latin1')).toMatch(/^HTTP\/1\.1 \d{3} /)
      }),
      { seed: 7230, numRuns: 150 },
    )
    expect(harness.escaped).toEqual([])
  })

  it('leaves no connection open', async () => {
    await settle()
    expect(harness.escaped).toEqual([])
  })
})

describe('from a whitelisted source', () => {
  let open: Harness
  beforeAll(async () => {
    open = await startHarness(handleHttpProxy, { handshakeTimeoutMs: 300, whitelisted: ['127.0.0.1'] })
  })
  afterAll(() => open.close())

  it('needs no Proxy-Authorization, for absolute-URI requests and CONNECT alike', async () => {
    const plain = await curl([
      '-x',
      `http://127.0.0.1:${open.port}`,
      `http://127.0.0.1:${open.sinks.http}/size/200`,
    ])
    expect(plain.stdout).toBe('x'.repeat(200))
    const tunnel = await curl([
      ...['-p', '-x', `http://127.0.0.1:${open.port}`],
      `http://127.0.0.1:${open.sinks.http}/size/100`,
    ])
    expect(tunnel.stdout).toBe('x'.repeat(100))
  })

  it('is not fooled into opening for a source off the list', async () => {
    const refused = await exchange(harness.port, [
      head(`CONNECT 127.0.0.1:${harness.sinks.echo} HTTP/1.1`, []),
    ])
    expect(refused.data.toString('latin1')).toMatch(/^HTTP\/1\.1 407 /)
  })
})

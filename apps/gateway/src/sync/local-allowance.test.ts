// End to end on loopback: a traffic customer with a 200 KB package sends through the pool port
// while the server hears nothing of it (every push is refused in transit). The gateway cuts the
// tunnel at the last byte of the allowance, and refuses new connections through later pulls; once
// the pushes get through, the server counts exactly what crossed: the package, to the byte.
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SocksClient } from 'socks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadGatewayConfig } from '../config.ts'
import { type Gateway, startGateway } from '../gateway.ts'
import { silentLog } from '../test-log.ts'
import { testGatewaySettings } from '../test-sockets.ts'
import { type Api, startApi } from './test-api.ts'

const ALLOWANCE = 200 * 1024
// The gateway refuses its own addresses (127.0.0.1 is its pool host here).
const SINK_HOST = '127.0.0.200'

let api: Api
let gateway: Gateway
let relay: http.Server
let echo: net.Server
let spoolDir: string
let poolPort: number
/** While true, the API never sees a traffic push: only the gateway can stop the customer. */
let isPushBlocked = false
/** Bytes the echo sink received and sent back, as it saw them. */
const sink = { received: 0, sent: 0 }

const listenOn = (server: net.Server, host: string) =>
  new Promise<number>((resolve) =>
    server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port)),
  )

/** The API behind a relay that can refuse traffic pushes (503, as a broken link would). */
function apiRelay(target: string) {
  return http.createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    if (isPushBlocked && request.url?.endsWith('/traffic')) {
      response.writeHead(503).end()
      return
    }
    const headers: Record<string, string> = {}
    for (const name of ['authorization', 'content-type', 'if-none-match']) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    })
    const back: Record<string, string> = {}
    for (const name of ['content-type', 'etag']) {
      const value = answer.headers.get(name)
      if (value) back[name] = value
    }
    response.writeHead(answer.status, back).end(Buffer.from(await answer.arrayBuffer()))
  })
}

beforeAll(async () => {
  api = await startApi({ firstAddress: 120 })
  relay = apiRelay(api.baseUrl)
  const relayPort = await listenOn(relay, '127.0.0.1')
  echo = net.createServer((socket) => {
    socket.on('data', (chunk: Buffer) => {
      sink.received += chunk.length
      sink.sent += chunk.length
      socket.write(chunk)
    })
    socket.on('error', () => {})
  })
  const echoPort = await listenOn(echo, SINK_HOST)
  const probe = net.createServer()
  poolPort = await listenOn(probe, '127.0.0.1')
  await new Promise((resolve) => probe.close(resolve))
  spoolDir = mkdtempSync(join(tmpdir(), 'gateway-allowance-'))
  gateway = await startGateway(
    loadGatewayConfig(
      testGatewaySettings({
        apiUrl: `http://127.0.0.1:${relayPort}`,
        nodeToken: api.nodeToken,
        poolPorts: [poolPort],
        spoolDir,
        // The pool only: the static IPs other test files serve are not this gateway's.
        addresses: '127.0.0.1/32',
      }),
    ),
    silentLog,
  )
  destination.port = echoPort
})

afterAll(async () => {
  isPushBlocked = false
  await gateway?.close()
  relay?.close()
  echo?.close()
  await api?.close()
  rmSync(spoolDir, { recursive: true, force: true })
  rmSync(`${spoolDir}-v2ray`, { recursive: true, force: true })
})

const destination = { host: SINK_HOST, port: 0 }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a traffic account’s allowance, enforced by the gateway between pulls', () => {
  it('cuts the tunnel within 5 s of the last byte of a 200 KB package and refuses new connections, without the server', async () => {
    const account = await api.trafficCustomer({ packageBytes: ALLOWANCE })
    await gateway.pull()
    isPushBlocked = true
    const proxy = {
      host: '127.0.0.1',
      port: poolPort,
      type: 5 as const,
      userId: account.username,
      password: account.password,
    }
    const { socket } = await SocksClient.createConnection({ proxy, command: 'connect', destination })
    socket.on('error', () => {})
    let echoed = 0
    socket.on('data', (chunk: Buffer) => {
      echoed += chunk.length
    })
    const startedAt = Date.now()
    let sent = 0
    /** When up + down first passed the package: the relay reports live tunnels once a second. */
    let passedAt: number | undefined
    const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())))
    let isOpen = true
    void closedAt.then(() => {
      isOpen = false
    })
    // About 160 KB/s up and as much echoed down: the package is spent in under a second. Writing
    // stops once it is, so no echo is still on its way when the cut comes: the sink's count is then
    // exactly what crossed the gateway, however late a loaded machine makes the cut.
    while (isOpen && Date.now() - startedAt < 8000) {
      if (passedAt === undefined) {
        socket.write(Buffer.alloc(8 * 1024, 'x'))
        sent += 8 * 1024
        if (sent + echoed > ALLOWANCE) passedAt = Date.now()
      }
      await sleep(50)
    }
    expect(isOpen, 'the tunnel is still open after 8 s').toBe(false)
    const cutAfter = (await closedAt) - (passedAt ?? startedAt)
    expect(cutAfter).toBeLessThan(5000)
    // The server heard nothing: the gateway stopped the customer by itself.
    expect(await api.usage(account.token)).toEqual({ upBytes: 0, downBytes: 0 })

    // Refused at once, and still after a push the server never gets and several pulls (each resets
    // to the server's 200 KB less the bytes it has not acknowledged).
    await expect(SocksClient.createConnection({ proxy, command: 'connect', destination })).rejects.toThrow()
    await expect(gateway.flush()).rejects.toThrow()
    for (let pulls = 0; pulls < 3; pulls++) await gateway.pull()
    await expect(SocksClient.createConnection({ proxy, command: 'connect', destination })).rejects.toThrow()

    // Pushes get through: the server counts exactly what crossed, and no longer lists the account.
    isPushBlocked = false
    await gateway.flush()
    // To the byte: the package, all of it, and what each side got (the sink's last echo is cut short).
    const usage = await api.usage(account.token)
    expect(usage).toEqual({ upBytes: sink.received, downBytes: echoed })
    expect(usage.upBytes + usage.downBytes).toBe(ALLOWANCE)
    const users = await api.call<{ trafficAccounts: { id: string }[] }>('GET', '/api/node/v1/users', {
      token: api.nodeToken,
    })
    expect(users.body.data.trafficAccounts.map((a) => a.id)).not.toContain(account.id)
    await gateway.pull()
    await expect(SocksClient.createConnection({ proxy, command: 'connect', destination })).rejects.toThrow()
  })
})

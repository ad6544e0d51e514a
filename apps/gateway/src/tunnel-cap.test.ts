// The tunnel cap per credential holds across workers, and a tunnel over it is refused in the
// handshake — SOCKS5 0x02 ("not allowed by ruleset") and HTTP 429 with a reason — never answered
// "succeeded" and then closed. (Counted per worker, two workers let twice the cap stay open.)
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from './free-port.ts'
import { loginOf, openSocksTunnel } from './inbound/test-clients.ts'
import { type Api, type Instance, startApi } from './sync/test-api.ts'
import { type GatewayProcess, spawnGateway } from './test-process.ts'
import { eventually, listenOn, testGatewaySettings } from './test-sockets.ts'

const CAP = 8
const SINK_HOST = '127.0.0.206'

let api: Api
let gateway: GatewayProcess
let sinkPort: number
let spoolDir: string
const servers: net.Server[] = []
const open: net.Socket[] = []

beforeAll(async () => {
  api = await startApi({ firstAddress: 110 })
  sinkPort = await listenOn(SINK_HOST, servers)(net.createServer((socket) => socket.on('error', () => {})))
  spoolDir = mkdtempSync(join(tmpdir(), 'gateway-cap-'))
  gateway = spawnGateway({
    ...testGatewaySettings({
      apiUrl: api.baseUrl,
      nodeToken: api.nodeToken,
      poolPorts: [await freePort()],
      spoolDir,
    }),
    GATEWAY_WORKERS: '2',
    GATEWAY_MAX_TUNNELS_PER_CREDENTIAL: String(CAP),
  })
}, 60_000)

afterAll(async () => {
  for (const socket of open) socket.destroy()
  await gateway?.stop()
  for (const server of servers) server.close()
  await api?.close()
  rmSync(spoolDir, { recursive: true, force: true })
  rmSync(`${spoolDir}-v2ray`, { recursive: true, force: true })
})

/** A SOCKS5 tunnel to the sink: the socket, or the proxy's refusal. */
async function socksTunnel(instance: Instance): Promise<net.Socket | Error> {
  try {
    const socket = await openSocksTunnel(loginOf(instance), { host: SINK_HOST, port: sinkPort })
    open.push(socket)
    return socket
  } catch (error) {
    return error as Error
  }
}

/** A raw HTTP CONNECT through the same entry: the status line and body of the answer. */
function httpConnect(instance: Instance): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(instance.port, instance.ip, () => {
      const auth = Buffer.from(`${instance.username}:${instance.password}`).toString('base64')
      socket.write(
        `CONNECT ${SINK_HOST}:${sinkPort} HTTP/1.1\r\nHost: ${SINK_HOST}:${sinkPort}\r\nProxy-Authorization: Basic ${auth}\r\n\r\n`,
      )
    })
    open.push(socket)
    let answer = ''
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString()
      if (answer.startsWith('HTTP/1.1 200')) resolve(answer)
    })
    socket.once('close', () => resolve(answer))
    socket.once('error', reject)
  })
}

describe('the tunnel cap of a gateway with two workers', () => {
  it('lets exactly the cap open across the workers and refuses the rest in the handshake', async () => {
    const { instance } = await api.staticIpCustomer()
    await gateway.accepting(instance.ip, instance.port)
    const first = await eventually(
      () => socksTunnel(instance),
      (result) => result instanceof net.Socket,
      20_000,
    )
    expect(first).toBeInstanceOf(net.Socket)
    const results = [
      first,
      ...(await Promise.all(Array.from({ length: 3 * CAP }, () => socksTunnel(instance)))),
    ]
    const accepted = results.filter((result) => result instanceof net.Socket)
    const refused = results.filter((result): result is Error => result instanceof Error)
    expect(accepted).toHaveLength(CAP)
    // Refused with 0x02 in the reply to CONNECT, not accepted and then closed.
    for (const error of refused) expect(error.message).toBe('Socks5 proxy rejected connection - NotAllowed')
    // Every accepted tunnel is still open: none was closed after "succeeded".
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(accepted.filter((socket) => (socket as net.Socket).destroyed)).toEqual([])

    // HTTP CONNECT over the cap: 429 and why.
    const answer = await httpConnect(instance)
    expect(answer).toMatch(/^HTTP\/1\.1 429 /)
    expect(answer).toMatch(/as many connections open as it may/)

    // A tunnel that closes gives its slot back, on whichever worker it was.
    ;(accepted[0] as net.Socket).destroy()
    const again = await eventually(
      () => socksTunnel(instance),
      (result) => result instanceof net.Socket,
      10_000,
    )
    expect(again).toBeInstanceOf(net.Socket)
    expect(await socksTunnel(instance)).toBeInstanceOf(Error)
  }, 60_000)
})

// Test harness for the protocol handlers (not a test file itself): a proxy server running one handler
// with a stand-in gateway context, and loopback sinks to dial. Clients are in test-clients.ts.
// Every address here is loopback, and the stand-in dial refuses anything but our own sinks; UDP
// associations are the real ones, their resolver held to loopback.
import dgram from 'node:dgram'
import http from 'node:http'
import net from 'node:net'
import { createResolver } from '../outbound/dialer.ts'
import { openUdpExit } from '../outbound/udp.ts'
import type { Destination, Grant } from '../route/grants.ts'
import { createDestinationPolicy } from '../route/policy.ts'
import { spliceCounting } from '../test-sockets.ts'
import { createLocalLimits } from '../tracker/test-limits.ts'
import { createTunnels } from '../tracker/tunnels.ts'
import { DialError, type ProxyContext } from './context.ts'
import { createUdpAssociations, type UdpAssociationOptions } from './socks5-udp.ts'

export const user = 'alice'
export const password = 's3cret'
export const grant: Grant = { kind: 'instance', id: 'i1', version: 'v1' }
export const basicToken = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

type Handler = (socket: net.Socket, context: ProxyContext) => Promise<void>
type Server = net.Server | http.Server

export type Harness = Awaited<ReturnType<typeof startHarness>>

export const ignore = () => {}
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function listen<T extends Server>(server: T, host = '127.0.0.1'): Promise<number | undefined> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined))
    server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port))
  })
}

export function closeServer(server: Server): Promise<void> {
  if (server instanceof http.Server) server.closeAllConnections()
  return new Promise((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))
}

export function connections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((_, count) => resolve(count)))
}

/**
 * Answers with what it saw, as JSON; `/size/N` answers N bytes instead, `/status/N` an empty answer
 * with that status, `/echo` the body and trailers it got, `/chunked` a body in chunks.
 */
function httpSink(): http.Server {
  return http.createServer((request, response) => {
    const body: Buffer[] = []
    request.on('data', (chunk: Buffer) => body.push(chunk))
    request.on('end', () => {
      const url = request.url ?? ''
      const size = /^\/size\/(\d+)$/.exec(url)?.[1]
      const status = /^\/status\/(\d+)$/.exec(url)?.[1]
      // The length is set even for HEAD (whose answer then has a Content-Length and no body).
      if (size) return response.setHeader('content-length', size).end('x'.repeat(Number(size)))
      if (status) return response.writeHead(Number(status)).end()
      if (url === '/echo')
        return response.end(
          JSON.stringify({ body: Buffer.concat(body).toString(), trailers: request.trailers }),
        )
      if (url === '/chunked') return response.write('first,', () => response.end('second'))
      const bodyBytes = Buffer.concat(body).length
      response.end(JSON.stringify({ ...pick(request), bodyBytes }))
    })
  })
}

const pick = ({ method, url, headers }: http.IncomingMessage) => ({ method, url, headers })

/** The UDP associations' settings a test may change (the resolver: loopback only, whatever it says). */
type UdpSettings = Partial<Omit<UdpAssociationOptions, 'tunnels' | 'openExit' | 'meter' | 'allowance'>> & {
  maxTunnels?: number
}

/** `whitelisted`: client addresses let in without a password (the harness's clients come from 127.0.0.1). */
export async function startHarness(
  handler: Handler,
  options: { handshakeTimeoutMs?: number; whitelisted?: string[]; udp?: UdpSettings } = {},
) {
  const tally = { up: 0, down: 0 }
  const escaped: unknown[] = []
  const dials: Destination[] = []
  /** Every upstream handed to relay, to check that none goes to a client that has already left. */
  const relayed: net.Socket[] = []
  /** Every client connection registered for request-by-request forwarding. */
  const tracked: net.Socket[] = []
  const echo = net.createServer((socket) => {
    socket.on('error', ignore)
    socket.pipe(socket)
  })
  const echoV6 = net.createServer((socket) => {
    socket.on('error', ignore)
    socket.pipe(socket)
  })
  const web = httpSink()
  const unused = net.createServer()
  const sinks = {
    echo: await listen(echo),
    echoV6: await listen(echoV6, '::1'), // undefined when the machine has no IPv6 loopback
    http: await listen(web),
    refused: await listen(unused), // closed again below: nothing listens there any more
  }
  await closeServer(unused)
  /** Answers each datagram with `echo:` and the datagram. */
  const udpEcho = dgram.createSocket('udp4')
  udpEcho.on('message', (message, from) =>
    udpEcho.send([Buffer.from('echo:'), message], from.port, from.address),
  )
  await new Promise<void>((resolve) => udpEcho.bind(0, '127.0.0.1', resolve))
  const udpSinks = { echo: udpEcho.address().port }
  const allowedPorts = new Set(Object.values(sinks))
  const isLoopback = (host: string) =>
    host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)

  /** Each dial to the slow destination, settled once its late upstream exists. */
  const slowDials: Promise<unknown>[] = []
  const dial: ProxyContext['dial'] = async (_grant, destination) => {
    dials.push(destination)
    if (destination.port === 1) throw new DialError('not-allowed')
    // Port 2 stands for a slow destination: the dial succeeds (to the echo sink) only after 600 ms.
    if (destination.port === 2) {
      const late = sleep(600).then(() => dial(_grant, { host: '127.0.0.1', port: sinks.echo ?? 0 }))
      slowDials.push(late)
      return late
    }
    if (!isLoopback(destination.host) || !allowedPorts.has(destination.port)) {
      throw new DialError('not-allowed', 'the test harness dials its own sinks only')
    }
    return new Promise((resolve, reject) => {
      const upstream = net.connect({ host: destination.host, port: destination.port })
      const onError = (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'ECONNREFUSED' ? new DialError('refused') : new DialError('general', error.message),
        )
      upstream.once('error', onError)
      upstream.once('connect', () => {
        upstream.off('error', onError)
        resolve(upstream)
      })
    })
  }

  const tunnels = createTunnels()
  const limits = createLocalLimits({ maxTunnels: options.udp?.maxTunnels ?? 100 })
  const resolve =
    options.udp?.resolve ??
    createResolver({
      policy: createDestinationPolicy({ allowPrivate: true, ownRanges: [], interfaces: () => [] }),
    })
  const associate = createUdpAssociations({
    idleTimeoutMs: 60_000,
    maxAssociations: 100,
    maxDestinations: 16,
    ...options.udp,
    tunnels,
    resolve: async (grant, destination) => {
      const address = await resolve(grant, destination)
      if (!isLoopback(address)) throw new DialError('not-allowed', 'the test harness sends to loopback only')
      return address
    },
    openExit: openUdpExit,
    meter: (_grant, up, down) => {
      tally.up += up
      tally.down += down
    },
    allowance: limits.allowance,
  })

  const relay: ProxyContext['relay'] = (_grant, client, upstream, head) => {
    relayed.push(upstream)
    tally.up += head.length
    if (head.length > 0) upstream.write(head)
    spliceCounting(client, upstream, {
      up: (chunk) => {
        tally.up += chunk.length
      },
      down: (chunk) => {
        tally.down += chunk.length
      },
    })
  }

  const proxy = net.createServer((socket) => {
    const context: ProxyContext = {
      entry: { address: socket.localAddress ?? '', port: socket.localPort ?? 0 },
      authenticate: (_entry, name, secret) => (name === user && secret === password ? grant : null),
      whitelisted: () =>
        options.whitelisted?.includes(socket.remoteAddress?.replace(/^::ffff:/, '') ?? '') ? grant : null,
      dial,
      associate: (granted, control) =>
        limits.slots.hold(
          granted,
          () =>
            associate(granted, control, { address: socket.localAddress ?? '', port: socket.localPort ?? 0 }),
          () => control,
        ),
      relay,
      spend: async (_grant, up, down) => {
        tally.up += up
        tally.down += down
        return true
      },
      track: (_grant, client) => {
        tracked.push(client)
      },
      handshakeTimeoutMs: options.handshakeTimeoutMs,
    }
    handler(socket, context).catch((error: unknown) => escaped.push(error))
  })
  const port = (await listen(proxy)) ?? 0

  return {
    port,
    sinks,
    udpSinks,
    /** The UDP associations, as the tracker holds them. */
    tunnels,
    tally,
    escaped,
    dials,
    slowDials,
    relayed,
    tracked,
    /** Lets the stand-in dial reach one more loopback port (an origin a test runs itself). */
    allow(port: number) {
      allowedPorts.add(port)
    },
    resetTally() {
      tally.up = 0
      tally.down = 0
    },
    /** Waits (bounded) until the proxy and the sinks hold no connection; returns how many they still hold. */
    async settle(timeoutMs = 3_000): Promise<number> {
      const servers = [proxy, echo, echoV6, web]
      for (let waited = 0; waited < timeoutMs; waited += 10) {
        const counts = await Promise.all(servers.map(connections))
        if (counts.every((count) => count === 0)) return 0
        await sleep(10)
      }
      return (await Promise.all(servers.map(connections))).reduce((sum, count) => sum + count, 0)
    },
    async close() {
      tunnels.closeWhere(() => true)
      udpEcho.close()
      await Promise.all([proxy, echo, echoV6, web].map(closeServer))
    },
  }
}

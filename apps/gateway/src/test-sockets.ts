// For the relay and tunnel tests: connected pairs of loopback sockets, each watched from birth so a
// test can wait for its 'close' (`destroyed` and `closed` turn true before 'close' has fired).
import net from 'node:net'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function createSocketPairs(options: { allowHalfOpen?: boolean } = {}) {
  const closings = new WeakMap<net.Socket, Promise<void>>()
  const watch = (socket: net.Socket) => {
    closings.set(socket, new Promise((resolve) => socket.once('close', () => resolve())))
    return socket.on('error', () => {})
  }
  const accepted: net.Socket[] = []
  const opened: net.Socket[] = []
  const server = net.createServer({ allowHalfOpen: options.allowHalfOpen ?? false }, (socket) =>
    accepted.push(watch(socket)),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))

  return {
    /** [connecting end, accepted end] of one loopback connection. */
    async pair(): Promise<[net.Socket, net.Socket]> {
      const { port } = server.address() as net.AddressInfo
      const before = accepted.length
      const near = watch(net.connect(port, '127.0.0.1'))
      opened.push(near)
      await new Promise((resolve) => near.once('connect', resolve))
      for (let i = 0; i < 100 && accepted.length === before; i++) await sleep(5)
      const far = accepted[accepted.length - 1]
      if (!far) throw new Error('no accepted socket')
      return [near, far]
    },
    /** Resolves when the socket has closed. */
    closing: (socket: net.Socket) => closings.get(socket),
    async close() {
      for (const socket of [...accepted, ...opened]) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** Listens `server` on a port the kernel picks on `host`, remembering it in `servers` (to close after). */
export const listenOn =
  (host: string, servers: net.Server[]) =>
  (server: net.Server): Promise<number> =>
    new Promise((resolve) => {
      servers.push(server)
      server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port))
    })

/** A sink connection's peer address and the bytes it received and sent, as the sink saw them. */
export type SinkTally = { peer: string; received: number; sent: number }

/** Counts a sink connection's bytes both ways from the sink's side of the socket, into `seen`. */
export function tallySink(socket: net.Socket, seen: SinkTally[]): SinkTally {
  const entry = { peer: socket.remoteAddress ?? '', received: 0, sent: 0 }
  seen.push(entry)
  socket.on('data', (chunk: Buffer) => {
    entry.received += chunk.length
  })
  const write = socket.write.bind(socket) as (chunk: Buffer | string, ...rest: unknown[]) => boolean
  socket.write = ((chunk: Buffer | string, ...rest: unknown[]) => {
    entry.sent += Buffer.byteLength(chunk)
    return write(chunk, ...rest)
  }) as typeof socket.write
  return entry
}

/** Waits (bounded by `ms`) until `check` holds, and returns the last value read either way. */
export async function eventually<T>(read: () => Promise<T> | T, check: (value: T) => boolean, ms = 5000) {
  const deadline = Date.now() + ms
  let value = await read()
  while (!check(value) && Date.now() < deadline) {
    await sleep(100)
    value = await read()
  }
  return value
}

/**
 * The tests' own loopback addresses, kept apart so that the destination policy (which refuses every
 * address a node owns) refuses none of the sinks: the API fixtures stock 127.0.0.2–127.0.0.159 and
 * pool exits in 127.0.8.0–127.0.15.255 (TEST_STOCK, a test gateway's GATEWAY_ADDRESSES); sinks live in
 * SINK_RANGE, 127.0.0.192–127.0.0.255. 127.0.0.1 is an interface address (and the pool host): refused.
 */
export const TEST_STOCK = '127.0.0.0/25,127.0.0.128/27,127.0.8.0/21'
export const SINK_RANGE = '127.0.0.192/26'

/** The settings of a test gateway on loopback: private destinations allowed, fast pulls and pushes. */
export const testGatewaySettings = (settings: {
  apiUrl: string
  nodeToken: string
  poolPorts: number[]
  spoolDir: string
  addresses?: string
}) => ({
  GATEWAY_API_URL: settings.apiUrl,
  GATEWAY_NODE_TOKEN: settings.nodeToken,
  GATEWAY_ADDRESSES: settings.addresses ?? TEST_STOCK,
  GATEWAY_POOL_HOST: '127.0.0.1',
  GATEWAY_POOL_PORTS: settings.poolPorts.join(','),
  GATEWAY_ALLOW_PRIVATE: 'true',
  GATEWAY_SPOOL_DIR: settings.spoolDir,
  GATEWAY_PULL_MS: '200',
  GATEWAY_PUSH_MS: '300',
})

/** Milliseconds from now until the socket closes (start it before what should close it). */
export const msUntilClose = (socket: net.Socket): Promise<number> => {
  const started = Date.now()
  return new Promise((resolve) => socket.once('close', () => resolve(Date.now() - started)))
}

/** Pipes two sockets both ways for a test stand-in, telling `seen` each chunk, and closes each with the other. */
export function spliceCounting(
  client: net.Socket,
  upstream: net.Socket,
  seen: { up: (chunk: Buffer) => void; down: (chunk: Buffer) => void },
) {
  for (const socket of [client, upstream]) socket.on('error', () => {})
  client.on('data', seen.up)
  upstream.on('data', seen.down)
  client.pipe(upstream)
  upstream.pipe(client)
  client.on('close', () => upstream.destroy())
  upstream.on('close', () => client.destroySoon())
}

/**
 * A listener that only counts who connected and answers `greeting` (an SMTP server's 220 at once; an
 * HTTP answer once the request's first bytes arrived), to prove that a refused tunnel never reached
 * it. `port` 0: the kernel picks one.
 */
export async function countingSink(host: string, port = 0, greeting = '220 sink ESMTP\r\n') {
  const peers: string[] = []
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    peers.push(socket.remoteAddress ?? '')
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    if (greeting.startsWith('HTTP/')) socket.once('data', () => socket.end(greeting))
    else socket.end(greeting)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  return {
    host,
    port: (server.address() as net.AddressInfo).port,
    peers,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      }),
  }
}

export type CountingSink = Awaited<ReturnType<typeof countingSink>>

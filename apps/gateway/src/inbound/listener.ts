// One listening socket per entry address:port, following the entries the node API lists
// (static IPs are bought and released while we run), and a first-byte sniff per connection
// so SOCKS5 and HTTP proxy share every port.
import net from 'node:net'
import type { Log } from '../log.ts'
import { unmapIPv4 } from '../route/addresses.ts'
import type { Entry } from '../route/grants.ts'

export type Protocol = 'socks5' | 'http'

export type ListenerOptions = {
  handle: (socket: net.Socket, entry: Entry, protocol: Protocol) => void
  /** A connection that sends nothing for this long is dropped (the handlers time the rest). */
  handshakeTimeoutMs?: number
  log: Log
}

const keyOf = (entry: Entry) =>
  `${entry.address.includes(':') ? `[${entry.address}]` : entry.address}:${entry.port}`

export function createListeners(options: ListenerOptions) {
  const servers = new Map<string, net.Server>()
  // Addresses we could not bind, so a failing address is logged once, not on every sync.
  const reported = new Set<string>()
  const { log } = options
  let queue = Promise.resolve()

  function onConnection(socket: net.Socket) {
    socket.on('error', () => socket.destroy())
    const timer = setTimeout(() => socket.destroy(), options.handshakeTimeoutMs ?? 10_000)
    socket.once('close', () => clearTimeout(timer))
    socket.once('readable', () => {
      clearTimeout(timer)
      // All that arrived, put back as one chunk: the handler parses from the very first byte.
      const head: Buffer | null = socket.read()
      if (!head) return socket.destroy() // closed before saying anything
      socket.unshift(head)
      const entry = { address: unmapIPv4(socket.localAddress ?? ''), port: socket.localPort ?? 0 }
      try {
        const result: unknown = options.handle(socket, entry, head[0] === 0x05 ? 'socks5' : 'http')
        if (result instanceof Promise) result.catch(() => socket.destroy())
      } catch {
        socket.destroy()
      }
    })
  }

  function listen(key: string, entry: Entry) {
    return new Promise<void>((resolve) => {
      const server = net.createServer({ allowHalfOpen: true }, onConnection)
      server.once('error', (error: NodeJS.ErrnoException) => {
        if (!reported.has(key))
          log.warn({ entry: key, code: error.code ?? error.message }, 'gateway: cannot listen, skipped')
        reported.add(key)
        resolve()
      })
      server.listen({ host: entry.address, port: entry.port }, () => {
        server.removeAllListeners('error')
        server.on('error', (error) => log.error({ entry: key, err: error }, 'gateway: listener failed'))
        reported.delete(key)
        servers.set(key, server)
        resolve()
      })
    })
  }

  async function apply(entries: Entry[]) {
    const wanted = new Map(entries.map((entry) => [keyOf(entry), entry]))
    for (const [key, server] of servers) {
      if (wanted.has(key)) continue
      server.close() // stops accepting now; open tunnels are cut by the credential sync
      servers.delete(key)
    }
    for (const key of reported) if (!wanted.has(key)) reported.delete(key)
    await Promise.all(
      [...wanted].filter(([key]) => !servers.has(key)).map(([key, entry]) => listen(key, entry)),
    )
  }

  // Syncs run one after another, so two quick entry lists never bind the same address twice.
  const serially = (job: () => Promise<void>) => {
    const run = queue.then(job)
    queue = run.catch(() => {})
    return run
  }

  return {
    sync: (entries: Entry[]) => serially(() => apply(entries)),
    close: () => serially(() => apply([])),
    /** Addresses currently listening, as `address:port`. */
    listening: () => [...servers.keys()],
  }
}

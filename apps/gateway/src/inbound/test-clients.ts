// Test clients for the protocol handlers (not a test file itself): raw byte exchanges, a counting
// TCP shim, curl, and the optional `socks` / `undici` packages. All of them talk to loopback only
// (or to a network namespace the test made: test-netns.ts).
import { execFile } from 'node:child_process'
import net from 'node:net'
import { SocksClient } from 'socks'
import { spliceCounting } from '../test-sockets.ts'
import { closeServer, connections, ignore, listen } from './test-harness.ts'

export type Exchange = { data: Buffer; isClosed: boolean; closedAfterMs: number }

/**
 * Connects to 127.0.0.1:port, writes `chunks` (with `isSeparated`, each in an event-loop turn of its
 * own, so that the server reads them one by one), waits until `expectBytes` arrived (then
 * half-closes) or ends right away with `end`, and collects everything until the server closes or
 * `timeoutMs` passes.
 */
export function exchange(
  port: number,
  chunks: Uint8Array[],
  options: { isSeparated?: boolean; expectBytes?: number; end?: boolean; timeoutMs?: number } = {},
): Promise<Exchange> {
  const { isSeparated = false, expectBytes, end = false, timeoutMs = 3_000 } = options
  return new Promise((resolve) => {
    const started = Date.now()
    const received: Buffer[] = []
    let length = 0
    const socket = net.connect({ host: '127.0.0.1', port, noDelay: true })
    const finish = (isClosed: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      resolve({ data: Buffer.concat(received), isClosed, closedAfterMs: Date.now() - started })
    }
    const timer = setTimeout(() => finish(false), timeoutMs)
    socket.on('error', ignore)
    socket.on('close', () => finish(true))
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk)
      length += chunk.length
      if (expectBytes !== undefined && length >= expectBytes) socket.end()
    })
    socket.once('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return
        socket.write(chunk)
        // The server's read of this chunk comes first (a turn's I/O before its immediates); no timer,
        // so a slow machine does not stretch the handshake past the proxy's timeout.
        if (isSeparated) await new Promise((resolve) => setImmediate(resolve))
      }
      if (end) socket.end()
    })
  })
}

/**
 * A raw client that stays connected between writes, for kept-alive and pipelined exchanges: write,
 * wait (bounded) until what arrived passes a check or the server closed, and see when it closed.
 */
export async function rawClient(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port, noDelay: true })
  socket.on('error', ignore)
  let received = Buffer.alloc(0)
  let closedAt: number | undefined
  let wake = () => {}
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk])
    wake()
  })
  socket.once('close', () => {
    closedAt = Date.now()
    wake()
  })
  await new Promise((resolve) => socket.once('connect', resolve))
  return {
    write: (bytes: string | Uint8Array) => socket.write(bytes),
    received: () => received,
    /** When the server closed the connection (Date.now()), if it has. */
    closedAt: () => closedAt,
    /** Whether `check` holds for what arrived, waiting up to `timeoutMs` (less if the connection closes). */
    async until(check: (data: Buffer) => boolean, timeoutMs = 3_000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs
      while (!check(received) && closedAt === undefined && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, deadline - Date.now())
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
      return check(received)
    },
    close: () => socket.destroy(),
  }
}

/** A TCP pass-through in front of the proxy that counts exactly what the client sent and received. */
export async function countingShim(targetPort: number) {
  const counts = { fromClient: 0, toClient: 0 }
  /** The first bytes the client sent (capped), to find the end of a CONNECT head. */
  let sent = Buffer.alloc(0)
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: '127.0.0.1', port: targetPort })
    spliceCounting(client, upstream, {
      up: (chunk) => {
        counts.fromClient += chunk.length
        if (sent.length < 65_536) sent = Buffer.concat([sent, chunk])
      },
      down: (chunk) => {
        counts.toClient += chunk.length
      },
    })
  })
  const port = (await listen(server)) ?? 0
  return {
    port,
    counts,
    sent: () => sent,
    reset() {
      counts.fromClient = 0
      counts.toClient = 0
      sent = Buffer.alloc(0)
    },
    close: () => closeServer(server),
    connections: () => connections(server),
  }
}

export type CurlResult = { exitCode: number; stdout: string; stderr: string }

/** Runs /usr/bin/curl with no proxy settings from the environment. */
export function curl(args: string[]): Promise<CurlResult> {
  return new Promise((resolve) => {
    execFile(
      '/usr/bin/curl',
      ['--silent', '--show-error', '--max-time', '5', ...args],
      { env: { PATH: process.env.PATH ?? '/usr/bin' }, timeout: 8_000 },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : -1) : 0
        resolve({ exitCode, stdout, stderr })
      },
    )
  })
}

/** GET `url` with curl through a SOCKS5 proxy that resolves names itself; answers the body ('' on failure). */
export const getViaSocks = (
  proxy: { host: string; port: number; username: string; password: string },
  url: string,
): Promise<string> =>
  curl([
    '-sS',
    '--max-time',
    '5',
    '-x',
    `socks5h://${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password)}@${proxy.host}:${proxy.port}`,
    url,
  ]).then((result) => result.stdout)

export type ProxyLogin = { host: string; port: number; username: string; password: string }

/** A SOCKS5 tunnel through the `socks` package (no login when the proxy takes none); errors on it are ignored. */
export async function openSocksTunnel(
  proxy: { host: string; port: number; username?: string; password?: string },
  destination: { host: string; port: number },
  timeoutMs = 10_000,
) {
  const { socket } = await SocksClient.createConnection({
    proxy: { host: proxy.host, port: proxy.port, type: 5, userId: proxy.username, password: proxy.password },
    command: 'connect',
    destination,
    timeout: timeoutMs,
  })
  socket.on('error', () => {})
  return socket
}

/** A static IP's line as a proxy login. */
export const loginOf = (instance: { ip: string; port: number; username: string; password: string }) => ({
  host: instance.ip,
  port: instance.port,
  username: instance.username,
  password: instance.password,
})

/**
 * One SOCKS5 CONNECT: 'granted' (the tunnel is closed again at once), or the name of the proxy's
 * reply (`NotAllowed` is 0x02), or the error's message.
 */
export async function socksOutcome(proxy: ProxyLogin, destination: { host: string; port: number }) {
  try {
    const socket = await openSocksTunnel(proxy, destination, 5000)
    socket.destroy()
    return 'granted'
  } catch (error) {
    const message = (error as Error).message
    return /rejected connection - (\w+)/i.exec(message)?.[1] ?? message
  }
}

/** One HTTP CONNECT through the proxy with curl: the status the proxy answered ('000': none). */
export async function connectStatus(proxy: ProxyLogin, destination: { host: string; port: number }) {
  const login = `${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password)}`
  const answer = await curl([
    ...['-p', '-x', `http://${login}@${proxy.host}:${proxy.port}`],
    ...['-o', '/dev/null', '-w', '%{http_connect}', '--max-time', '3'],
    `http://${destination.host}:${destination.port}/`,
  ])
  return answer.stdout
}

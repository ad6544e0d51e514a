// What the bench parent asks of its child processes over IPC, and what they answer.

export type Address = { host: string; port: number }
/**
 * A SOCKS5 proxy (without a username the client offers "no authentication" instead), or with
 * `protocol: 'http'` an HTTP proxy reached by CONNECT (Basic credentials when given).
 */
export type SocksProxy = Address & { username?: string; password?: string; protocol?: 'socks5' | 'http' }

export type Job =
  | {
      kind: 'streams'
      proxy?: SocksProxy
      sink: Address
      streams: number
      bytesPerStream: number
      runs: number
      /** Per run: a run still going then counts the bytes that arrived so far. */
      timeoutMs: number
    }
  | {
      kind: 'handshakes'
      proxy?: SocksProxy
      sink: Address
      total: number
      concurrency: number
      timeoutMs: number
    }
  | {
      kind: 'idle'
      proxy?: SocksProxy
      sink: Address
      tunnels: number
      concurrency: number
      timeoutMs: number
    }

export type StreamsResult = { kind: 'streams'; gbitPerSecond: number[]; isTruncated: boolean }
export type HandshakesResult = {
  kind: 'handshakes'
  done: number
  perSecond: number
  p50Ms: number
  p99Ms: number
  failures: number
}
/** Sent once the tunnels are open; the load process then holds them until it is stopped. */
export type IdleResult = { kind: 'idle'; opened: number; failures: number }
export type LoadResult = StreamsResult | HandshakesResult | IdleResult | { kind: 'error'; message: string }

/** `source` sends as many bytes as an 8-byte request asks, `close` accepts and closes, `hold` keeps. */
export type SinkPorts = { source: number; close: number; hold: number }

// Not 127.0.0.1: the gateway refuses to dial its own addresses, and 127.0.0.1 is its pool host.
export const SINK_HOST = '127.0.0.200'

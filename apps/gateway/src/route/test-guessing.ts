// Test clients for password guessing (not a test file itself): one login through SOCKS5 (the `socks`
// package) or HTTP (node's own client), each from a chosen loopback address, and what came of it.
import http from 'node:http'
import { SocksClient } from 'socks'

export type Entry = { host: string; port: number }
export type Login = { username: string; password: string }
/** Through; refused after the password was checked; or refused before any password was read. */
export type Outcome = 'granted' | 'wrong' | 'refused'

/** A SOCKS5 CONNECT to `destination` from `localAddress`. */
export async function socksLogin(entry: Entry, login: Login, localAddress: string, destination: Entry) {
  try {
    const { socket } = await SocksClient.createConnection({
      proxy: {
        host: entry.host,
        port: entry.port,
        type: 5,
        userId: login.username,
        password: login.password,
      },
      command: 'connect',
      destination,
      // Where from; host and port are the proxy's (the package sets them again).
      socket_options: { localAddress, host: entry.host, port: entry.port },
      timeout: 5000,
    })
    socket.destroy()
    return 'granted' satisfies Outcome
  } catch (error) {
    const message = (error as Error).message
    // RFC 1929's failure reply, after the password; or no acceptable method (0xFF), before it.
    if (message.includes('Authentication failed')) return 'wrong' satisfies Outcome
    if (message.includes('no accepted authentication type')) return 'refused' satisfies Outcome
    throw error
  }
}

export type HttpAnswer = { status: number; body: string; headers: http.IncomingHttpHeaders }

/** An absolute-URI GET of `destination` through the HTTP proxy at `entry`, from `localAddress`. */
export function httpLogin(entry: Entry, login: Login, localAddress: string, destination: Entry) {
  const token = Buffer.from(`${login.username}:${login.password}`).toString('base64')
  return new Promise<HttpAnswer>((resolve, reject) => {
    const request = http.request({
      host: entry.host,
      port: entry.port,
      localAddress,
      agent: false,
      path: `http://${destination.host}:${destination.port}/`,
      headers: { host: `${destination.host}:${destination.port}`, 'proxy-authorization': `Basic ${token}` },
      timeout: 5000,
    })
    request.on('response', (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }))
    })
    request.on('timeout', () => request.destroy(new Error('no answer')))
    request.on('error', reject)
    request.end()
  })
}

/** What an HTTP answer means for a login. */
export const httpOutcome = (answer: HttpAnswer): Outcome =>
  answer.status === 407 ? 'wrong' : answer.status === 429 ? 'refused' : 'granted'

/**
 * `times` logins, `concurrency` at once (each stream sends its next as soon as its last is answered):
 * their outcomes in the order they were answered.
 */
export async function guess(times: number, login: () => Promise<Outcome>, concurrency = 1) {
  const outcomes: Outcome[] = []
  let started = 0
  const stream = async () => {
    while (started < times) {
      started += 1
      outcomes.push(await login())
    }
  }
  await Promise.all(Array.from({ length: concurrency }, stream))
  return outcomes
}

export const tally = (outcomes: Outcome[]) => ({
  granted: outcomes.filter((outcome) => outcome === 'granted').length,
  wrong: outcomes.filter((outcome) => outcome === 'wrong').length,
  refused: outcomes.filter((outcome) => outcome === 'refused').length,
})

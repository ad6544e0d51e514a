// Per-user bytes from v2ray's StatsService through `v2ctl api`, read with reset: each byte v2ray
// counts comes out of exactly one read. Uplink is what the client sent, downlink what it received.
import { execFile } from 'node:child_process'

export type UserBytes = Map<string, { up: number; down: number }>

// v2ctl prints the answer in protobuf text form; a zero value is left out.
//   stat: <
//     name: "user>>>EMAIL>>>traffic>>>uplink"
//     value: 81
//   >
const STAT = /name:\s*"user>>>(.+?)>>>traffic>>>(uplink|downlink)"(?:\s*value:\s*(\d+))?/g

export function parseUserStats(text: string): UserBytes {
  const bytes: UserBytes = new Map()
  for (const [, email = '', direction, value] of text.matchAll(STAT)) {
    const key = email.toLowerCase()
    const entry = bytes.get(key) ?? { up: 0, down: 0 }
    entry[direction === 'uplink' ? 'up' : 'down'] += Number(value ?? 0)
    bytes.set(key, entry)
  }
  return bytes
}

/**
 * Reads and zeroes every user's counters (v2ctl itself gives up after 3 s). `api` is the API's port
 * on 127.0.0.1, or the path of its Unix socket (v2ray-users.ts apiConfig).
 */
export function readUserStats(v2ctl: string, api: number | string): Promise<UserBytes> {
  const args = [
    'api',
    typeof api === 'number' ? `--server=127.0.0.1:${api}` : `--server=unix:${api}`,
    'StatsService.QueryStats',
    'pattern: "user>>>" reset: true',
  ]
  return new Promise((resolve, reject) => {
    execFile(v2ctl, args, { timeout: 10_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`v2ctl api: ${stderr.trim() || error.message}`))
      else resolve(parseUserStats(stdout))
    })
  })
}

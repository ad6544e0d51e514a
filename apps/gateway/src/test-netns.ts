// For tests that need a network of their own: runs a scenario module in a child process inside a
// new network and mount namespace (`unshare -n -m`, we are root). The child brings loopback up, adds
// 198.18.0.1/15 to it (so every 198.18.x.x address is local and bindable, and none of it is
// loopback or private to the gateway's policy), and bind-mounts a resolv.conf that points at
// NETNS_DNS, where a scenario can run startDnsServer and script the answers. Nothing it does is
// seen outside the namespace, and no packet leaves it.
//
// A scenario is a module whose default export takes the test's input and answers a JSON value:
//   const result = await runInNetns<Result>(new URL('./x.scenario.ts', import.meta.url), input)
import { type ChildProcessByStdio, spawn } from 'node:child_process'
import dgram from 'node:dgram'
import { createRequire } from 'node:module'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'

/** The namespace's own address (on lo), and the range around it that is local there. */
export const NETNS_HOST = '198.18.0.1'
export const NETNS_RANGE = '198.18.0.0/15'
/** Where the namespace's resolv.conf sends every lookup. */
export const NETNS_DNS = '198.18.0.53'

/** How the child marks its answer on stdout. */
export const NETNS_RESULT = 'NETNS-RESULT '
const TSX = createRequire(import.meta.url).resolve('tsx')
const CHILD = fileURLToPath(new URL('./test-netns-child.ts', import.meta.url))

/** Runs `scenario` in a fresh namespace with `input`; resolves what it answered (its stderr is passed through). */
export function runInNetns<T>(scenario: URL, input: unknown, timeoutMs = 180_000): Promise<T> {
  const child = spawn(
    'unshare',
    ['-n', '-m', '--', process.execPath, '--import', TSX, CHILD, scenario.href],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NETNS_INPUT: JSON.stringify(input) },
    },
  )
  return scenarioResult<T>(child, timeoutMs, "the namespace's scenario")
}

/** The answer a scenario's child prints (NETNS_RESULT), once it exits; killed after `timeoutMs`. */
export function scenarioResult<T>(
  child: ChildProcessByStdio<null, Readable, null>,
  timeoutMs: number,
  what: string,
) {
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('error', reject)
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      const line = out.split('\n').find((text) => text.startsWith(NETNS_RESULT))
      if (code === 0 && line) resolve(JSON.parse(line.slice(NETNS_RESULT.length)) as T)
      else reject(new Error(`${what} ended (${signal ?? code}) without a result:\n${out}`))
    })
  })
}

// --- a DNS server whose answers a test scripts --------------------------------------------------

const TYPE_A = 1
const TYPE_AAAA = 28

/** `a.b.test` from a query's question section, and where the question ends. */
function readQuestion(message: Buffer): { name: string; type: number; end: number } | null {
  const labels: string[] = []
  let at = 12
  while (at < message.length) {
    const length = message[at] ?? 0
    if (length === 0) break
    if (length > 63) return null // compression pointers have no place in a question
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'))
    at += 1 + length
  }
  if (at + 5 > message.length) return null
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(at + 1), end: at + 5 }
}

function addressBytes(address: string): Buffer {
  if (!address.includes(':')) return Buffer.from(address.split('.').map(Number))
  const [head = '', tail = ''] = address.split('::')
  const groups = (part: string) => (part ? part.split(':') : [])
  const missing = 8 - groups(head).length - groups(tail).length
  const all = [...groups(head), ...Array(address.includes('::') ? missing : 0).fill('0'), ...groups(tail)]
  return Buffer.from(all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 255]))
}

/** The answer to one query: its question, then one record per address (TTL 0: nothing is cached). */
function answerOf(query: Buffer, end: number, type: number, addresses: string[] | null): Buffer {
  const header = Buffer.alloc(12)
  query.copy(header, 0, 0, 2)
  const recursionDesired = (query[2] ?? 0) & 1
  // QR and RA set; NXDOMAIN (3) for a name nobody scripted.
  header.writeUInt16BE(0x8080 | (recursionDesired << 8) | (addresses === null ? 3 : 0), 2)
  header.writeUInt16BE(1, 4)
  const records = (addresses ?? []).map((address) => {
    const data = addressBytes(address)
    const record = Buffer.alloc(12)
    record.writeUInt16BE(0xc00c, 0) // the name: a pointer to the question's
    record.writeUInt16BE(type, 2)
    record.writeUInt16BE(1, 4) // class IN
    record.writeUInt32BE(0, 6)
    record.writeUInt16BE(data.length, 10)
    return Buffer.concat([record, data])
  })
  header.writeUInt16BE(records.length, 6)
  return Buffer.concat([header, query.subarray(12, end), ...records])
}

/**
 * A DNS server on NETNS_DNS:53 (UDP). `script(name, rounds)`: the n-th A query for `name` is answered
 * with the IPv4 addresses of rounds[n] (the last round repeats), AAAA queries likewise with the IPv6
 * ones, every record with TTL 0. Unscripted names are NXDOMAIN.
 */
export async function startDnsServer(host = NETNS_DNS) {
  const scripts = new Map<string, string[][]>()
  const asked = new Map<string, number>()
  const socket = dgram.createSocket('udp4')
  socket.on('message', (query, from) => {
    const question = readQuestion(query)
    if (!question || (query[2] ?? 0) & 0x80) return
    const rounds = scripts.get(question.name)
    const key = `${question.name}/${question.type}`
    const count = asked.get(key) ?? 0
    asked.set(key, count + 1)
    const round = rounds ? (rounds[Math.min(count, rounds.length - 1)] ?? []) : null
    const wanted = round?.filter((address) =>
      question.type === TYPE_AAAA
        ? address.includes(':')
        : question.type === TYPE_A && !address.includes(':'),
    )
    socket.send(answerOf(query, question.end, question.type, wanted ?? null), from.port, from.address)
  })
  await new Promise<void>((resolve) => socket.bind(53, host, resolve))
  return {
    script(name: string, rounds: string[][]) {
      scripts.set(name.toLowerCase(), rounds)
      asked.delete(`${name.toLowerCase()}/${TYPE_A}`)
      asked.delete(`${name.toLowerCase()}/${TYPE_AAAA}`)
    },
    /** How many A queries `name` has had. */
    queries: (name: string) => asked.get(`${name.toLowerCase()}/${TYPE_A}`) ?? 0,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}

export type DnsServer = Awaited<ReturnType<typeof startDnsServer>>

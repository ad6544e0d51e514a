// For tests that need several machines (nodes-netns.test.ts): each host a named network namespace
// (`ip netns add`, unique per run), wired by a veth pair to a router namespace that forwards between
// them, as the internet would (the root namespace forwards nothing and gets no address or route).
// Host number i is 198.18.(10+i).2/24 behind the router's 198.18.(10+i).1; a host may own a prefix
// whole, as a node owns the addresses it sells: the router routes it there and the host takes it on
// its loopback through AnyIP (`ip route add local <prefix> dev lo`), with no address added one by one.
// Processes run in a host with `ip netns exec` (inNetns); close() kills whatever still runs in the
// namespaces, then deletes them.
import { execFileSync, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { scenarioResult } from './test-netns.ts'

const TSX = createRequire(import.meta.url).resolve('tsx')
const CHILD = fileURLToPath(new URL('./test-hosts-child.ts', import.meta.url))
/** Namespaces of this run are `<PREFIX><pid>-<host>`. */
const PREFIX = 'gwhost'

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString()

/** Why this machine cannot make namespaces (not root, no `ip`), or null when it can. */
export function whyNoNamespaces(): string | null {
  if (process.getuid?.() !== 0) return 'network namespaces need root'
  try {
    ip('-V')
    return null
  } catch {
    return 'no `ip` command (iproute2)'
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** SIGKILLs every process in the namespace, then deletes it; one already gone is fine. */
function removeNamespace(name: string) {
  try {
    for (const pid of ip('netns', 'pids', name).split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL')
      } catch {}
    }
    ip('netns', 'del', name)
  } catch {}
}

/** Namespaces an earlier run left behind (its process killed before it could clean up). */
function removeOrphans() {
  for (const line of ip('netns', 'list').split('\n')) {
    const name = line.split(' ')[0] ?? ''
    const owner = name.match(new RegExp(`^${PREFIX}(\\d+)-`))?.[1]
    if (owner && !isAlive(Number(owner))) removeNamespace(name)
  }
}

export type HostSpec = { owns?: string }
export type Hosts = Awaited<ReturnType<typeof createHosts>>

/** Hosts by name (at most 13 characters: they name the router's end of each link). */
export async function createHosts(specs: Record<string, HostSpec>) {
  removeOrphans()
  const run = `${PREFIX}${process.pid}-${Math.random().toString(36).slice(2, 6)}`
  const router = `${run}-router`
  const made: string[] = []
  const namespaceOf = (host: string) => `${run}-${host}`
  const addresses: Record<string, string> = {}
  const close = () => {
    for (const name of made.reverse()) removeNamespace(name)
  }
  try {
    ip('netns', 'add', router)
    made.push(router)
    ip('-n', router, 'link', 'set', 'lo', 'up')
    execFileSync('ip', ['netns', 'exec', router, 'sysctl', '-q', '-w', 'net.ipv4.ip_forward=1'])
    Object.entries(specs).forEach(([host, spec], index) => {
      const ns = namespaceOf(host)
      const subnet = `198.18.${10 + index}`
      const routerEnd = `v-${host}`
      ip('netns', 'add', ns)
      made.push(ns)
      ip('link', 'add', 'eth0', 'netns', ns, 'type', 'veth', 'peer', 'name', routerEnd, 'netns', router)
      ip('-n', router, 'addr', 'add', `${subnet}.1/24`, 'dev', routerEnd)
      ip('-n', router, 'link', 'set', routerEnd, 'up')
      ip('-n', ns, 'link', 'set', 'lo', 'up')
      ip('-n', ns, 'addr', 'add', `${subnet}.2/24`, 'dev', 'eth0')
      ip('-n', ns, 'link', 'set', 'eth0', 'up')
      ip('-n', ns, 'route', 'add', 'default', 'via', `${subnet}.1`)
      if (spec.owns) {
        ip('-n', ns, 'route', 'add', 'local', spec.owns, 'dev', 'lo')
        ip('-n', router, 'route', 'add', spec.owns, 'via', `${subnet}.2`)
      }
      addresses[host] = `${subnet}.2`
    })
  } catch (error) {
    close()
    throw error
  }
  return {
    /** The host's address on its link. */
    address: (host: string) => addresses[host] as string,
    namespace: namespaceOf,
    close,
  }
}

/** `command` as it runs inside the host's namespace (`ip netns exec`), for spawn. */
export const inNetns = (namespace: string, command: string, args: string[] = []) => ({
  command: 'ip',
  args: ['netns', 'exec', namespace, command, ...args],
})

/**
 * Runs `scenario` (a module whose default export takes `input` and answers a JSON value) in a host's
 * namespace; resolves its answer (its stderr is passed through).
 */
export function runInHost<T>(namespace: string, scenario: URL, input: unknown, timeoutMs = 120_000) {
  const { command, args } = inNetns(namespace, process.execPath, ['--import', TSX, CHILD, scenario.href])
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NETNS_INPUT: JSON.stringify(input) },
  })
  return scenarioResult<T>(child, timeoutMs, `the scenario in ${namespace}`)
}

// The child runInNetns starts (test-netns.ts), already inside `unshare -n -m`: sets the namespace up,
// runs the scenario and prints its answer as one JSON line.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { NETNS_DNS, NETNS_HOST, NETNS_RESULT } from './test-netns.ts'

execFileSync('ip', ['link', 'set', 'lo', 'up'])
execFileSync('ip', ['addr', 'add', `${NETNS_HOST}/15`, 'dev', 'lo'])
const dir = mkdtempSync(join(tmpdir(), 'netns-'))
const resolvConf = join(dir, 'resolv.conf')
writeFileSync(resolvConf, `nameserver ${NETNS_DNS}\noptions timeout:1 attempts:2\n`)
// The mount namespace is private (unshare's default): the host's resolv.conf is untouched.
execFileSync('mount', ['--bind', resolvConf, '/etc/resolv.conf'])

try {
  const { default: run } = (await import(process.argv[2] ?? '')) as {
    default: (input: unknown) => Promise<unknown>
  }
  const result = await run(JSON.parse(process.env.NETNS_INPUT ?? 'null'))
  process.stdout.write(`${NETNS_RESULT}${JSON.stringify(result)}\n`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
// Whatever the scenario left open (its API fixture's IPC, sockets) must not keep the namespace alive.
process.exit(0)

// The child runInHost starts (test-hosts.ts), already inside a host's namespace: runs the scenario
// and prints its answer as one JSON line.
import { NETNS_RESULT } from './test-netns.ts'

const { default: run } = (await import(process.argv[2] ?? '')) as {
  default: (input: unknown) => Promise<unknown>
}
const result = await run(JSON.parse(process.env.NETNS_INPUT ?? 'null'))
process.stdout.write(`${NETNS_RESULT}${JSON.stringify(result)}\n`)
// Whatever the scenario left open (its API fixture's IPC, sockets) must not keep the process alive.
process.exit(0)

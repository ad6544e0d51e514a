// Run by test-netns.test.ts inside the namespace: what the harness promises a scenario.
import dns from 'node:dns/promises'
import { networkInterfaces } from 'node:os'
import { startDnsServer } from './test-netns.ts'

export default async function run(input: { echo: string }) {
  const server = await startDnsServer()
  try {
    server.script('flip.test', [['198.18.0.50'], ['127.0.0.200', '2001:db8::7']])
    const lookup = (name: string): Promise<string[]> =>
      dns.lookup(name, { all: true }).then(
        (answers) => answers.map((answer) => answer.address).sort(),
        (error: NodeJS.ErrnoException) => [error.code ?? 'unknown'],
      )
    return {
      echo: input.echo,
      addresses: Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((a) => a.address)),
      lookups: [await lookup('flip.test'), await lookup('flip.test'), await lookup('flip.test')],
      queries: server.queries('flip.test'),
      unknown: await lookup('nobody.test'),
    }
  } finally {
    await server.close()
  }
}

// The namespace harness itself: a loopback of its own with 198.18.0.1/15 and no other interface,
// and lookups answered by the scripted DNS server, round by round, never cached (TTL 0).
import { expect, it } from 'vitest'
import { NETNS_HOST, runInNetns } from './test-netns.ts'

it('runs a scenario in a namespace of its own, with scripted DNS answers', async () => {
  type Result = Awaited<ReturnType<typeof import('./test-netns.scenario.ts')['default']>>
  const result = await runInNetns<Result>(new URL('./test-netns.scenario.ts', import.meta.url), {
    echo: 'hello',
  })
  expect(result.echo).toBe('hello')
  expect(result.addresses.sort()).toEqual(['127.0.0.1', NETNS_HOST, '::1'].sort())
  expect(result.lookups).toEqual([
    ['198.18.0.50'],
    ['127.0.0.200', '2001:db8::7'],
    ['127.0.0.200', '2001:db8::7'],
  ])
  expect(result.queries).toBe(3)
  expect(result.unknown).toEqual(['ENOTFOUND'])
}, 60_000)

import type dns from 'node:dns'
import { expect, test } from 'vitest'
import { cachedLookup } from './udp.ts'

/** A stand-in for dns.lookup that answers a new address each time and counts the questions. */
function countingLookup() {
  const asked: string[] = []
  const pending: (() => void)[] = []
  const lookup = ((
    host: string,
    _options: unknown,
    callback: (error: Error | null, a: dns.LookupAddress[]) => void,
  ) => {
    asked.push(host)
    const answer = asked.length
    pending.push(() =>
      host === 'missing.test'
        ? callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), [])
        : callback(null, [{ address: `192.0.2.${answer}`, family: 4 }]),
    )
  }) as unknown as typeof dns.lookup
  return {
    lookup,
    asked,
    answerAll: () => {
      for (const answer of pending.splice(0)) answer()
    },
  }
}

const ask = (lookup: typeof dns.lookup, host: string) =>
  new Promise<string>((resolve) =>
    lookup(host, { all: true }, (error, addresses: dns.LookupAddress[]) =>
      resolve(error ? 'error' : (addresses[0]?.address ?? '')),
    ),
  )

test('asks once for a burst of datagrams to one name, remembers the answer for ttlMs, never an error', async () => {
  const system = countingLookup()
  const lookup = cachedLookup({ ttlMs: 50, lookup: system.lookup })
  const burst = Promise.all([1, 2, 3].map(() => ask(lookup, 'a.test')))
  system.answerAll()
  expect(await burst).toEqual(['192.0.2.1', '192.0.2.1', '192.0.2.1'])
  expect(await ask(lookup, 'a.test')).toBe('192.0.2.1')
  expect(system.asked).toEqual(['a.test'])

  await new Promise((resolve) => setTimeout(resolve, 60))
  const later = ask(lookup, 'a.test')
  system.answerAll()
  expect(await later).toBe('192.0.2.2')

  for (let turn = 0; turn < 2; turn++) {
    const missing = ask(lookup, 'missing.test')
    system.answerAll()
    expect(await missing).toBe('error')
  }
  expect(system.asked).toEqual(['a.test', 'a.test', 'missing.test', 'missing.test'])
})

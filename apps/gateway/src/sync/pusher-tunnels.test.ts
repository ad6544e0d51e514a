// Tunnel statistics ride in the traffic push: the real API stores them once per reportId (an answer
// lost on the way and the batch sent again counts nothing twice), and a server from before them,
// whose schema refuses the unknown field, still gets every byte.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TunnelStatsSeries } from '@proxy/contract/stats/endpoints'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMeter } from '../tracker/meter.ts'
import { createTunnelStatsBook } from '../tracker/tunnel-stats-book.ts'
import type { Fetch } from './node-api.ts'
import { createPusher } from './pusher.ts'
import { type Api, startApi } from './test-api.ts'

let api: Api
const dirs: string[] = []
beforeAll(async () => {
  api = await startApi({ firstAddress: 60 })
})
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  await api?.close()
})

const HOUR = 3_600_000
const hour = Math.floor(Date.now() / HOUR) * HOUR

function setup(fetch: Fetch) {
  const dir = mkdtempSync(join(tmpdir(), 'gateway-spool-stats-'))
  dirs.push(dir)
  const meter = createMeter()
  const book = createTunnelStatsBook()
  const pusher = createPusher({
    apiUrl: api.baseUrl,
    token: api.nodeToken,
    spoolDir: dir,
    meter,
    onDisabled: () => {},
    tunnelStats: book,
    fetch,
  })
  return { meter, book, pusher }
}

const statsOf = async (token: string, instanceId: string) => {
  const query = new URLSearchParams({
    from: new Date(hour - HOUR).toISOString(),
    to: new Date(hour + HOUR).toISOString(),
    subject: `instance:${instanceId}`,
  })
  return (await api.call<TunnelStatsSeries>('GET', `/api/proxy/stats/tunnels?${query}`, { token })).body.data
    .totals
}

describe('tunnel statistics in the push', () => {
  it('are stored once though the batch is sent again after a lost answer', async () => {
    const { token, instance } = await api.staticIpCustomer()
    const sent: string[] = []
    let isLost = true
    const { meter, book, pusher } = setup(async (url, init) => {
      const answer = await globalThis.fetch(url, init)
      if (String(url).endsWith('/traffic')) sent.push(JSON.parse(String(init?.body)).reportId)
      if (String(url).endsWith('/traffic') && isLost) {
        isLost = false
        throw new Error('the answer was lost on the way')
      }
      return answer
    })
    const key = `instance:${instance.id}`
    book.receive('1', {
      subjects: [{ hour, kind: 'instance', id: instance.id, succeeded: 3, failures: { dns: 2 } }],
      node: [],
      open: [[key, 2]],
    })
    book.sample()
    meter.add({ kind: 'instance', id: instance.id }, 100, 200)
    await expect(pusher.flush()).rejects.toThrow(/lost/)
    await pusher.flush()
    expect(sent).toHaveLength(2)
    expect(sent[0]).toBe(sent[1])
    expect(await statsOf(token, instance.id)).toMatchObject({
      opened: 5,
      succeeded: 3,
      failures: { dns: 2 },
      peakConcurrent: 2,
    })
    expect(await api.usage(token)).toEqual({ upBytes: 100, downBytes: 200 })
  })

  it('go alone when there are no bytes, and a server that refuses them still gets the bytes', async () => {
    const { token, instance } = await api.staticIpCustomer()
    // As a server from before tunnel statistics answers (its schema is strict): 400 for the unknown field.
    const bodies: string[] = []
    const { meter, book, pusher } = setup(async (url, init) => {
      const body = String(init?.body ?? '')
      if (String(url).endsWith('/traffic')) bodies.push(body)
      if (body.includes('"tunnels"'))
        return new Response(
          JSON.stringify({ code: 1001, message: 'tunnels: unrecognized key', data: null }),
          {
            status: 400,
            headers: { 'content-type': 'application/json' },
          },
        )
      return globalThis.fetch(url, init)
    })
    book.receive('1', {
      subjects: [{ hour, kind: 'instance', id: instance.id, succeeded: 1, failures: {} }],
      node: [],
      open: [],
    })
    meter.add({ kind: 'instance', id: instance.id }, 7, 9)
    await pusher.flush()
    expect(pusher.deadLetters()).toBe(0)
    expect(pusher.pending()).toBe(0)
    expect(await api.usage(token)).toEqual({ upBytes: 7, downBytes: 9 })
    expect(bodies.map((body) => 'tunnels' in JSON.parse(body))).toEqual([true, false])

    // Statistics without bytes: a batch of their own, under a reportId of their own.
    bodies.length = 0
    book.receive('1', {
      subjects: [{ hour, kind: 'instance', id: instance.id, succeeded: 1, failures: {} }],
      node: [],
      open: [],
    })
    await pusher.flush()
    expect(bodies).toHaveLength(2)
    expect(JSON.parse(bodies[1] ?? '{}')).toMatchObject({ records: [] })
    expect(pusher.deadLetters()).toBe(0)
  })
})

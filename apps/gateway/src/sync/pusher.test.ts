import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Grant } from '../route/grants.ts'
import { createMeter, type Meter } from '../tracker/meter.ts'
import { createCredentials } from './credentials.ts'
import type { Fetch } from './node-api.ts'
import { createPusher } from './pusher.ts'
import { newReportId } from './spool.ts'
import { type Api, startApi } from './test-api.ts'

let api: Api
let dead: string
beforeAll(async () => {
  api = await startApi()
  // A loopback port nobody listens on: the API as seen while it is down.
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  dead = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  await new Promise((resolve) => server.close(resolve))
})
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  await api?.close()
})

const GB = 1024 ** 3
const dirs: string[] = []
const spoolDir = () => {
  dirs.push(mkdtempSync(join(tmpdir(), 'gateway-spool-')))
  return dirs.at(-1) as string
}
const spooled = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.json'))
const grantOf = (instance: { id: string }): Grant => ({ kind: 'instance', id: instance.id, version: 'v' })

/** The real fetch, with a log of the report ids it carried and the answers' bodies. */
function recordingFetch(rewrite: (url: string) => string = (url) => url) {
  const sent: { reportId: string; status: number; data: unknown }[] = []
  const fetch: Fetch = async (url, init) => {
    const answer = await globalThis.fetch(rewrite(String(url)), init)
    if (String(url).endsWith('/traffic')) {
      const { reportId } = JSON.parse(String(init?.body)) as { reportId: string }
      const body = (await answer.clone().json()) as { data: unknown }
      sent.push({ reportId, status: answer.status, data: body.data })
    }
    return answer
  }
  return { fetch, sent }
}

function pusherOn(dir: string, meter: Meter, fetch?: Fetch, onDisabled: (ids: string[]) => void = () => {}) {
  return createPusher({ apiUrl: api.baseUrl, token: api.nodeToken, spoolDir: dir, meter, onDisabled, fetch })
}

describe('pusher', () => {
  it('puts metered bytes into the customer’s usage exactly, and sends a heartbeat', async () => {
    const { token, instance } = await api.staticIpCustomer()
    const meter = createMeter()
    const dir = spoolDir()
    const pusher = pusherOn(dir, meter)
    meter.add(grantOf(instance), 1234, 5678)
    meter.add(grantOf(instance), 1, 2)
    await pusher.flush()
    expect(spooled(dir)).toEqual([])
    expect(await api.usage(token)).toEqual({ upBytes: 1235, downBytes: 5680 })
    await pusher.flush()
    expect(await api.usage(token)).toEqual({ upBytes: 1235, downBytes: 5680 })
    await expect(pusher.heartbeat()).resolves.toBeUndefined()
    expect(pusher.deadLetters()).toBe(0)
  })

  it('keeps batches spooled while the API is down and pushes each once when it is back', async () => {
    const { token, instance } = await api.staticIpCustomer()
    const meter = createMeter()
    const dir = spoolDir()
    let isDown = true
    const { fetch, sent } = recordingFetch((url) => (isDown ? url.replace(api.baseUrl, dead) : url))
    const pusher = pusherOn(dir, meter, fetch)
    meter.add(grantOf(instance), 100, 1000)
    await expect(pusher.flush()).rejects.toThrow()
    meter.add(grantOf(instance), 10, 20)
    await expect(pusher.flush()).rejects.toThrow()
    const files = spooled(dir)
    expect(files).toHaveLength(2)
    expect(pusher.pending()).toBe(2)
    expect(await api.usage(token)).toEqual({ upBytes: 0, downBytes: 0 })

    isDown = false
    await pusher.flush()
    expect(spooled(dir)).toEqual([])
    // Oldest first, each under the reportId it was spooled with.
    expect(sent.map((s) => `${s.reportId}.json`)).toEqual(files.sort())
    expect(await api.usage(token)).toEqual({ upBytes: 110, downBytes: 1020 })
  })

  it('resends a batch a crash left after sending: the server drops the duplicate', async () => {
    const { token, instance } = await api.staticIpCustomer()
    const meter = createMeter()
    const dir = spoolDir()
    // The process "dies" after the server answered and before the spool file was deleted.
    const crashing: Fetch = async (url, init) => {
      await globalThis.fetch(url, init)
      throw new Error('crashed')
    }
    meter.add(grantOf(instance), 7, 70)
    await expect(pusherOn(dir, meter, crashing).flush()).rejects.toThrow('crashed')
    const [file] = spooled(dir)
    expect(spooled(dir)).toHaveLength(1)
    expect(await api.usage(token)).toEqual({ upBytes: 7, downBytes: 70 })

    const { fetch, sent } = recordingFetch()
    const restarted = pusherOn(dir, createMeter(), fetch)
    await restarted.flush()
    expect(sent).toEqual([
      {
        reportId: file?.replace('.json', ''),
        status: 200,
        data: expect.objectContaining({ duplicate: true }),
      },
    ])
    expect(spooled(dir)).toEqual([])
    expect(await api.usage(token)).toEqual({ upBytes: 7, downBytes: 70 })
  })

  it('moves a batch the server refuses for good to dead/ and never sends it again', async () => {
    const { token, instance } = await api.staticIpCustomer()
    const dir = spoolDir()
    const bad = newReportId()
    writeFileSync(
      join(dir, `${bad}.json`),
      JSON.stringify({
        reportId: bad,
        records: [{ kind: 'instance', id: instance.id, upBytes: -1, downBytes: 5 }],
      }),
    )
    const meter = createMeter()
    meter.add(grantOf(instance), 3, 4)
    const { fetch, sent } = recordingFetch()
    const pusher = pusherOn(dir, meter, fetch)
    await pusher.flush()
    expect(sent.map((s) => [s.reportId === bad, s.status])).toEqual([
      [true, 400],
      [false, 200],
    ])
    expect(pusher.deadLetters()).toBe(1)
    expect(spooled(dir)).toEqual([])
    expect(readdirSync(join(dir, 'dead'))).toEqual([`${bad}.json`])
    expect(await api.usage(token)).toEqual({ upBytes: 3, downBytes: 4 })

    await pusher.flush()
    const restarted = pusherOn(dir, createMeter(), fetch)
    await restarted.flush()
    expect(sent).toHaveLength(2)
    expect(restarted.deadLetters()).toBe(1)
  })

  it('keeps a batch on 5xx or a refused token, and stops that flush there', async () => {
    const { token, instance } = await api.staticIpCustomer()
    const dir = spoolDir()
    const meter = createMeter()
    let status = 503
    let calls = 0
    const failing: Fetch = async (url, init) => {
      calls += 1
      return status === 200 ? globalThis.fetch(url, init) : new Response('{}', { status })
    }
    const pusher = pusherOn(dir, meter, failing)
    meter.add(grantOf(instance), 1, 1)
    await expect(pusher.flush()).rejects.toThrow(/503/)
    meter.add(grantOf(instance), 2, 2)
    await expect(pusher.flush()).rejects.toThrow(/503/)
    expect(calls).toBe(2)
    status = 401
    await expect(pusher.flush()).rejects.toThrow(/401/)
    expect(spooled(dir)).toHaveLength(2)
    expect(pusher.deadLetters()).toBe(0)
    status = 200
    await pusher.flush()
    expect(spooled(dir)).toEqual([])
    expect(await api.usage(token)).toEqual({ upBytes: 3, downBytes: 3 })
  })

  it('writes a batch again under the same reportId when the disk failed, and sends it once', async () => {
    const { token, instance } = await api.staticIpCustomer()
    const dir = spoolDir()
    const meter = createMeter()
    const { fetch, sent } = recordingFetch()
    const pusher = pusherOn(dir, meter, fetch)
    await pusher.flush()
    rmSync(dir, { recursive: true })
    meter.add(grantOf(instance), 5, 50)
    await expect(pusher.flush()).rejects.toThrow(/ENOENT/)
    expect(sent).toEqual([])
    mkdirSync(join(dir, 'dead'), { recursive: true })
    meter.add(grantOf(instance), 1, 1)
    await pusher.flush()
    expect(sent.map((s) => s.status)).toEqual([200, 200])
    expect(await api.usage(token)).toEqual({ upBytes: 6, downBytes: 51 })
  })

  it('splits a drain of more than 10,000 records into several batches', async () => {
    const dir = spoolDir()
    const meter = createMeter()
    const { fetch, sent } = recordingFetch()
    // Unknown ids: the server accepts and ignores them.
    for (let i = 0; i < 10_001; i++) meter.add({ kind: 'traffic-account', id: crypto.randomUUID() }, 1, 1)
    await pusherOn(dir, meter, fetch).flush()
    expect(sent.map((s) => [s.status, (s.data as { accepted: number }).accepted])).toEqual([
      [200, 10_000],
      [200, 1],
    ])
  })

  it('tells the credentials which traffic accounts the server disabled', async () => {
    const account = await api.trafficCustomer()
    const entry = { address: '127.0.0.1', port: 1080 }
    const creds = createCredentials({ apiUrl: api.baseUrl, token: api.nodeToken, poolEntries: [entry] })
    await creds.pull()
    const grant = creds.authenticate(entry, account.username, account.password)
    expect(grant).not.toBeNull()
    const meter = createMeter()
    const pusher = pusherOn(spoolDir(), meter, undefined, creds.markDisabled)
    meter.add(grant as Grant, 6 * GB, 5 * GB)
    await pusher.flush()
    expect(creds.authenticate(entry, account.username, account.password)).toBeNull()
    expect(creds.isCurrent(grant as Grant)).toBe(false)
    // The server no longer lists it either.
    await creds.pull()
    expect(creds.isCurrent(grant as Grant)).toBe(false)
    expect(await api.usage(account.token)).toEqual({ upBytes: 6 * GB, downBytes: 5 * GB })
  })

  it('holds a traffic account’s bytes as unacknowledged from the drain until the server has them', async () => {
    const account = await api.trafficCustomer()
    const grant: Grant = { kind: 'traffic-account', id: account.id, version: 'v' }
    const meter = createMeter()
    const dir = spoolDir()
    let isDown = true
    const { fetch } = recordingFetch((url) => (isDown ? url.replace(api.baseUrl, dead) : url))
    const pusher = pusherOn(dir, meter, fetch)
    meter.add(grant, 100, 900)
    // Still in the meter: not the pusher's yet.
    expect(pusher.unacknowledged(account.id)).toBe(0)
    await expect(pusher.flush()).rejects.toThrow()
    expect(meter.undrained(grant)).toBe(0)
    expect(pusher.unacknowledged(account.id)).toBe(1000)
    meter.add(grant, 5, 5)
    await expect(pusher.flush()).rejects.toThrow()
    expect(pusher.unacknowledged(account.id)).toBe(1010)
    isDown = false
    await pusher.flush()
    expect(pusher.unacknowledged(account.id)).toBe(0)
    expect(await api.usage(account.token)).toEqual({ upBytes: 105, downBytes: 905 })

    // A batch the server refuses for good is settled too: its bytes never reach the package.
    const refusing: Fetch = async (url, init) =>
      String(url).endsWith('/traffic') ? new Response('{}', { status: 400 }) : globalThis.fetch(url, init)
    const buried = pusherOn(spoolDir(), meter, refusing)
    meter.add(grant, 7, 7)
    await buried.flush()
    expect(buried.deadLetters()).toBe(1)
    expect(buried.unacknowledged(account.id)).toBe(0)
  })

  it('sends the node’s figures with the heartbeat, and the server keeps them', async () => {
    const dir = spoolDir()
    const meter = createMeter()
    let isDown = true
    const { fetch } = recordingFetch((url) => (isDown ? url.replace(api.baseUrl, dead) : url))
    const pusher = pusherOn(dir, meter, fetch)
    meter.add({ kind: 'traffic-account', id: crypto.randomUUID() }, 1, 1)
    await expect(pusher.flush()).rejects.toThrow()
    isDown = false
    const figures = { version: '9.8.7', uptimeSeconds: 61, openTunnels: 4, bytesPerSecond: 12_345 }
    await pusher.heartbeat(figures)
    const rows = await api.query<Record<string, unknown>>(
      `select version, uptime_seconds, open_tunnels, bytes_per_second::text as bytes_per_second,
              dead_letters, pending_batches, last_seen_at from nodes where name = 'gateway-sync'`,
    )
    expect(rows[0]).toMatchObject({
      version: '9.8.7',
      uptime_seconds: 61,
      open_tunnels: 4,
      bytes_per_second: '12345',
      dead_letters: 0,
      pending_batches: 1,
      last_seen_at: expect.any(Date),
    })
  })

  it('checkpoints the meter between pushes, and a restart after a kill sends what it held once', async () => {
    const { token, instance } = await api.staticIpCustomer()
    const dir = spoolDir()
    const meter = createMeter()
    const pusher = pusherOn(dir, meter)
    meter.add(grantOf(instance), 1000, 2000)
    await pusher.checkpoint()
    expect(readdirSync(dir)).toContain('meter-checkpoint')
    // Counted again since: the checkpoint follows (what a kill now would lose is only what came after).
    meter.add(grantOf(instance), 5, 6)
    await pusher.checkpoint()
    meter.add(grantOf(instance), 4 * 1024 * 1024, 0)
    await pusher.checkpoint()
    // Killed here: nothing was pushed. A new pusher on the same spool sends the checkpoint as its batch.
    const restarted = pusherOn(dir, createMeter())
    await restarted.flush()
    expect(await api.usage(token)).toEqual({ upBytes: 1005 + 4 * 1024 * 1024, downBytes: 2006 })
    expect(readdirSync(dir).sort()).toEqual(['dead'])
  })

  it('a push spools the meter under the checkpoint’s reportId and drops the checkpoint: nothing counts twice', async () => {
    const { token, instance } = await api.staticIpCustomer()
    const dir = spoolDir()
    const meter = createMeter()
    const { fetch, sent } = recordingFetch()
    const pusher = pusherOn(dir, meter, fetch)
    meter.add(grantOf(instance), 10, 20)
    await pusher.checkpoint()
    const named = JSON.parse(readFileSync(join(dir, 'meter-checkpoint'), 'utf8')).reportId
    meter.add(grantOf(instance), 1, 2)
    await pusher.flush()
    expect(sent.map((each) => each.reportId)).toEqual([named])
    expect(readdirSync(dir)).toEqual(['dead'])
    // A restart finds nothing to send again.
    await pusherOn(dir, createMeter(), fetch).flush()
    expect(sent).toHaveLength(1)
    expect(await api.usage(token)).toEqual({ upBytes: 11, downBytes: 22 })
  })
})

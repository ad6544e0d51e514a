import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { describe, expect, it } from 'vitest'
import { DialError } from '../inbound/context.ts'
import { createCredentialStore } from '../route/credentials.ts'
import type { Grant } from '../route/grants.ts'
import { createTunnelStats, HOUR_MS, hostNameOf, reasonOf } from './tunnel-stats.ts'
import { createTunnelStatsBook } from './tunnel-stats-book.ts'

const INSTANCE = '00000000-0000-4000-8000-00000000000a'
const OWNER = '00000000-0000-4000-8000-0000000000aa'
const ACCOUNT = '00000000-0000-4000-8000-00000000000b'
const instance: Grant = { kind: 'instance', id: INSTANCE, version: 'v' }
const account: Grant = { kind: 'traffic-account', id: ACCOUNT, version: 'v' }
const T0 = Date.parse('2026-11-29T10:00:00Z')

const users = (keepDestinations?: string[]): NodeUsers => ({
  cursor: '1.1',
  full: true,
  instances: [
    {
      id: INSTANCE,
      owner: OWNER,
      ip: '127.0.0.20',
      port: 20001,
      protocol: 'socks5',
      username: 'alice',
      password: 'secret',
      uuid: '00000000-0000-4000-8000-000000000001',
    },
  ],
  removedInstances: [],
  trafficAccounts: [{ id: ACCOUNT, username: 'bob', password: 'hunter2', remainingBytes: 100 }],
  removedTrafficAccounts: [],
  whitelists: [],
  ...(keepDestinations && { keepDestinations }),
})

const settled = () => new Promise((resolve) => setImmediate(resolve))
const noTunnels = { openBySubject: () => new Map<string, number>() }

describe('a plane’s tunnel statistics', () => {
  it('tells the reasons apart: the cap, the policy, DNS, a timeout, a refusal and the rest', () => {
    expect(reasonOf(new DialError('over-cap'))).toBe('overCap')
    expect(reasonOf(new DialError('not-allowed', 'refused (private)'))).toBe('policy')
    expect(reasonOf(new DialError('not-allowed', 'bad port 0', 'EINVAL'))).toBe('other')
    expect(reasonOf(new DialError('host-unreachable', 'x', 'ENOTFOUND'))).toBe('dns')
    expect(reasonOf(new DialError('host-unreachable', 'x', 'EAI_AGAIN'))).toBe('dns')
    expect(reasonOf(new DialError('host-unreachable', 'x', 'EHOSTUNREACH'))).toBe('other')
    expect(reasonOf(new DialError('ttl-expired'))).toBe('timeout')
    expect(reasonOf(new DialError('refused', 'x', 'ECONNREFUSED'))).toBe('targetRefused')
    expect(reasonOf(new Error('boom'))).toBe('other')
  })

  it('counts host names only (lower case, no IP literal, no trailing dot)', () => {
    expect(hostNameOf('Example.COM.')).toBe('example.com')
    expect(hostNameOf('203.0.113.9')).toBeUndefined()
    expect(hostNameOf('::1')).toBeUndefined()
    expect(hostNameOf('[2001:db8::1]')).toBeUndefined()
    expect(hostNameOf('bad host/path')).toBeUndefined()
  })

  it('counts logins against the credential they named, or node-wide; a whitelisted source is no failure', () => {
    const store = createCredentialStore([{ address: '127.0.0.1', port: 1080 }])
    store.apply(users())
    store.setAllowance(ACCOUNT, 100)
    const stats = createTunnelStats({ now: () => T0 + 5 })
    let whitelisted: Grant | null = null
    const check = stats.checking(store.authenticate, () => whitelisted)
    const entry = { address: '127.0.0.20', port: 20001 }
    const pool = { address: '127.0.0.1', port: 1080 }
    const wrongs: string[] = []
    expect(check(entry, 'alice', 'secret', () => wrongs.push('alice'))?.id).toBe(INSTANCE)
    expect(check(entry, 'alice', 'nope', () => wrongs.push('alice'))).toBeNull()
    expect(check(entry, 'mallory', 'nope', () => wrongs.push('mallory'))).toBeNull()
    expect(check(pool, 'bob', 'wrong', () => wrongs.push('bob'))).toBeNull()
    // Spent: the right password, refused for its quota (and no wrong password for the guard).
    store.setAllowance(ACCOUNT, 0)
    expect(check(pool, 'bob', 'hunter2', () => wrongs.push('bob'))).toBeNull()
    whitelisted = instance
    expect(check(entry, 'alice', 'stale', () => {})).toBeNull()
    expect(wrongs).toEqual(['alice', 'mallory', 'bob'])
    const message = stats.report(noTunnels)
    expect(message?.node).toEqual([[T0, 1]])
    expect(message?.subjects).toEqual([
      { hour: T0, kind: 'instance', id: INSTANCE, succeeded: 0, failures: { authentication: 1 } },
      {
        hour: T0,
        kind: 'traffic-account',
        id: ACCOUNT,
        succeeded: 0,
        failures: { authentication: 1, quota: 1 },
      },
    ])
    expect(stats.report(noTunnels)).toBeUndefined()
  })

  it('counts dials as they end, with host names for customers who keep them only', async () => {
    const store = createCredentialStore([])
    const stats = createTunnelStats({ now: () => T0 })
    const follow = (answer: NodeUsers) => {
      store.apply(answer)
      stats.follow(answer, store.instances)
    }
    follow(users([OWNER]))
    await stats.dialled(instance, 'Shop.Example', Promise.resolve('socket'))
    await stats.dialled(instance, '198.51.100.1', Promise.resolve('socket'))
    await expect(
      stats.dialled(
        instance,
        'gone.example',
        Promise.reject(new DialError('host-unreachable', 'x', 'ENOTFOUND')),
      ),
    ).rejects.toThrow()
    await stats.dialled(account, 'other.example', Promise.resolve('socket'))
    await settled()
    // A delta without the list leaves it; a full answer without it (an older server) empties it.
    follow({ ...users(), full: false, instances: [] })
    await stats.dialled(instance, 'shop.example', Promise.resolve('socket'))
    await settled()
    expect(stats.report(noTunnels)?.subjects).toEqual([
      {
        hour: T0,
        kind: 'instance',
        id: INSTANCE,
        succeeded: 3,
        failures: { dns: 1 },
        hosts: [
          ['shop.example', 2, 0],
          ['gone.example', 1, 1],
        ],
      },
      { hour: T0, kind: 'traffic-account', id: ACCOUNT, succeeded: 1, failures: {} },
    ])
    follow(users())
    await stats.dialled(instance, 'shop.example', Promise.resolve('socket'))
    await settled()
    expect(stats.report(noTunnels)?.subjects[0]?.hosts).toBeUndefined()
  })

  it('reports only the open tunnels that changed, and 0 for a credential with none left', () => {
    const stats = createTunnelStats({ now: () => T0 })
    const open = new Map([[`instance:${INSTANCE}`, 2]])
    const tunnels = { openBySubject: () => new Map(open) }
    expect(stats.report(tunnels)?.open).toEqual([[`instance:${INSTANCE}`, 2]])
    expect(stats.report(tunnels)).toBeUndefined()
    open.clear()
    expect(stats.report(tunnels)?.open).toEqual([[`instance:${INSTANCE}`, 0]])
  })
})

describe('the sync side’s book', () => {
  it('adds the planes up, and samples the sum of their open tunnels for the hour’s peak', () => {
    let now = T0 + 10
    const book = createTunnelStatsBook({ now: () => now })
    const key = `instance:${INSTANCE}`
    const counts = { hour: T0, kind: 'instance' as const, id: INSTANCE, succeeded: 2, failures: { dns: 1 } }
    book.receive('1', { subjects: [counts], node: [[T0, 2]], open: [[key, 2]] })
    book.receive('2', { subjects: [{ ...counts, hosts: [['a.example', 2, 1]] }], node: [], open: [[key, 3]] })
    book.sample()
    book.receive('1', { subjects: [], node: [], open: [[key, 1]] })
    book.sample()
    expect(book.openOf(key)).toBe(4)
    // The next hour: a new row whose peak starts from what is open then.
    now = T0 + HOUR_MS + 10
    book.forget('2')
    book.sample()
    const [report] = book.drain()
    expect(report?.node).toEqual([{ hour: new Date(T0).toISOString(), authentication: 2 }])
    expect(report?.subjects).toEqual([
      {
        hour: new Date(T0).toISOString(),
        kind: 'instance',
        id: INSTANCE,
        succeeded: 4,
        failures: { dns: 2 },
        peakOpen: 5,
      },
      {
        hour: new Date(T0 + HOUR_MS).toISOString(),
        kind: 'instance',
        id: INSTANCE,
        succeeded: 0,
        failures: {},
        peakOpen: 1,
      },
    ])
    expect(report?.destinations).toEqual([
      {
        hour: new Date(T0).toISOString(),
        kind: 'instance',
        id: INSTANCE,
        host: 'a.example',
        tunnels: 2,
        failed: 1,
      },
    ])
    expect(book.drain()).toEqual([])
  })

  it('splits a large drain into reports within the contract’s bounds', () => {
    const book = createTunnelStatsBook({ now: () => T0 })
    const subjects = Array.from({ length: 60 }, (_, i) => ({
      hour: T0,
      kind: 'traffic-account' as const,
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      succeeded: 1,
      failures: {},
      hosts: Array.from({ length: 100 }, (_, h) => [`h${h}.example`, 1, 0] as [string, number, number]),
    }))
    book.receive('1', { subjects, node: [], open: [] })
    const reports = book.drain()
    expect(reports.map((report) => report.subjects.length)).toEqual([10, 10, 10, 10, 10, 10])
    expect(reports.flatMap((report) => report.subjects)).toHaveLength(60)
    expect(reports.map((report) => report.destinations?.length)).toEqual([1000, 1000, 1000, 1000, 1000, 1000])
  })
})

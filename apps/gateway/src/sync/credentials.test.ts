import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCredentialStore } from '../route/credentials.ts'
import type { Grant } from '../route/grants.ts'
import { createCredentials } from './credentials.ts'
import { type Api, startApi } from './test-api.ts'

const poolExits = ['127.0.9.1', '127.0.9.2', '127.0.9.3']
let api: Api
beforeAll(async () => {
  api = await startApi({ poolExits })
})
afterAll(() => api?.close())

const socksEntry = { address: '127.0.0.1', port: 1080 }
const httpEntry = { address: '127.0.0.1', port: 8080 }
const pool = [socksEntry, httpEntry]
const credentials = (fetch?: typeof globalThis.fetch) =>
  createCredentials({ apiUrl: api.baseUrl, token: api.nodeToken, poolEntries: pool, fetch })
/** A traffic account's grants differ only in their exit (one per connection). */
const sameCredential = (grant: Grant | null) => ({
  kind: grant?.kind,
  id: grant?.id,
  version: grant?.version,
})
const entryOf = (instance: { ip: string; port: number }) => ({ address: instance.ip, port: instance.port })

/** A loopback port nobody listens on. */
async function deadPort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Credentials whose pulls take `bytes()` as the account's bytes not acknowledged yet. */
const withUnacknowledged = (accountId: string, bytes: () => number) =>
  createCredentials({
    apiUrl: api.baseUrl,
    token: api.nodeToken,
    poolEntries: pool,
    unacknowledged: (id) => (id === accountId ? bytes() : 0),
  })

describe('credentials', () => {
  it('answers a static IP only on its own address, and only with its own password', async () => {
    const { instance: mine } = await api.staticIpCustomer()
    const { instance: theirs } = await api.staticIpCustomer()
    const { instance: vmess } = await api.staticIpCustomer('vmess')
    const creds = credentials()
    expect(creds.authenticate(entryOf(mine), mine.username, mine.password)).toBeNull()
    expect((await creds.pull()).changed).toBe(true)

    const grant = creds.authenticate(entryOf(mine), mine.username, mine.password)
    expect(grant).toMatchObject({ kind: 'instance', id: mine.id, exitAddress: mine.ip })
    expect(grant?.version).toEqual(expect.any(String))
    // IPv4 clients of a dual-stack listener show the mapped form.
    expect(
      creds.authenticate({ address: `::ffff:${mine.ip}`, port: mine.port }, mine.username, mine.password),
    ).toEqual(grant)
    expect(creds.authenticate(entryOf(mine), mine.username, `${mine.password}x`)).toBeNull()
    expect(creds.authenticate(entryOf(mine), mine.username, '')).toBeNull()
    expect(creds.authenticate(entryOf(mine), theirs.username, theirs.password)).toBeNull()
    expect(creds.authenticate(entryOf(theirs), mine.username, mine.password)).toBeNull()
    expect(
      creds.authenticate({ ...entryOf(mine), port: mine.port + 1 }, mine.username, mine.password),
    ).toBeNull()
    for (const entry of pool) expect(creds.authenticate(entry, mine.username, mine.password)).toBeNull()
    // vmess is v2ray's to serve.
    expect(creds.authenticate(entryOf(vmess), vmess.username, vmess.password)).toBeNull()

    const entries = creds.entries()
    expect(entries).toEqual(expect.arrayContaining([entryOf(mine), entryOf(theirs), ...pool]))
    expect(entries).not.toContainEqual(entryOf(vmess))
    expect((await creds.pull()).changed).toBe(false)
  })

  it('cuts off the old credential when the customer resets it, and takes the new one', async () => {
    const { token, instance } = await api.staticIpCustomer()
    const creds = credentials()
    await creds.pull()
    const old = creds.authenticate(entryOf(instance), instance.username, instance.password)
    expect(old).not.toBeNull()
    const reset = await api.call<{ username: string; password: string }>(
      'POST',
      `/api/proxy/instances/${instance.id}/reset-credentials`,
      { token },
    )
    expect(reset.status).toBe(200)
    expect((await creds.pull()).changed).toBe(true)
    expect(creds.isCurrent(old as NonNullable<typeof old>)).toBe(false)
    expect(creds.authenticate(entryOf(instance), instance.username, instance.password)).toBeNull()
    const fresh = creds.authenticate(entryOf(instance), reset.body.data.username, reset.body.data.password)
    expect(fresh).toMatchObject({ kind: 'instance', id: instance.id })
    expect(fresh?.version).not.toBe(old?.version)
    expect(creds.isCurrent(fresh as NonNullable<typeof fresh>)).toBe(true)
  })

  it('answers traffic accounts on the pool entries only, and stops one the server disabled', async () => {
    const account = await api.trafficCustomer()
    const { instance } = await api.staticIpCustomer()
    const creds = credentials()
    await creds.pull()
    const grant = creds.authenticate(httpEntry, account.username, account.password)
    expect(grant).toEqual({
      kind: 'traffic-account',
      id: account.id,
      version: expect.any(String),
      exitAddress: expect.any(String),
    })
    expect(creds.authenticate(entryOf(instance), account.username, account.password)).toBeNull()
    expect(creds.authenticate(socksEntry, account.username, 'wrong')).toBeNull()

    creds.markDisabled([account.id])
    expect(creds.authenticate(socksEntry, account.username, account.password)).toBeNull()
    expect(creds.isCurrent(grant as NonNullable<typeof grant>)).toBe(false)
    // The server still lists it (say the customer bought more): a later pull brings it back.
    expect((await creds.pull()).changed).toBe(true)
    expect(creds.authenticate(socksEntry, account.username, account.password)).toMatchObject(
      sameCredential(grant),
    )
  })

  it('spends a traffic account’s allowance locally; a pull resets it from the server less what is unacknowledged', async () => {
    const account = await api.trafficCustomer({ packageBytes: 200_000 })
    let unacknowledged = 0
    const creds = withUnacknowledged(account.id, () => unacknowledged)
    await creds.pull()
    expect(creds.allowance(account.id)).toBe(200_000)
    const grant = creds.authenticate(socksEntry, account.username, account.password) as Grant
    expect(grant).not.toBeNull()
    expect(creds.consume(grant, 150_000)).toBe(false)
    expect(creds.authenticate(socksEntry, account.username, account.password)).toMatchObject(
      sameCredential(grant),
    )
    // Instances have no allowance here: their bytes change nothing.
    expect(creds.consume({ kind: 'instance', id: account.id }, 10 ** 9)).toBe(false)
    // The last bytes: it stops at once, and stays stopped while the server has not heard of them.
    expect(creds.consume(grant, 50_000)).toBe(true)
    expect(creds.authenticate(socksEntry, account.username, account.password)).toBeNull()
    expect(creds.isCurrent(grant)).toBe(false)
    unacknowledged = 200_000
    expect((await creds.pull()).changed).toBe(false)
    expect(creds.allowance(account.id)).toBe(0)
    expect(creds.authenticate(socksEntry, account.username, account.password)).toBeNull()

    // The server takes 120,000 of them; the rest is still on its way: 200,000 − 120,000 − 80,000.
    const pushed = await api.call('POST', '/api/node/v1/traffic', {
      token: api.nodeToken,
      body: {
        reportId: crypto.randomUUID(),
        records: [{ kind: 'traffic-account', id: account.id, upBytes: 100_000, downBytes: 20_000 }],
      },
    })
    expect(pushed.status).toBe(200)
    unacknowledged = 80_000
    expect((await creds.pull()).changed).toBe(true)
    expect(creds.allowance(account.id)).toBe(0)
    expect(creds.authenticate(socksEntry, account.username, account.password)).toBeNull()
    // Say 50,000 of those were refused for good: they never reach the package, so they are spendable.
    unacknowledged = 30_000
    creds.restore(account.id, 50_000)
    await creds.pull()
    expect(creds.allowance(account.id)).toBe(50_000)
    expect(creds.authenticate(socksEntry, account.username, account.password)).toMatchObject(
      sameCredential(grant),
    )
  })

  it('never raises an allowance from an answer older than the acknowledgment of a push', async () => {
    const account = await api.trafficCustomer({ packageBytes: 200_000 })
    let unacknowledged = 0
    const creds = withUnacknowledged(account.id, () => unacknowledged)
    await creds.pull()
    const grant = creds.authenticate(socksEntry, account.username, account.password) as Grant
    creds.consume(grant, 150_000)
    unacknowledged = 150_000
    await creds.pull()
    expect(creds.allowance(account.id)).toBe(50_000)
    // The push is acknowledged, but the next answer still has the old figure (it was read before the
    // server took the push, or the delta did not name the account): 200,000 − 0 would give 150,000 again.
    unacknowledged = 0
    await creds.pull()
    expect(creds.allowance(account.id)).toBe(50_000)
    // A figure that grows is a new package: taken as it is.
    await api.query('update traffic_packages set total_bytes = total_bytes + 1000000 where user_id = $1', [
      account.id,
    ])
    await creds.pull()
    expect(creds.allowance(account.id)).toBeGreaterThan(1_000_000)
  })

  it('keeps the last good snapshot while the server cannot be reached', async () => {
    const { instance } = await api.staticIpCustomer()
    let isDown = false
    const dead = `http://127.0.0.1:${await deadPort()}`
    const creds = credentials((url, init) =>
      globalThis.fetch(isDown ? String(url).replace(api.baseUrl, dead) : url, init),
    )
    await creds.pull()
    isDown = true
    await expect(creds.pull()).rejects.toThrow()
    expect(creds.authenticate(entryOf(instance), instance.username, instance.password)).not.toBeNull()
    const failing = credentials(async () => new Response('oops', { status: 503 }))
    await expect(failing.pull()).rejects.toThrow(/503/)
    const refused = createCredentials({
      apiUrl: api.baseUrl,
      token: `nt_${'x'.repeat(43)}`,
      poolEntries: pool,
    })
    await expect(refused.pull()).rejects.toThrow(/401/)
  })

  it('takes only what changed after the first pull', async () => {
    const creds = credentials()
    expect((await creds.pull()).changed).toBe(true)
    expect((await creds.pull()).changed).toBe(false)
    const { instance } = await api.staticIpCustomer()
    expect(creds.authenticate(entryOf(instance), instance.username, instance.password)).toBeNull()
    expect((await creds.pull()).changed).toBe(true)
    expect(creds.authenticate(entryOf(instance), instance.username, instance.password)).not.toBeNull()
    expect((await creds.pull()).changed).toBe(false)
  })

  it('sends a traffic account out through the pool, a new exit per connection, or one per sticky session', async () => {
    const account = await api.trafficCustomer()
    const creds = credentials()
    await creds.pull()
    expect(creds.exitAddresses()).toEqual(poolExits)
    const exits = Array.from(
      { length: 6 },
      () => creds.authenticate(socksEntry, account.username, account.password)?.exitAddress,
    )
    for (let i = 1; i < exits.length; i++) expect(exits[i]).not.toBe(exits[i - 1])
    expect(new Set(exits)).toEqual(new Set(poolExits))

    const sticky = `${account.username}-session-abc123-sessTime-10`
    const held = creds.authenticate(httpEntry, sticky, account.password)
    expect(held).toMatchObject({
      kind: 'traffic-account',
      id: account.id,
      session: { id: 'abc123', minutes: 10 },
    })
    // Its exit is held node-wide, decided where the pull lands (the workers ask for it when dialling).
    const exit = creds.holdExit(account.id, { id: 'abc123', minutes: 10 })?.address
    expect(poolExits).toContain(exit)
    for (let i = 0; i < 5; i++)
      expect(creds.holdExit(account.id, { id: 'abc123', minutes: 10 })?.address).toBe(exit)
    expect(
      creds.authenticate(socksEntry, `${account.username}-session-abc123-sessTime-999`, account.password),
    ).toBeNull()
    expect(creds.authenticate(socksEntry, sticky, 'wrong')).toBeNull()
  })

  it("opens a static IP without a password for its customer's whitelisted sources only, until removed", async () => {
    const { token, instance } = await api.staticIpCustomer()
    const { instance: theirs } = await api.staticIpCustomer()
    const added = await api.call<{ id: string }>('POST', '/api/user/ip-whitelist', {
      token,
      body: { source: '127.0.8.0/24' },
    })
    expect(added.status).toBe(200)
    const creds = credentials()
    await creds.pull()
    const grant = creds.authorizeSource(entryOf(instance), '::ffff:127.0.8.9')
    expect(grant).toMatchObject({ kind: 'instance', id: instance.id, exitAddress: instance.ip })
    expect(creds.isCurrent(grant as Grant)).toBe(true)
    expect(creds.authorizeSource(entryOf(instance), '127.0.7.9')).toBeNull()
    // Another customer's IP does not open for my sources, nor do the pool entries.
    expect(creds.authorizeSource(entryOf(theirs), '127.0.8.9')).toBeNull()
    expect(creds.authorizeSource(socksEntry, '127.0.8.9')).toBeNull()

    await api.call('DELETE', `/api/user/ip-whitelist/${added.body.data.id}`, { token })
    expect((await creds.pull()).changed).toBe(true)
    expect(creds.isCurrent(grant as Grant)).toBe(false)
    expect(creds.authorizeSource(entryOf(instance), '127.0.8.9')).toBeNull()
  })
})

describe('credential store', () => {
  it('never lets a whitelist range wider than the contract open an IP, IPv4-mapped IPv6 included', () => {
    const store = createCredentialStore(pool)
    const instance = {
      id: crypto.randomUUID(),
      owner: crypto.randomUUID(),
      ip: '127.0.0.250',
      port: 1080,
      protocol: 'socks5' as const,
      username: 'u',
      password: 'p',
      uuid: crypto.randomUUID(),
    }
    store.apply({
      cursor: '1.1',
      full: true,
      instances: [instance],
      removedInstances: [],
      trafficAccounts: [],
      removedTrafficAccounts: [],
      whitelists: [
        {
          owner: instance.owner,
          sources: ['::/48', '::ffff:0:0/96', '0.0.0.0/0', '10.0.0.0/8', '198.51.100.0/24', '2001:db8::/48'],
        },
      ],
    })
    const entry = entryOf(instance)
    for (const stranger of ['1.2.3.4', '::ffff:1.2.3.4', '10.1.2.3', '::1'])
      expect(store.authorizeSource(entry, stranger), stranger).toBeNull()
    expect(store.authorizeSource(entry, '198.51.100.9')).toMatchObject({ id: instance.id })
    expect(store.authorizeSource(entry, '2001:db8::5')).toMatchObject({ id: instance.id })
  })
})

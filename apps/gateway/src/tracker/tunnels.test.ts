import type net from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Grant } from '../route/grants.ts'
import { createSocketPairs } from '../test-sockets.ts'
import { createTunnels } from './tunnels.ts'

let sockets: Awaited<ReturnType<typeof createSocketPairs>>
beforeAll(async () => {
  sockets = await createSocketPairs()
})
afterAll(() => sockets.close())
const pair = () => sockets.pair()
const closed = (socket: net.Socket) => sockets.closing(socket)

const alice: Grant = { kind: 'instance', id: 'a', version: '1' }
const bob: Grant = { kind: 'traffic-account', id: 'b', version: '1' }

test('counts tunnels per grant, a rebuilt grant object as the same credential', async () => {
  const tunnels = createTunnels()
  const [c1, u1] = await pair()
  const [c2, u2] = await pair()
  const [c3, u3] = await pair()
  tunnels.open(alice, c1, u1)
  tunnels.open({ ...alice, version: '2' }, c2, u2)
  tunnels.open(bob, c3, u3)
  expect(tunnels.count(alice)).toBe(2)
  expect(tunnels.count(bob)).toBe(1)
  expect(tunnels.size).toBe(3)
})

test('forgets a tunnel when either socket closes', async () => {
  const tunnels = createTunnels()
  const [client, upstream] = await pair()
  tunnels.open(alice, client, upstream)
  client.destroy()
  await closed(client)
  expect(tunnels.count(alice)).toBe(0)
  expect(tunnels.size).toBe(0)
})

test('closeWhere destroys both sockets of matching tunnels only', async () => {
  const tunnels = createTunnels()
  const [c1, u1] = await pair()
  const [c2, u2] = await pair()
  const [c3, u3] = await pair()
  tunnels.open(alice, c1, u1)
  tunnels.open({ ...alice, version: '2' }, c2, u2)
  tunnels.open(bob, c3, u3)

  expect(tunnels.closeWhere((grant) => grant.id === 'a' && grant.version !== '2')).toBe(1)
  expect(c1.destroyed && u1.destroyed).toBe(true)
  expect(tunnels.count(alice)).toBe(1)
  expect(tunnels.size).toBe(2)
  await Promise.all([closed(c1), closed(u1)])
  expect(c2.destroyed || c3.destroyed).toBe(false)

  expect(tunnels.closeWhere(() => true)).toBe(2)
  expect(tunnels.size).toBe(0)
  expect(tunnels.closeWhere(() => true)).toBe(0)
})

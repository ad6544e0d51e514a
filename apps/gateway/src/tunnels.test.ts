import net from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Grant } from './grants.ts'
import { createTunnels } from './tunnels.ts'

let server: net.Server
const accepted: net.Socket[] = []
const opened: net.Socket[] = []

beforeAll(async () => {
  server = net.createServer((socket) => accepted.push(watch(socket)))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
})
afterAll(async () => {
  for (const socket of [...accepted, ...opened]) socket.destroy()
  await new Promise((resolve) => server.close(resolve))
})

/** Two connected loopback sockets; returns our end and the far end. */
async function pair(): Promise<[net.Socket, net.Socket]> {
  const { port } = server.address() as net.AddressInfo
  const before = accepted.length
  const near = watch(net.connect(port, '127.0.0.1'))
  opened.push(near)
  await new Promise((resolve) => near.once('connect', resolve))
  for (let i = 0; i < 100 && accepted.length === before; i++) await new Promise((r) => setTimeout(r, 5))
  const far = accepted[accepted.length - 1]
  if (!far) throw new Error('no accepted socket')
  return [near, far]
}

// Recorded from birth: `destroyed` and `closed` turn true before 'close' has actually fired.
const closings = new WeakMap<net.Socket, Promise<void>>()
const watch = (socket: net.Socket) => {
  closings.set(socket, new Promise((resolve) => socket.once('close', () => resolve())))
  return socket.on('error', () => {})
}
const closed = (socket: net.Socket) => closings.get(socket)

const alice: Grant = { kind: 'instance', id: 'a', version: '1' }
const bob: Grant = { kind: 'traffic-account', id: 'b', version: '1' }

test('caps tunnels per grant, counting a rebuilt grant object as the same credential', async () => {
  const tunnels = createTunnels({ maxPerGrant: 2 })
  const [c1, u1] = await pair()
  const [c2, u2] = await pair()
  const [c3, u3] = await pair()
  expect(tunnels.open(alice, c1, u1)).toBe(true)
  expect(tunnels.open({ ...alice, version: '2' }, c2, u2)).toBe(true)
  expect(tunnels.open(alice, c3, u3)).toBe(false)
  expect(tunnels.open(bob, c3, u3)).toBe(true)
  expect(tunnels.count(alice)).toBe(2)
  expect(tunnels.count(bob)).toBe(1)
  expect(tunnels.size).toBe(3)
})

test('forgets a tunnel when either socket closes', async () => {
  const tunnels = createTunnels({ maxPerGrant: 1 })
  const [client, upstream] = await pair()
  tunnels.open(alice, client, upstream)
  client.destroy()
  await closed(client)
  expect(tunnels.count(alice)).toBe(0)
  expect(tunnels.size).toBe(0)
  const [c2, u2] = await pair()
  expect(tunnels.open(alice, c2, u2)).toBe(true)
})

test('closeWhere destroys both sockets of matching tunnels only', async () => {
  const tunnels = createTunnels({ maxPerGrant: 5 })
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

// The two gentle closes of a client connection: refuse lingers from its FIN, finish from the moment
// everything written has gone out, so a slow reader still gets the whole of a last answer.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createSocketPairs } from '../test-sockets.ts'
import { Handshake } from './handshake.ts'

let sockets: Awaited<ReturnType<typeof createSocketPairs>>
beforeAll(async () => {
  sockets = await createSocketPairs({ allowHalfOpen: true })
})
afterAll(() => sockets.close())

/** Bytes a reader that waits 1.5 s (longer than the linger) gets of a 32 MiB answer closed by `close`. */
async function slowReaderGets(close: (handshake: Handshake) => void): Promise<number> {
  const [client, server] = await sockets.pair()
  client.pause()
  const handshake = new Handshake(server, 10_000)
  // Far more than loopback's socket buffers hold: most of it waits in the process when `close` runs.
  server.write(Buffer.alloc(32 * 1024 * 1024))
  close(handshake)
  await new Promise((resolve) => setTimeout(resolve, 1_500))
  let received = 0
  client.on('data', (chunk: Buffer) => {
    received += chunk.length
  })
  client.resume()
  await sockets.closing(client)
  return received
}

test('finish lets a slow reader have all of the last answer', async () => {
  expect(await slowReaderGets((handshake) => handshake.finish())).toBe(32 * 1024 * 1024)
})

test('refuse closes after its linger however much is still unsent', async () => {
  expect(await slowReaderGets((handshake) => handshake.refuse())).toBeLessThan(32 * 1024 * 1024)
})

// The far end of every tunnel, in a process of its own so it never shares a core's event loop with
// the proxy or the load generator. Listens on SINK_HOST only and reports its ports over IPC.
import net from 'node:net'
import { SINK_HOST, type SinkPorts } from './jobs.ts'

const CHUNK = Buffer.alloc(256 * 1024, 0x61)

/** Writes `total` bytes with back-pressure, then ends. */
function send(socket: net.Socket, total: number) {
  let left = total
  const pump = () => {
    while (left > 0) {
      const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left)
      left -= chunk.length
      if (!socket.write(chunk)) return void socket.once('drain', pump)
    }
    socket.end()
  }
  pump()
}

const handlers: Record<keyof SinkPorts, (socket: net.Socket) => void> = {
  source(socket) {
    let request: Buffer = Buffer.alloc(0)
    const onData = (chunk: Buffer) => {
      request = Buffer.concat([request, chunk])
      if (request.length < 8) return
      socket.off('data', onData)
      socket.on('data', () => {})
      send(socket, Number(request.readBigUInt64BE(0)))
    }
    socket.on('data', onData)
  },
  close: (socket) => socket.end(),
  hold: (socket) => socket.resume(),
}

const listen = (name: keyof SinkPorts) =>
  new Promise<number>((resolve) => {
    const server = net.createServer((socket) => {
      socket.on('error', () => socket.destroy())
      handlers[name](socket)
    })
    server.listen({ host: SINK_HOST, port: 0, backlog: 4096 }, () =>
      resolve((server.address() as net.AddressInfo).port),
    )
  })

const ports: SinkPorts = {
  source: await listen('source'),
  close: await listen('close'),
  hold: await listen('hold'),
}
process.send?.(ports)
process.on('disconnect', () => process.exit(0))

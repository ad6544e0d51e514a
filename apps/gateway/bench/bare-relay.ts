// The ceiling of a Node data path: accept, a no-auth SOCKS5 handshake (IPv4 CONNECT only), connect,
// then `pipe` both ways. Nothing checked, nothing counted: what any Node proxy pays at least.
import net from 'node:net'
import { serveProfiling } from './profiling.ts'

const server = net.createServer((client) => {
  client.on('error', () => client.destroy())
  let buffered: Buffer = Buffer.alloc(0)
  let hasGreeted = false
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk])
    if (!hasGreeted) {
      if (buffered.length < 2 || buffered.length < 2 + buffered.readUInt8(1)) return
      buffered = buffered.subarray(2 + buffered.readUInt8(1))
      hasGreeted = true
      client.write(Uint8Array.of(5, 0))
    }
    if (buffered.length < 10) return
    client.off('data', onData)
    client.pause()
    const host = [...buffered.subarray(4, 8)].join('.')
    const rest = buffered.subarray(10)
    const upstream = net.connect({ host, port: buffered.readUInt16BE(8) }, () => {
      client.write(Uint8Array.of(5, 0, 0, 1, 0, 0, 0, 0, 0, 0))
      if (rest.length > 0) upstream.write(rest)
      client.pipe(upstream)
      upstream.pipe(client)
    })
    upstream.on('error', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    client.on('close', () => upstream.destroy())
  }
  client.on('data', onData)
})

server.listen({ host: '127.0.0.1', port: 0, backlog: 4096 }, () => {
  process.send?.({ port: (server.address() as net.AddressInfo).port })
})
serveProfiling()
process.on('disconnect', () => process.exit(0))

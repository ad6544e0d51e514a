// A minimal SOCKS5 client (RFC 1928 CONNECT to an IPv4 literal, RFC 1929 username/password) for
// the load generator: one round trip per step, as curl does, and the socket handed back paused
// with nothing it already read lost.
import net from 'node:net'
import type { Address, SocksProxy } from './jobs.ts'

/** Reads exact byte counts from a socket until released. */
function reader(socket: net.Socket) {
  let buffered: Buffer = Buffer.alloc(0)
  let failure: Error | undefined
  let wake = () => {}
  const onData = (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk])
    wake()
  }
  const onEnd = () => {
    failure ??= new Error('the proxy closed during the handshake')
    wake()
  }
  const onError = (error: Error) => {
    failure = error
    wake()
  }
  socket.on('data', onData)
  socket.on('end', onEnd)
  socket.on('close', onEnd)
  socket.on('error', onError)
  return {
    async read(length: number): Promise<Buffer> {
      while (buffered.length < length) {
        if (failure) throw failure
        await new Promise<void>((resolve) => {
          wake = resolve
        })
      }
      const bytes = buffered.subarray(0, length)
      buffered = buffered.subarray(length)
      return bytes
    },
    release() {
      socket.off('data', onData)
      socket.off('end', onEnd)
      socket.off('close', onEnd)
      socket.off('error', onError)
      socket.pause()
      if (buffered.length > 0) socket.unshift(buffered)
    },
  }
}

/** HTTP CONNECT: the request, then the answer's head up to its blank line (a 200, or it fails). */
async function connectHttp(socket: net.Socket, proxy: SocksProxy, to: Address): Promise<void> {
  const bytes = reader(socket)
  const auth =
    proxy.username === undefined
      ? ''
      : `Proxy-Authorization: Basic ${Buffer.from(`${proxy.username}:${proxy.password ?? ''}`).toString('base64')}\r\n`
  socket.write(`CONNECT ${to.host}:${to.port} HTTP/1.1\r\nHost: ${to.host}:${to.port}\r\n${auth}\r\n`)
  let head = ''
  while (!head.endsWith('\r\n\r\n')) {
    head += (await bytes.read(1)).toString('latin1')
    if (head.length > 4096) throw new Error('the proxy answered an oversized head')
  }
  if (!/^HTTP\/1\.[01] 200/.test(head)) throw new Error(`CONNECT answered ${head.split('\r\n')[0]}`)
  bytes.release()
}

async function negotiate(socket: net.Socket, proxy: SocksProxy, to: Address): Promise<void> {
  if (proxy.protocol === 'http') return connectHttp(socket, proxy, to)
  const bytes = reader(socket)
  const method = proxy.username === undefined ? 0x00 : 0x02
  socket.write(Uint8Array.of(5, 1, method))
  const choice = await bytes.read(2)
  if (choice.readUInt8(1) !== method) throw new Error(`the proxy chose method ${choice.readUInt8(1)}`)
  if (proxy.username !== undefined) {
    const username = Buffer.from(proxy.username)
    const password = Buffer.from(proxy.password ?? '')
    socket.write(
      Buffer.concat([Uint8Array.of(1, username.length), username, Uint8Array.of(password.length), password]),
    )
    if ((await bytes.read(2)).readUInt8(1) !== 0) throw new Error('the proxy refused the credentials')
  }
  const port = Buffer.alloc(2)
  port.writeUInt16BE(to.port)
  socket.write(Buffer.concat([Uint8Array.of(5, 1, 0, 1, ...to.host.split('.').map(Number)), port]))
  const head = await bytes.read(4)
  if (head.readUInt8(1) !== 0) throw new Error(`CONNECT answered ${head.readUInt8(1)}`)
  const type = head.readUInt8(3)
  const addressLength = type === 1 ? 4 : type === 4 ? 16 : (await bytes.read(1)).readUInt8(0)
  await bytes.read(addressLength + 2)
  bytes.release()
}

/** A socket that carries bytes to `to`: directly, or through `proxy` once it answered CONNECT. */
export function openTunnel(
  proxy: SocksProxy | undefined,
  to: Address,
  timeoutMs: number,
): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ ...(proxy ?? to), noDelay: true })
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no tunnel within ${timeoutMs} ms`)))
    const fail = (error: Error) => {
      socket.destroy()
      reject(error)
    }
    socket.once('error', fail)
    socket.once('connect', () => {
      const ready = proxy ? negotiate(socket, proxy, to) : Promise.resolve()
      ready.then(() => {
        socket.off('error', fail)
        socket.setTimeout(0)
        resolve(socket)
      }, fail)
    })
  })
}

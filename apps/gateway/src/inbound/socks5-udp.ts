// SOCKS5 UDP ASSOCIATE (RFC 1928 §7): after the handshake, a UDP relay on the address the client
// dialled carries its datagrams while the TCP control connection stays open. Each datagram is
// judged on the address it is actually sent to, leaves from the grant's exit, and its payload is
// metered both ways (a traffic account's datagram crosses only whole, on its lease); the association
// is a tunnel for the tracker (cut-off) and holds one of the credential's tunnel slots.
import dgram from 'node:dgram'
import { EventEmitter } from 'node:events'
import net from 'node:net'
import { unmapIPv4 } from '../route/addresses.ts'
import type { Destination, Entry, Grant } from '../route/grants.ts'
import type { ByteAllowance } from '../tracker/limits.ts'
import type { Tunnels } from '../tracker/tunnels.ts'
import { DialError, type UdpRelay } from './context.ts'
import { isValidHost } from './handshake.ts'
import { addressType, encodeAddress, formatIPv6 } from './socks5.ts'

export type UdpAssociationOptions = {
  tunnels: Pick<Tunnels, 'open'>
  /** Resolves a destination and judges the answer (createResolver): the address to send to, or a rejection. */
  resolve: (grant: Grant, destination: Destination) => Promise<string>
  /** A socket from the exit address connected to one judged destination (outbound/udp.ts). */
  openExit: (destination: { address: string; port: number }, exitAddress?: string) => Promise<dgram.Socket>
  meter: (grant: Grant, upBytes: number, downBytes: number) => void
  /** A traffic account's lease: a datagram crosses once it covers it whole; none left drops it. */
  allowance: Pick<ByteAllowance, 'takeAll' | 'refund'>
  /** No datagram either way for this long ends the association. */
  idleTimeoutMs: number
  /** Associations open at once in this process. */
  maxAssociations: number
  /** Destinations (exit sockets) per association; past it the least recently used one is closed. */
  maxDestinations: number
}

/** Datagrams of one association waiting on the resolver at once; more are dropped, as a full queue would. */
const maxResolving = 256
const ignore = () => {}

type Exit = { ready: Promise<dgram.Socket | undefined>; socket?: dgram.Socket; isClosed: boolean }

export function createUdpAssociations(options: UdpAssociationOptions) {
  let open = 0

  return async function associate(grant: Grant, control: net.Socket, entry: Entry): Promise<UdpRelay> {
    if (open >= options.maxAssociations) throw new DialError('general', 'too many UDP associations')
    open++
    let client: dgram.Socket
    try {
      client = await bindRelay(entry.address)
    } catch (error) {
      open--
      throw new DialError('general', (error as Error).message)
    }

    const clientAddress = unmapIPv4(control.remoteAddress ?? '')
    /** Learnt from the first datagram: the control's client IP, and this port only from then on. */
    let clientPort: number | undefined
    const exits = new Map<string, Exit>()
    const ended = new EventEmitter()
    let isClosed = false
    let resolving = 0
    let lastActive = Date.now()

    /** Gives up the sockets; the control connection is the handler's until the association is established. */
    function release() {
      if (isClosed) return
      isClosed = true
      open--
      clearTimeout(idleTimer)
      client.close()
      for (const exit of exits.values()) closeExit(exit)
      exits.clear()
      ended.emit('close')
    }
    function close() {
      release()
      control.destroy()
    }

    const onIdle = () => {
      const quietMs = Date.now() - lastActive
      if (quietMs >= options.idleTimeoutMs) close()
      else idleTimer = setTimeout(onIdle, options.idleTimeoutMs - quietMs)
    }
    let idleTimer = setTimeout(onIdle, options.idleTimeoutMs)

    function exitFor(address: string, port: number): Promise<dgram.Socket | undefined> {
      const key = `${address} ${port}`
      const known = exits.get(key)
      if (known) {
        // Map order is use order: the first entry is the one to evict.
        exits.delete(key)
        exits.set(key, known)
        return known.ready
      }
      if (exits.size >= options.maxDestinations) {
        const [oldest] = exits
        if (oldest) {
          exits.delete(oldest[0])
          closeExit(oldest[1])
        }
      }
      const header = Buffer.concat([Uint8Array.of(0, 0, 0), encodeAddress(address), portBytes(port)])
      const exit: Exit = { isClosed: false, ready: Promise.resolve(undefined) }
      exit.ready = options.openExit({ address, port }, grant.exitAddress).then(
        (socket) => {
          if (exit.isClosed) {
            socket.close()
            return undefined
          }
          exit.socket = socket
          socket.on('message', (data: Buffer) => backToClient(header, data))
          return socket
        },
        () => {
          // No socket (the exit address is gone, say): the next datagram tries afresh.
          if (exits.get(key) === exit) exits.delete(key)
          return undefined
        },
      )
      exits.set(key, exit)
      return exit.ready
    }

    function backToClient(header: Buffer, data: Buffer) {
      if (isClosed || clientPort === undefined) return
      lastActive = Date.now()
      const port = clientPort
      const send = (isPaid: boolean) => {
        if (!isPaid) return
        if (isClosed) return options.allowance.refund(grant, data.length)
        client.send([header, data], port, clientAddress, (error) => {
          if (error) options.allowance.refund(grant, data.length)
          else options.meter(grant, 0, data.length)
        })
      }
      // Mostly paid at once; a datagram that must wait for the lease goes when it comes.
      const paid = options.allowance.takeAll(grant, data.length)
      if (paid === true) send(true)
      else void paid.then(send)
    }

    async function forward(destination: Destination, data: Buffer) {
      // Judged on every datagram: a name is resolved again (the plane's lookup remembers answers
      // briefly) and the datagram goes to the very address judged.
      const address = await options.resolve(grant, destination).catch(() => undefined)
      if (address === undefined || isClosed) return
      const socket = await exitFor(address, destination.port)
      if (!socket || isClosed || !(await options.allowance.takeAll(grant, data.length))) return
      if (isClosed) return options.allowance.refund(grant, data.length)
      try {
        socket.send(data, (error) => {
          if (error) options.allowance.refund(grant, data.length)
          else options.meter(grant, data.length, 0)
        })
      } catch {
        // evicted while we waited: the datagram is lost, as UDP allows
        options.allowance.refund(grant, data.length)
      }
    }

    client.on('error', ignore)
    client.on('message', (message: Buffer, from: dgram.RemoteInfo) => {
      if (isClosed || unmapIPv4(from.address) !== clientAddress) return
      if (clientPort !== undefined && from.port !== clientPort) return
      const datagram = parseDatagram(message)
      if (!datagram || resolving >= maxResolving) return
      clientPort ??= from.port
      lastActive = Date.now()
      resolving++
      void forward(datagram.destination, datagram.data).finally(() => {
        resolving--
      })
    })

    const association = {
      get destroyed() {
        return isClosed
      },
      destroy: close,
      once(event: 'close', listener: () => void) {
        ended.once(event, listener)
        return association
      },
    }
    // The handshake deadline may have closed the control while we were binding.
    if (control.destroyed) {
      release()
      throw new DialError('general', 'the client left')
    }
    options.tunnels.open(grant, control, association)
    control.once('close', close)

    return {
      address: entry.address,
      port: client.address().port,
      close,
      start() {
        // The control carries nothing more; its end (FIN, reset, close) ends the association.
        control.on('data', ignore)
        control.once('end', close)
        control.resume()
      },
    }
  }
}

function bindRelay(address: string) {
  return new Promise<dgram.Socket>((resolve, reject) => {
    const socket = dgram.createSocket(net.isIPv6(address) ? 'udp6' : 'udp4')
    socket.once('error', reject)
    // exclusive: in a cluster worker a shared handle would be one socket for every worker's association.
    socket.bind({ address, port: 0, exclusive: true }, () => {
      socket.off('error', reject)
      resolve(socket)
    })
  })
}

function closeExit(exit: Exit) {
  exit.isClosed = true
  exit.socket?.close()
}

const portBytes = (port: number) => {
  const bytes = Buffer.alloc(2)
  bytes.writeUInt16BE(port)
  return bytes
}

/** RSV RSV FRAG ATYP DST.ADDR DST.PORT DATA; undefined when malformed or a fragment (FRAG ≠ 0, not supported). */
export function parseDatagram(message: Buffer): { destination: Destination; data: Buffer } | undefined {
  if (message.length < 4 || message[2] !== 0) return undefined
  let host: string
  let offset: number
  switch (message[3]) {
    case addressType.ipv4:
      if (message.length < 10) return undefined
      host = [...message.subarray(4, 8)].join('.')
      offset = 8
      break
    case addressType.ipv6:
      if (message.length < 22) return undefined
      host = formatIPv6(message.subarray(4, 20))
      offset = 20
      break
    case addressType.domain: {
      const length = message[4] ?? 0
      if (length === 0 || message.length < 7 + length) return undefined
      host = message.subarray(5, 5 + length).toString('latin1')
      offset = 5 + length
      break
    }
    default:
      return undefined
  }
  if (!isValidHost(host)) return undefined
  return { destination: { host, port: message.readUInt16BE(offset) }, data: message.subarray(offset + 2) }
}

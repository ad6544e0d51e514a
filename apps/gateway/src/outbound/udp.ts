// The exit side of UDP ASSOCIATE: one socket per destination, bound to the grant's exit address and
// connected to the destination, so the kernel hands us datagrams from that destination only
// (a stranger cannot spray the exit port and have the customer pay for it).
import dgram from 'node:dgram'
import dns, { type LookupAddress } from 'node:dns'
import { familyOf } from '../route/addresses.ts'

/** Opens the exit socket for one destination (an address the resolver judged); rejects if it cannot bind or connect. */
export function openUdpExit(destination: { address: string; port: number }, exitAddress?: string) {
  return new Promise<dgram.Socket>((resolve, reject) => {
    const socket = dgram.createSocket(familyOf(destination.address) === 'ipv4' ? 'udp4' : 'udp6')
    let isReady = false
    // Once connected, errors are ICMP news (port unreachable) about a datagram already lost: nothing to do.
    socket.on('error', (error) => {
      if (isReady) return
      socket.close()
      reject(error)
    })
    // exclusive: in a cluster worker a shared handle would be one socket for every worker's association.
    socket.bind({ address: exitAddress, port: 0, exclusive: true }, () => {
      socket.connect(destination.port, destination.address, () => {
        isReady = true
        resolve(socket)
      })
    })
  })
}

type Answer = { addresses: LookupAddress[]; until: number }

/**
 * dns.lookup with a short memory, for datagrams that name their destination: each one is judged
 * again on the answer (the resolver does that), but a burst of them asks the system once.
 * Only `lookup(host, { all: true }, callback)` is served, the one form the resolver uses.
 */
export function cachedLookup(
  options: { ttlMs?: number; maxNames?: number; lookup?: typeof dns.lookup } = {},
) {
  const { ttlMs = 5_000, maxNames = 4_096, lookup = dns.lookup } = options
  const answers = new Map<string, Answer>()
  const asking = new Map<string, ((error: Error | null, addresses: LookupAddress[]) => void)[]>()

  const cached = (
    host: string,
    _options: dns.LookupAllOptions,
    callback: (error: Error | null, addresses: LookupAddress[]) => void,
  ) => {
    const known = answers.get(host)
    if (known && known.until > Date.now()) return callback(null, known.addresses)
    const waiting = asking.get(host)
    if (waiting) return void waiting.push(callback)
    asking.set(host, [callback])
    lookup(host, { all: true }, (error, addresses: LookupAddress[]) => {
      const callbacks = asking.get(host) ?? []
      asking.delete(host)
      if (!error) {
        if (answers.size >= maxNames) answers.clear()
        answers.set(host, { addresses, until: Date.now() + ttlMs })
      }
      for (const each of callbacks) each(error, addresses)
    })
  }
  return cached as unknown as typeof dns.lookup
}

// Opens the upstream connection for a tunnel: resolve first, then judge the resolved address,
// so a public name pointing at 127.0.0.1 or 10.x (SSRF by DNS) is refused like the literal.
import dns, { type LookupAddress } from 'node:dns'
import net from 'node:net'
import { DialError } from '../inbound/context.ts'
import { familyOf as family, unmapIPv4 } from '../route/addresses.ts'
import type { Destination, Grant } from '../route/grants.ts'
import type { DestinationPolicy, Refusal } from '../route/policy.ts'

export type ResolverOptions = {
  /** Judges every resolved address with the destination port (route/policy.ts). */
  policy: DestinationPolicy
  /** Told of each destination the policy refused, for the credential that asked (the counts the operator sees). */
  onRefused?: (grant: Grant, refusal: Refusal) => void
  lookup?: typeof dns.lookup
}

export type DialerOptions = ResolverOptions & {
  /** Covers resolution and connect together. */
  connectTimeoutMs: number
}

const reasons: Record<string, DialError['reason']> = {
  ECONNREFUSED: 'refused',
  EHOSTUNREACH: 'host-unreachable',
  ENOTFOUND: 'host-unreachable',
  EAI_AGAIN: 'host-unreachable',
  ENODATA: 'host-unreachable',
  ENETUNREACH: 'network-unreachable',
  ETIMEDOUT: 'ttl-expired',
}

function toDialError(error: unknown): DialError {
  if (error instanceof DialError) return error
  const code = (error as NodeJS.ErrnoException).code ?? ''
  return new DialError(reasons[code] ?? 'general', (error as Error).message, code || undefined)
}

/**
 * Resolves a destination for a grant and judges every answer by the policy: the address to use
 * (of the exit's family), or a DialError. TCP and UDP both dial only what this returns.
 */
export function createResolver(options: ResolverOptions) {
  const lookup = options.lookup ?? dns.lookup

  const resolve = (host: string) =>
    new Promise<string[]>((done, fail) => {
      if (net.isIP(host)) return done([host])
      lookup(host, { all: true }, (error, addresses: LookupAddress[]) =>
        error ? fail(error) : done(addresses.map((a) => a.address)),
      )
    })

  async function pick(grant: Grant, destination: Destination): Promise<string> {
    if (!Number.isInteger(destination.port) || destination.port < 1 || destination.port > 65535) {
      throw new DialError('not-allowed', `bad port ${destination.port}`, 'EINVAL')
    }
    const exit = grant.exitAddress ? unmapIPv4(grant.exitAddress) : undefined
    const resolved = (await resolve(destination.host)).map(unmapIPv4)
    // A socket bound to an IPv4 exit cannot carry IPv6 (and the reverse).
    const usable = exit ? resolved.filter((a) => family(a) === family(exit)) : resolved
    const [first] = usable
    if (resolved.length === 0)
      throw new DialError('host-unreachable', `${destination.host} has no address`, 'ENODATA')
    if (first === undefined)
      throw new DialError('network-unreachable', `${destination.host}: no address of the exit's family`)
    // Any forbidden answer condemns the name: mixed answers are how DNS rebinding is tried.
    for (const address of usable) {
      const refusal = options.policy.refusal(address, destination.port)
      if (refusal === null) continue
      options.onRefused?.(grant, refusal)
      throw new DialError('not-allowed', `${destination.host}:${destination.port} is refused (${refusal})`)
    }
    return first
  }
  return pick
}

export function createDialer(options: DialerOptions) {
  const pick = createResolver(options)

  return function dial(grant: Grant, destination: Destination): Promise<net.Socket> {
    return new Promise<net.Socket>((done, fail) => {
      let socket: net.Socket | undefined
      let isSettled = false
      const settle = (error?: unknown) => {
        if (isSettled) return
        isSettled = true
        clearTimeout(timer)
        if (error === undefined && socket) return done(socket)
        socket?.destroy()
        fail(toDialError(error))
      }
      const timer = setTimeout(
        () => settle(new DialError('ttl-expired', `no connection within ${options.connectTimeoutMs} ms`)),
        options.connectTimeoutMs,
      )
      pick(grant, destination).then((address) => {
        if (isSettled) return // the deadline answered while we were resolving
        const localAddress = grant.exitAddress ? unmapIPv4(grant.exitAddress) : undefined
        const upstream = net.connect({
          host: address,
          port: destination.port,
          localAddress,
          allowHalfOpen: true,
        })
        socket = upstream
        // Stays attached after connect: an error before the relay takes over must not crash us.
        upstream.on('error', settle)
        upstream.once('connect', () => settle())
      }, settle)
    })
  }
}

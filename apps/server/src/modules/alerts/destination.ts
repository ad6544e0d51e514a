// Where a webhook may go. A webhook makes our server send a request to an address a customer chose,
// so in production that address must be https on the public internet: the host is resolved once,
// every address it answers is judged against the contract's special-purpose ranges (the ones the
// gateway refuses too), and the request then connects to the address judged, never resolving again
// (a name that answers a public address to the check and a private one to the connection gets
// nothing). Outside production plain http is allowed to loopback, for local receivers and tests.
import { lookup } from 'node:dns/promises'
import net from 'node:net'
import { SPECIAL_PURPOSE_RANGES } from '@proxy/contract/network/special-ranges'
import ipaddr from 'ipaddr.js'

export type ResolvedAddress = { address: string; family: 4 | 6 }
/** A host name's addresses (the system resolver by default; tests hand in their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }))

const RESOLVE_TIMEOUT_MS = 5_000

function blockListOf(ranges: readonly string[]): net.BlockList {
  const list = new net.BlockList()
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/')
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return list
}

const SPECIAL = blockListOf(SPECIAL_PURPOSE_RANGES)
const LOOPBACK = blockListOf(['127.0.0.0/8', '::1'])

/** One spelling per address: IPv4-mapped IPv6 (`::ffff:10.0.0.1`, `::ffff:a00:1`) as its IPv4 address. */
function normalised(address: string): string {
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    return (parsed as ipaddr.IPv6).toIPv4Address().toString()
  return parsed.toString()
}

const inList = (list: net.BlockList, address: string) => {
  const plain = normalised(address)
  return list.check(plain, net.isIPv6(plain) ? 'ipv6' : 'ipv4')
}

/** Whether an address is loopback, private, link-local, CGNAT, multicast, documentation or otherwise special. */
export const isSpecialAddress = (address: string) => net.isIP(address) === 0 || inList(SPECIAL, address)
export const isLoopbackAddress = (address: string) => net.isIP(address) !== 0 && inList(LOOPBACK, address)

/** `[::1]` → `::1`: URL keeps the brackets of an IPv6 host. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1')

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost')

/**
 * What can be judged of an address without resolving it, when a customer saves it: false when it is
 * refused whatever its name answers (http or a special address in production; http to an address
 * that is not loopback elsewhere).
 */
export function isAcceptableUrl(value: string, isProduction: boolean): boolean {
  const url = new URL(value)
  const host = hostOf(url)
  const literal = net.isIP(host) !== 0
  if (url.username !== '' || url.password !== '') return false
  if (isProduction)
    return (
      url.protocol === 'https:' && !isLocalName(host.toLowerCase()) && !(literal && isSpecialAddress(host))
    )
  return url.protocol === 'https:' || !literal || isLoopbackAddress(host)
}

export type DestinationProblem = 'destination-refused' | 'unresolvable'

async function addressesOf(host: string, resolve: Resolver): Promise<ResolvedAddress[] | null> {
  const family = net.isIP(host)
  if (family !== 0) return [{ address: host, family: family === 6 ? 6 : 4 }]
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), RESOLVE_TIMEOUT_MS)
  })
  try {
    return await Promise.race([resolve(host).catch(() => null), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The address to connect to for `url`, resolved once: every answer must pass (one special address
 * refuses the whole name, so the pick cannot be steered), and the first is the one to dial.
 */
export async function resolveDestination(
  url: URL,
  options: { isProduction: boolean; resolve: Resolver },
): Promise<ResolvedAddress | DestinationProblem> {
  const addresses = await addressesOf(hostOf(url), options.resolve)
  const [first] = addresses ?? []
  if (!addresses || !first) return 'unresolvable'
  const all = addresses.map((entry) => entry.address)
  const isRefused = options.isProduction
    ? url.protocol !== 'https:' || all.some(isSpecialAddress)
    : url.protocol === 'http:' && !all.every(isLoopbackAddress)
  return isRefused ? 'destination-refused' : first
}

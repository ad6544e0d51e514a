// Address helpers the listeners, the credentials and the dialer share.
import net from 'node:net'

export const familyOf = (address: string): 'ipv4' | 'ipv6' => (net.isIPv6(address) ? 'ipv6' : 'ipv4')

/** `::ffff:1.2.3.4` → `1.2.3.4` (how dual-stack sockets report IPv4 peers), lower-cased: one spelling per address. */
export const unmapIPv4 = (address: string): string => {
  const lower = address.toLowerCase()
  return lower.startsWith('::ffff:') && net.isIPv4(lower.slice(7)) ? lower.slice(7) : lower
}

/**
 * A BlockList of addresses and `address/prefix` ranges; `accept` may skip a range (it sees the
 * address, prefix and family) before it is added.
 */
export function blockListOf(
  sources: string[],
  accept: (address: string, prefix: number, family: 'ipv4' | 'ipv6') => boolean = () => true,
): net.BlockList {
  const list = new net.BlockList()
  for (const source of sources) {
    const [address = '', prefix] = source.split('/')
    const family = familyOf(address)
    if (prefix === undefined) list.addAddress(address, family)
    else if (accept(address, Number(prefix), family)) list.addSubnet(address, Number(prefix), family)
  }
  return list
}

/** Whether a BlockList holds an address, whatever its family. */
export const holds = (list: net.BlockList, address: string): boolean => list.check(address, familyOf(address))

/** An allow list from addresses and CIDRs (GATEWAY_ADDRESSES): the addresses this node owns and may listen on. */
export function ownedAddresses(ranges: string[]): (address: string) => boolean {
  const list = blockListOf(ranges)
  return (address) => holds(list, address)
}

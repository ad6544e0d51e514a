// The destination policy: the one place that decides whether a customer may reach an address.
// Every protocol (SOCKS5, HTTP, vmess through our own SOCKS5 entry, UDP) asks it on the address
// actually dialled, after resolution, so a name cannot answer one thing to the judge and another
// to the dialler.
import net from 'node:net'

// Everything a customer must not reach from our network (IPv4-mapped IPv6 forms match the IPv4 rules).
const forbidden = new net.BlockList()
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  forbidden.addSubnet(address, prefix, 'ipv4')
}
for (const [address, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(address, prefix, 'ipv6')
}

export const family = (address: string) => (net.isIPv4(address) ? 'ipv4' : 'ipv6')

// The gateway hands a new Set whenever its addresses change: build each one's list once, not per dial.
const ownLists = new WeakMap<Set<string>, net.BlockList>()
function ownListOf(own: Set<string>): net.BlockList {
  let list = ownLists.get(own)
  if (!list) {
    list = new net.BlockList()
    for (const mine of own) if (net.isIP(mine)) list.addAddress(mine, family(mine))
    ownLists.set(own, list)
  }
  return list
}

export function isAllowedAddress(address: string, allowPrivate: boolean, own: Set<string>): boolean {
  const type = family(address)
  if (!allowPrivate && forbidden.check(address, type)) return false
  return !ownListOf(own).check(address, type)
}

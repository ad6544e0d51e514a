// The destination policy: the one place that decides whether a customer may reach (address, port).
// Every protocol (SOCKS5, HTTP, vmess through our own SOCKS5 entry, UDP) asks it on the address
// actually dialled, after resolution, so a name cannot answer one thing to the judge and another
// to the dialler. In order: SMTP and the operator's ports, the node's own addresses, the operator's
// ranges — always — then loopback and private networks unless GATEWAY_ALLOW_PRIVATE.
import net from 'node:net'
import { networkInterfaces } from 'node:os'
import { PRIVATE_RANGES, THIS_HOST_RANGES } from '@proxy/contract/network/special-ranges'
import { type DestinationDenyList, SMTP_PORTS } from '@proxy/contract/nodes/policy'
import { blockListOf, familyOf, unmapIPv4 } from './addresses.ts'

export type Refusal = 'port' | 'own-address' | 'operator-range' | 'private'

// Everything a customer must not reach from our network, and "this host" whatever the interfaces say:
// the contract's one definition, which the server's webhooks refuse too (IPv4-mapped IPv6 forms match
// the IPv4 rules).
const PRIVATE = blockListOf([...PRIVATE_RANGES])
const THIS_HOST = [...THIS_HOST_RANGES]

/** How long the interfaces' addresses are trusted before they are read again (addresses come and go). */
const INTERFACES_TTL_MS = 10_000

export const interfaceAddresses = (): string[] =>
  Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((entry) => entry.address))

/** Ranges that do not parse are skipped, not fatal: one bad entry must not stop a node. */
function safeBlockList(sources: Iterable<string>): net.BlockList {
  const valid = [...sources].filter((source) => {
    try {
      blockListOf([source])
      return true
    } catch {
      return false
    }
  })
  return blockListOf(valid)
}

export type DestinationPolicyOptions = {
  allowPrivate: boolean
  /** GATEWAY_ADDRESSES: every address in them is the node's, sold, unsold or cooling. */
  ownRanges: string[]
  /** The machine's addresses right now (os.networkInterfaces by default). */
  interfaces?: () => string[]
  now?: () => number
}

export type DestinationPolicy = ReturnType<typeof createDestinationPolicy>

export function createDestinationPolicy(options: DestinationPolicyOptions) {
  const interfaces = options.interfaces ?? interfaceAddresses
  const now = options.now ?? Date.now
  let served: string[] = []
  let ownList = new net.BlockList()
  let ownReadAt = Number.NEGATIVE_INFINITY
  let deniedPorts = new Set<number>(SMTP_PORTS)
  let deniedRanges = new net.BlockList()

  function own(): net.BlockList {
    if (now() - ownReadAt >= INTERFACES_TTL_MS) {
      ownList = safeBlockList([...THIS_HOST, ...options.ownRanges, ...interfaces(), ...served])
      ownReadAt = now()
    }
    return ownList
  }

  return {
    /** Why `address:port` is refused, or null when a customer may reach it. */
    refusal(address: string, port: number): Refusal | null {
      if (deniedPorts.has(port)) return 'port'
      const unmapped = unmapIPv4(address)
      const family = familyOf(unmapped)
      if (own().check(unmapped, family)) return 'own-address'
      if (deniedRanges.check(unmapped, family)) return 'operator-range'
      if (!options.allowPrivate && PRIVATE.check(unmapped, family)) return 'private'
      return null
    },
    /** Addresses the pull names as this node's (entries, pool exits), in case they lie outside ownRanges. */
    setServed(addresses: Iterable<string>) {
      served = [...addresses]
      ownReadAt = Number.NEGATIVE_INFINITY
    },
    /** The operator's deny list, from the pull; SMTP stays refused whatever it holds. */
    setDenyList(list: DestinationDenyList) {
      deniedPorts = new Set([...SMTP_PORTS, ...list.ports])
      deniedRanges = safeBlockList(list.cidrs)
    },
  }
}

// Address ranges no request of ours may reach on someone else's behalf. The gateway refuses
// PRIVATE_RANGES as tunnel destinations (unless GATEWAY_ALLOW_PRIVATE) and always THIS_HOST_RANGES;
// the server refuses every SPECIAL_PURPOSE_RANGES address as a webhook destination in production.
// One definition, so the data plane and the webhooks cannot drift apart. Strings only (CIDR or a
// single address): each side builds its own matcher (node:net's BlockList), and the console may read
// them too. IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is judged by the IPv4 address it carries.

/** "This host": connecting to 0.0.0.0 or :: reaches the machine's own services on Linux. */
export const THIS_HOST_RANGES = ['0.0.0.0/8', '::'] as const

/** Loopback, private, shared (CGNAT), link-local, multicast and reserved networks. */
export const PRIVATE_RANGES = [
  '0.0.0.0/8', // "this network": 0.0.0.0 reaches the local host on Linux
  '10.0.0.0/8',
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, cloud metadata services (169.254.169.254)
  '172.16.0.0/12',
  '192.168.0.0/16',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved and broadcast
  '::/96', // unspecified, loopback and the deprecated IPv4-compatible form
  'fc00::/7', // unique local
  'fe80::/10', // link-local
  'ff00::/8', // multicast
] as const

/**
 * The rest of IANA's special-purpose registries: documentation, benchmarking, protocol assignments,
 * and IPv6 forms that carry an IPv4 address to a translator (NAT64, 6to4, Teredo), which could reach
 * a private one. No webhook receiver lives there. The gateway does not refuse these: its
 * network-namespace tests stand the internet in on the benchmarking range (198.18.0.0/15).
 */
export const OTHER_SPECIAL_RANGES = [
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.88.99.0/24', // 6to4 relay anycast
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '64:ff9b::/96', // NAT64
  '64:ff9b:1::/48', // local-use NAT64
  '100::/64', // discard-only
  '2001::/23', // IETF protocol assignments, Teredo included
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4
  '3fff::/20', // documentation
  '5f00::/16', // segment routing (SRv6) identifiers
] as const

export const SPECIAL_PURPOSE_RANGES = [...PRIVATE_RANGES, ...OTHER_SPECIAL_RANGES] as const

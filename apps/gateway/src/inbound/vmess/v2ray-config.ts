// The v2ray 4.34 server config for this node's vmess lines: one inbound per instance on its own
// address and port, routed by inbound tag to a freedom outbound that leaves from that same address.
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { versionOf } from '../../route/credentials.ts'
import type { Grant } from '../../route/grants.ts'

export type VmessInstance = Pick<NodeUsers['instances'][number], 'id' | 'ip' | 'port' | 'uuid'>

/**
 * What a customer must not reach, as destination.ts refuses it. Debian's v2ray ships no geoip.dat, so
 * `geoip:private` is not available: the ranges are spelled out. v2ray reads an IPv4-mapped IPv6
 * destination as IPv4, so the IPv4 ranges cover those forms (and it rejects `::ffff:0:0/96`).
 */
export const FORBIDDEN_CIDRS = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/96',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
]

/** v2ray names a user's counters by email: ours is the instance id. */
export const emailOf = (instance: Pick<VmessInstance, 'id'>) => instance.id.toLowerCase()

export const vmessGrant = (instance: VmessInstance): Grant => ({
  kind: 'instance',
  id: instance.id,
  exitAddress: instance.ip,
  version: versionOf(['vmess', instance.id, instance.uuid, instance.ip, instance.port]),
})

const REFUSED = 'refused'

export function buildServerConfig(options: {
  apiPort: number
  instances: VmessInstance[]
  allowPrivate: boolean
}) {
  const { apiPort, instances, allowPrivate } = options
  const inTag = (instance: VmessInstance) => `in-${instance.id}`
  const outTag = (instance: VmessInstance) => `out-${instance.id}`
  const own = [...new Set(instances.map((i) => i.ip))]
  return {
    log: { loglevel: 'warning', access: 'none' },
    api: { tag: 'api', services: ['StatsService'] },
    stats: {},
    policy: { levels: { '0': { statsUserUplink: true, statsUserDownlink: true } } },
    inbounds: [
      {
        tag: 'api',
        listen: '127.0.0.1',
        port: apiPort,
        protocol: 'dokodemo-door',
        settings: { address: '127.0.0.1' },
      },
      ...instances.map((instance) => ({
        tag: inTag(instance),
        listen: instance.ip,
        port: instance.port,
        protocol: 'vmess',
        settings: { clients: [{ id: instance.uuid, alterId: 0, level: 0, email: emailOf(instance) }] },
      })),
    ],
    // The first outbound takes whatever no rule names: a blackhole, so nothing leaves unrouted.
    outbounds: [
      { tag: REFUSED, protocol: 'blackhole', settings: {} },
      ...instances.map((instance) => ({
        tag: outTag(instance),
        protocol: 'freedom',
        sendThrough: instance.ip,
        settings: {},
      })),
    ],
    routing: {
      // A host name is resolved when it meets the IP rule, so a name pointing inside is refused too.
      domainStrategy: 'IPOnDemand',
      rules: [
        { type: 'field', inboundTag: ['api'], outboundTag: 'api' },
        // Two rules, not one list: v2ray 4.34 drops 127.0.0.0/8 from a list that also holds 127.0.0.49.
        ...(allowPrivate ? [] : [{ type: 'field', ip: FORBIDDEN_CIDRS, outboundTag: REFUSED }]),
        // The node's own vmess addresses are refused even in development, as the gateway refuses its own.
        ...(own.length > 0 ? [{ type: 'field', ip: own, outboundTag: REFUSED }] : []),
        ...instances.map((instance) => ({
          type: 'field',
          inboundTag: [inTag(instance)],
          outboundTag: outTag(instance),
        })),
      ],
    },
  }
}

// The v2ray 4.34 server config for this node's vmess lines: one inbound per instance on its own
// address and port, routed by inbound tag to a SOCKS5 outbound into our own plane's relay entry,
// with that instance's relay credential. v2ray dials nothing else, and serves no API.
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { relayPassword, relayUsername, type VmessRelay } from '../../route/vmess-relay.ts'
import type { apiConfig } from './v2ray-users.ts'

export type VmessInstance = Pick<NodeUsers['instances'][number], 'id' | 'ip' | 'port' | 'uuid'>

/** v2ray names a user by email: ours is the instance id. */
export const emailOf = (instance: Pick<VmessInstance, 'id'>) => instance.id.toLowerCase()

const REFUSED = 'refused'

/** The inbound tag of a line: its handle in v2ray's HandlerService too. */
export const inboundTag = (instance: Pick<VmessInstance, 'id'>) => `in-${instance.id}`

export function buildServerConfig(options: {
  instances: VmessInstance[]
  relay: VmessRelay
  nodeToken: string
  /** The HandlerService on a Unix socket, through which a credential reset changes one line live. */
  api?: ReturnType<typeof apiConfig>
}) {
  const { instances, relay, nodeToken, api } = options
  const inTag = inboundTag
  const outTag = (instance: VmessInstance) => `out-${instance.id}`
  return {
    log: { loglevel: 'warning', access: 'none' },
    ...(api ? { api: api.api } : {}),
    inbounds: [
      ...(api ? [api.inbound] : []),
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
        protocol: 'socks',
        settings: {
          servers: [
            {
              address: relay.address,
              port: relay.port,
              users: [{ user: relayUsername(instance), pass: relayPassword(nodeToken, instance) }],
            },
          ],
        },
      })),
    ],
    routing: {
      // Names travel to our entry as names: resolving them here would judge one answer and dial another.
      domainStrategy: 'AsIs',
      rules: [
        ...(api ? [api.rule] : []),
        ...instances.map((instance) => ({
          type: 'field',
          inboundTag: [inTag(instance)],
          outboundTag: outTag(instance),
        })),
      ],
    },
  }
}

// vmess lines enter through v2ray, which only decrypts them: each tunnel comes back to our plane
// on a loopback SOCKS5 entry (the relay) with its instance's relay credential, so the destination
// policy, metering, cut-off and the exit address are the plane's, exactly as for SOCKS5 lines.
import { createHmac } from 'node:crypto'
import type { NodeUsers } from '@proxy/contract/nodes/endpoints'
import type { Entry } from './grants.ts'

type VmessLine = Pick<NodeUsers['instances'][number], 'id'>

/** Where v2ray hands its tunnels over: loopback, never an address customers are sold. */
export const RELAY_ADDRESS = '127.0.0.1'

export type VmessRelay = Entry

/** The relay credential's username for one instance. */
export const relayUsername = (instance: VmessLine) => `vmess-${instance.id.toLowerCase()}`

/**
 * Its password, keyed by the node token: the sync side (writing v2ray's config) and every worker
 * (checking it) agree without telling each other, and no customer can compute it.
 */
export const relayPassword = (nodeToken: string, instance: VmessLine) =>
  createHmac('sha256', nodeToken).update(`vmess-relay\0${instance.id.toLowerCase()}`).digest('base64url')

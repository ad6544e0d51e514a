// Proxy nodes as operators manage them: health at a glance, registration, token rotation, revocation.
// A node's token is in the answer that made it (add, rotate) and nowhere else, ever.
import { z } from 'zod'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { PasswordGuessing } from '../nodes/endpoints.ts'
import { DestinationDenyList } from '../nodes/policy.ts'

export const NodeStatus = z.enum(['up', 'down', 'revoked'])
export type NodeStatus = z.infer<typeof NodeStatus>

export const AdminNode = z.object({
  id: z.uuid(),
  name: z.string(),
  host: z.string(),
  /** Up: a heartbeat within the last 60 s; down: silent longer (or never seen); revoked: its token is dead. */
  status: NodeStatus,
  createdAt: z.iso.datetime(),
  /** The last heartbeat; null before the first. */
  lastSeenAt: z.iso.datetime().nullable(),
  /** The last acknowledged traffic push, and milliseconds since it; null before the first. */
  lastPushAt: z.iso.datetime().nullable(),
  pushLagMs: z.number().int().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  // As of the last heartbeat that reported them; null until one did.
  version: z.string().nullable(),
  uptimeSeconds: z.number().int().nullable(),
  openTunnels: z.number().int().nullable(),
  bytesPerSecond: z.number().nullable(),
  deadLetters: z.number().int().nullable(),
  pendingBatches: z.number().int().nullable(),
  /** Password guessing on the node (wrong passwords, blocks, the worst sources); null until a heartbeat carried it. */
  passwordGuessing: PasswordGuessing.nullish(),
  /** Destinations its policy refused, all credentials together, as heartbeats reported them. */
  refusals: z.number().int(),
})
export type AdminNode = z.infer<typeof AdminNode>

/** The node and its token (`nt_…`): shown in this answer only; the server keeps only its hash. */
export const NodeWithToken = z.object({ node: AdminNode, token: z.string() })
export type NodeWithToken = z.infer<typeof NodeWithToken>

/** How inventory rows and the node API name a node: letters, digits, dot, dash and underscore. */
export const NodeName = text()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, ".", "-" and "_", starting with a letter or digit')

/** A host name or an IP address, as operators reach the node. */
export const NodeHost = text()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:[\]-]+$/, 'a host name or an IP address')

export const AddNodeInput = z.strictObject({ name: NodeName, host: NodeHost })
export type AddNodeInput = z.infer<typeof AddNodeInput>

const tags = ['admin'] as const
const params = z.strictObject({ id: z.uuid() })

export const listAdminNodes = defineEndpoint({
  method: 'GET',
  path: '/admin/nodes',
  summary: 'Every proxy node, oldest first: status, last heartbeat, push lag, open tunnels, version',
  tags,
  auth: 'operator',
  permission: 'nodes.manage',
  response: z.object({ items: z.array(AdminNode) }),
})

export const addAdminNode = defineEndpoint({
  method: 'POST',
  path: '/admin/nodes',
  summary: 'Register a node; its token is in this answer only',
  tags,
  auth: 'operator',
  permission: 'nodes.manage',
  body: AddNodeInput,
  response: NodeWithToken,
})

export const rotateNodeToken = defineEndpoint({
  method: 'POST',
  path: '/admin/nodes/:id/rotate-token',
  summary: 'Give a node a new token (in this answer only); the old one stops working at once',
  tags,
  auth: 'operator',
  permission: 'nodes.manage',
  params,
  response: NodeWithToken,
})

export const revokeAdminNode = defineEndpoint({
  method: 'POST',
  path: '/admin/nodes/:id/revoke',
  summary: 'Revoke a node: its token stops working at once',
  tags,
  auth: 'operator',
  permission: 'nodes.manage',
  params,
  response: AdminNode,
})

/** The destination policy as operators see it: the fixed SMTP ports and their own deny list. */
export const AdminDestinationPolicy = z.object({
  /** Refused on every node whatever the list says. */
  smtpPorts: z.array(z.number().int()),
  /** Normalised: sorted, without duplicates; a range has its host bits cleared. */
  ports: z.array(z.number().int()),
  cidrs: z.array(z.string()),
  /** The last change; null while the list has never been set. */
  updatedAt: z.iso.datetime().nullable(),
})
export type AdminDestinationPolicy = z.infer<typeof AdminDestinationPolicy>

export const SetDestinationPolicyInput = DestinationDenyList
export type SetDestinationPolicyInput = z.infer<typeof SetDestinationPolicyInput>

/** One credential's refused destinations on one node. */
export const NodeRefusal = z.object({
  kind: z.enum(['instance', 'traffic-account']),
  credentialId: z.uuid(),
  /** Whose credential it is; null once the instance is gone. */
  customerId: z.uuid().nullable(),
  /** Masked (`li***@example.com`): enough to tell customers apart, not to write to them. */
  customerEmail: z.string().nullable(),
  count: z.number().int(),
  lastRefusedAt: z.iso.datetime(),
})
export type NodeRefusal = z.infer<typeof NodeRefusal>

/** Credentials the refusals list shows per node, the most refused first. */
export const NODE_REFUSALS_TOP = 10

export const getDestinationPolicy = defineEndpoint({
  method: 'GET',
  path: '/admin/nodes/policy',
  summary: 'The destination policy every node applies: the fixed SMTP ports and the deny list',
  tags,
  auth: 'operator',
  permission: 'nodes.manage',
  response: AdminDestinationPolicy,
})

export const setDestinationPolicy = defineEndpoint({
  method: 'PUT',
  path: '/admin/nodes/policy',
  summary: 'Replace the deny list (ports and IPv4/IPv6 ranges); nodes apply it with their next pull',
  tags,
  auth: 'operator',
  permission: 'nodes.manage',
  body: SetDestinationPolicyInput,
  response: AdminDestinationPolicy,
})

export const listNodeRefusals = defineEndpoint({
  method: 'GET',
  path: '/admin/nodes/:id/refusals',
  summary: 'The credentials whose destinations this node refused most, with their customers',
  tags,
  auth: 'operator',
  permission: 'nodes.manage',
  params,
  response: z.object({ items: z.array(NodeRefusal) }),
})

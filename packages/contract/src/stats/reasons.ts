// Why a tunnel did not open, as the gateway counts it and the console shows it (no zod: the console's pages
// import it without the contract's schemas).
/** Why a tunnel did not open. Each is a key of `failures`, in the push and in the customer's API. */
export const TUNNEL_FAILURE_REASONS = [
  /** A wrong password for a known username (or a login that named no credential, node-wide). */
  'authentication',
  /** The destination policy refused the address (private, the node's own, SMTP, the deny list). */
  'policy',
  /** The host name did not resolve. */
  'dns',
  /** No connection within the node's connect timeout. */
  'timeout',
  /** The destination answered with a refusal (nothing listens there). */
  'targetRefused',
  /** The credential had as many tunnels open as it may. */
  'overCap',
  /** The traffic is used up (or the account is paused). */
  'quota',
  /** Anything else (unreachable network, a malformed port). */
  'other',
] as const
export type TunnelFailureReason = (typeof TUNNEL_FAILURE_REASONS)[number]

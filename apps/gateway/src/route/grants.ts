// What the gateway decides per connection: who is asking (a grant), and who pays for the bytes.
// The protocol handlers, the relay and the node-API sync all speak these types.

/** A credential the gateway accepts, as pulled from the node API. */
export type Grant = {
  /** A pool login is a traffic account's own or one of its sub-users'. */
  kind: 'instance' | 'traffic-account' | 'sub-user'
  /** The instance id, the traffic account's id (its customer's id), or the sub-user's id. */
  id: string
  /** A sub-user's traffic account: its packages pay for the sub-user's bytes. */
  account?: string
  /** Outgoing connections bind to this address (a static IP exits from where it was dialled). */
  exitAddress?: string
  /** Changes whenever the credential changes (password reset): open tunnels of an old version close. */
  version: string
  /**
   * A pool login's sticky session (from the username): its exit is the one the session holds
   * node-wide, looked up when the tunnel is dialled. Without one, `exitAddress` rotates per connection.
   */
  session?: { id: string; minutes: number }
  /** Let in by its customer's IP whitelist, not a password: its tunnels close when the source is removed. */
  whitelisted?: { owner: string; source: string }
}

/** Where the customer dialled: a static IP answers only its own credentials. */
export type Entry = { address: string; port: number }

/** Username/password check for one entry; null when the pair is wrong or belongs elsewhere. */
export type Authenticate = (entry: Entry, username: string, password: string) => Grant | null

/** A destination as the client asked for it: an IP literal or a host name, and a port. */
export type Destination = { host: string; port: number }

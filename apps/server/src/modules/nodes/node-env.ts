// What `node:add` prints for the node host: the gateway's environment file (deploy/NODE-HOST.md),
// every setting a production node needs, each with one line on what it does and its default.
// The names are the gateway's (apps/gateway/src/config.ts); deploy/node-files.test.ts checks them.

/** Where deploy/proxy-gateway.service reads the environment from. */
export const NODE_ENV_FILE = '/etc/proxy-gateway.env'
/** The unit's StateDirectory (/var/lib/proxy-gateway): the spool outlives restarts and upgrades. */
export const NODE_SPOOL_DIR = '/var/lib/proxy-gateway/spool'
/** What GATEWAY_ADDRESSES says until the operator fills it in; the gateway refuses to start with it. */
export const ADDRESSES_PLACEHOLDER = 'FILL-IN-the-CIDRs-this-node-owns'

export function nodeEnvironment(node: { name: string; host: string; apiUrl: string; token: string }) {
  const isHttps = node.apiUrl.startsWith('https:')
  return [
    `# ${NODE_ENV_FILE} on ${node.name} (${node.host}), mode 0600: see deploy/NODE-HOST.md.`,
    isHttps
      ? '# The API this node pulls from and reports to (the server’s PUBLIC_URL).'
      : '# The API (PUBLIC_URL): plain http sends the token in clear, so give the node an https:// URL.',
    `GATEWAY_API_URL=${node.apiUrl}`,
    '# This node’s token, shown only now (the console’s Nodes page can rotate it).',
    `GATEWAY_NODE_TOKEN=${node.token}`,
    '# Fill in: the CIDRs this node owns, comma-separated (its inventory lines), e.g. 203.0.113.0/24.',
    `GATEWAY_ADDRESSES=${ADDRESSES_PLACEHOLDER}`,
    '# Where traffic-account (pool) customers connect: this host’s public address (default 127.0.0.1).',
    'GATEWAY_POOL_HOST=127.0.0.1',
    '# The pool’s ports, SOCKS5 and HTTP on each (default 1080,8080).',
    'GATEWAY_POOL_PORTS=1080,8080',
    '# Counters wait here until the API has them: keep it across restarts (default ./data/gateway-spool).',
    `GATEWAY_SPOOL_DIR=${NODE_SPOOL_DIR}`,
    '# Worker processes carrying tunnels: auto is one per core (default auto).',
    'GATEWAY_WORKERS=auto',
    '# Heartbeat interval; the server shows the node down after NODE_DOWN_AFTER_SECONDS (default 15000).',
    'GATEWAY_HEARTBEAT_MS=15000',
    '# Loopback and private destinations stay refused; true only in development (default false).',
    'GATEWAY_ALLOW_PRIVATE=false',
  ].join('\n')
}

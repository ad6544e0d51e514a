import { expect, it } from 'vitest'
import { loadGatewayConfig, poolEntriesOf } from './config.ts'

const required = { GATEWAY_NODE_TOKEN: `nt_${'a'.repeat(43)}` }
const load = (env: Record<string, string>) => loadGatewayConfig({ ...required, ...env })

it('reads the pool ports as numbers, spaces and all, and makes one entry per port', () => {
  const config = load({ GATEWAY_POOL_HOST: '203.0.113.1', GATEWAY_POOL_PORTS: ' 1080, 8080 ,' })
  expect(config.GATEWAY_POOL_PORTS).toEqual([1080, 8080])
  expect(poolEntriesOf(config)).toEqual([
    { address: '203.0.113.1', port: 1080 },
    { address: '203.0.113.1', port: 8080 },
  ])
  expect(load({}).GATEWAY_POOL_PORTS).toEqual([1080, 8080])
})

it.each([
  ['1080,http', /GATEWAY_POOL_PORTS\.1: "http" is not a port/],
  ['0', /"0" is not a port/],
  ['70000', /"70000" is not a port/],
  ['10.5', /"10.5" is not a port/],
  ['1080,1080', /GATEWAY_POOL_PORTS: each port once/],
  [',', /GATEWAY_POOL_PORTS: at least one port/],
])('refuses the pool ports %j with a message naming the setting', (ports, message) => {
  expect(() => load({ GATEWAY_POOL_PORTS: ports })).toThrow(message)
})

it('reads the owned addresses as a list and names the one that is not an address', () => {
  expect(load({ GATEWAY_ADDRESSES: '203.0.113.0/24, 198.51.100.7' }).GATEWAY_ADDRESSES).toEqual([
    '203.0.113.0/24',
    '198.51.100.7',
  ])
  expect(() => load({ GATEWAY_ADDRESSES: '203.0.113.0/24,203.0.113.0/33' })).toThrow(
    /GATEWAY_ADDRESSES\.1: "203.0.113.0\/33" is not an address or CIDR/,
  )
})

it('logs at info unless GATEWAY_LOG_LEVEL says otherwise, and refuses a level pino does not know', () => {
  expect(load({}).GATEWAY_LOG_LEVEL).toBe('info')
  expect(load({ GATEWAY_LOG_LEVEL: 'debug' }).GATEWAY_LOG_LEVEL).toBe('debug')
  expect(() => load({ GATEWAY_LOG_LEVEL: 'verbose' })).toThrow(/GATEWAY_LOG_LEVEL/)
})

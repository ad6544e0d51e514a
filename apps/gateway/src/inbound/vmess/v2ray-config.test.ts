// The v2ray config and the stats answer, without v2ray: each line's only way out is our relay entry.
import { describe, expect, it } from 'vitest'
import { createCredentialStore } from '../../route/credentials.ts'
import { relayPassword, relayUsername } from '../../route/vmess-relay.ts'
import { buildServerConfig } from './v2ray-config.ts'
import { parseUserStats } from './v2ray-stats.ts'

const a = { id: 'AAAA-1', ip: '203.0.113.7', port: 1080, uuid: 'b831381d-6324-4d53-ad4f-8cda48b30811' }
const b = { id: 'bbbb-2', ip: '203.0.113.8', port: 1080, uuid: '6f1c1e0a-2b4c-4d5e-8f90-123456789abc' }
const relay = { address: '127.0.0.1', port: 41080 }
const nodeToken = `nt_${'x'.repeat(43)}`

describe('buildServerConfig', () => {
  const config = buildServerConfig({ instances: [a, b], relay, nodeToken })

  it('serves each line on its own address, with no API and no stats', () => {
    expect(
      config.inbounds.map((i) => [i.tag, i.listen, 'port' in i ? i.port : undefined, i.protocol]),
    ).toEqual([
      ['in-AAAA-1', a.ip, 1080, 'vmess'],
      ['in-bbbb-2', b.ip, 1080, 'vmess'],
    ])
    expect(config.inbounds[0]?.settings).toEqual({
      clients: [{ id: a.uuid, alterId: 0, level: 0, email: 'aaaa-1' }],
    })
    expect(config).not.toHaveProperty('api')
    expect(config).not.toHaveProperty('stats')
  })

  it('routes each line to the relay with its own credential, leaving names unresolved', () => {
    expect(config.outbounds[0]).toEqual({ tag: 'refused', protocol: 'blackhole', settings: {} })
    expect(config.outbounds.slice(1)).toEqual(
      [a, b].map((line) => ({
        tag: `out-${line.id}`,
        protocol: 'socks',
        settings: {
          servers: [
            {
              ...relay,
              users: [{ user: relayUsername(line), pass: relayPassword(nodeToken, line) }],
            },
          ],
        },
      })),
    )
    expect(config.routing).toEqual({
      domainStrategy: 'AsIs',
      rules: [
        { type: 'field', inboundTag: ['in-AAAA-1'], outboundTag: 'out-AAAA-1' },
        { type: 'field', inboundTag: ['in-bbbb-2'], outboundTag: 'out-bbbb-2' },
      ],
    })
  })

  it('is answered by the plane’s store on the relay entry only, as that line, and follows its UUID', () => {
    const store = createCredentialStore([], { nodeToken })
    const line = { ...a, owner: 'o', protocol: 'vmess' as const, username: 'u', password: 'p' }
    store.apply({
      cursor: '1.0',
      full: true,
      instances: [line],
      removedInstances: [],
      trafficAccounts: [],
      removedTrafficAccounts: [],
      whitelists: [],
    })
    const [user, pass] = [relayUsername(a), relayPassword(nodeToken, a)]
    // Not before the relay is known, and never on the line's own address.
    expect(store.authenticate(relay, user, pass)).toBeNull()
    store.setRelay(relay)
    expect(store.authenticate({ address: a.ip, port: a.port }, user, pass)).toBeNull()
    expect(store.authenticate(relay, user, `${pass}x`)).toBeNull()
    expect(store.authenticate(relay, relayUsername(b), pass)).toBeNull()
    const grant = store.authenticate(relay, user, pass)
    expect(grant).toMatchObject({ kind: 'instance', id: a.id, exitAddress: a.ip })
    // A UUID reset keeps the relay pair (v2ray need not restart for it) but ends the old tunnels.
    store.apply({
      cursor: '2.0',
      full: false,
      instances: [{ ...line, uuid: b.uuid }],
      removedInstances: [],
      trafficAccounts: [],
      removedTrafficAccounts: [],
      whitelists: [],
    })
    expect(grant && store.isCurrent(grant)).toBe(false)
    expect(store.authenticate(relay, user, pass)).not.toBeNull()
  })
})

describe('parseUserStats', () => {
  it('reads v2ctl’s answer per email, a missing value being zero', () => {
    const answer = `stat: <
  name: "user>>>aaaa-1>>>traffic>>>uplink"
  value: 81
>
stat: <
  name: "user>>>aaaa-1>>>traffic>>>downlink"
  value: 100062
>
stat: <
  name: "user>>>bbbb-2>>>traffic>>>uplink"
>
stat: <
  name: "user>>>bbbb-2>>>traffic>>>downlink"
  value: 9007199254740991
>
`
    expect(parseUserStats(answer)).toEqual(
      new Map([
        ['aaaa-1', { up: 81, down: 100062 }],
        ['bbbb-2', { up: 0, down: 9007199254740991 }],
      ]),
    )
    expect(parseUserStats('')).toEqual(new Map())
  })
})

// The v2ray config and the stats answer, without v2ray: routing order, refusals, counters by email.
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { buildServerConfig, FORBIDDEN_CIDRS } from './v2ray-config.ts'
import { parseUserStats } from './v2ray-stats.ts'

const a = { id: 'AAAA-1', ip: '203.0.113.7', port: 1080, uuid: 'b831381d-6324-4d53-ad4f-8cda48b30811' }
const b = { id: 'bbbb-2', ip: '203.0.113.8', port: 1080, uuid: '6f1c1e0a-2b4c-4d5e-8f90-123456789abc' }

describe('buildServerConfig', () => {
  it('routes each inbound to an outbound leaving from its address, after the api and the refusals', () => {
    const config = buildServerConfig({ apiPort: 10085, instances: [a, b], allowPrivate: false })
    expect(config.inbounds.map((i) => [i.tag, i.listen, i.port])).toEqual([
      ['api', '127.0.0.1', 10085],
      ['in-AAAA-1', a.ip, 1080],
      ['in-bbbb-2', b.ip, 1080],
    ])
    expect(config.inbounds[1]?.settings).toEqual({
      clients: [{ id: a.uuid, alterId: 0, level: 0, email: 'aaaa-1' }],
    })
    // The blackhole first: traffic no rule names goes nowhere.
    expect(config.outbounds.map((o) => [o.tag, 'sendThrough' in o ? o.sendThrough : undefined])).toEqual([
      ['refused', undefined],
      ['out-AAAA-1', a.ip],
      ['out-bbbb-2', b.ip],
    ])
    expect(config.routing.rules).toEqual([
      { type: 'field', inboundTag: ['api'], outboundTag: 'api' },
      { type: 'field', ip: FORBIDDEN_CIDRS, outboundTag: 'refused' },
      { type: 'field', ip: [a.ip, b.ip], outboundTag: 'refused' },
      { type: 'field', inboundTag: ['in-AAAA-1'], outboundTag: 'out-AAAA-1' },
      { type: 'field', inboundTag: ['in-bbbb-2'], outboundTag: 'out-bbbb-2' },
    ])
    expect(config.policy.levels['0']).toEqual({ statsUserUplink: true, statsUserDownlink: true })
  })

  it('lets private destinations through only when allowed, never the node’s own addresses', () => {
    const config = buildServerConfig({
      apiPort: 10085,
      instances: [a, { ...b, ip: a.ip, port: 1081 }],
      allowPrivate: true,
    })
    const refusals = config.routing.rules.filter((rule) => 'ip' in rule)
    expect(refusals).toEqual([{ type: 'field', ip: [a.ip], outboundTag: 'refused' }])
  })

  // v2ray 4.34 mis-merges a list holding a range and an address inside it (127.0.0.0/8 + 127.0.0.49
  // refused neither): no list may hold one entry inside another.
  it('never nests one forbidden range in another', () => {
    const entries = FORBIDDEN_CIDRS.map((cidr) => {
      const [address = '', prefix = ''] = cidr.split('/')
      return { cidr, address, prefix: Number(prefix), family: net.isIPv6(address) ? 'ipv6' : 'ipv4' } as const
    })
    for (const outer of entries) {
      const list = new net.BlockList()
      list.addSubnet(outer.address, outer.prefix, outer.family)
      const inside = entries.filter(
        (e) => e !== outer && e.family === outer.family && list.check(e.address, e.family),
      )
      expect(
        inside.map((e) => e.cidr),
        outer.cidr,
      ).toEqual([])
    }
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

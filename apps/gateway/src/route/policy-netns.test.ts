// The destination policy in production mode (GATEWAY_ALLOW_PRIVATE unset), where every loopback sink
// would be refused as private: the scenario (policy.scenario.ts) runs in a network namespace of its
// own, the node on 198.18.x.x. SMTP is refused on an address that is otherwise reachable; every
// address the node owns (interface, pool host, sold, unsold, cooling, unstocked in GATEWAY_ADDRESSES)
// is refused; a name that rebinds from a public address to loopback never reaches loopback, through
// SOCKS5, CONNECT or an absolute-URI request; each refusal is counted for the credential.
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { runInNetns } from '../test-netns.ts'
import type { PolicyScenarioResult } from './policy.scenario.ts'

let result: PolicyScenarioResult
beforeAll(async () => {
  result = await runInNetns<PolicyScenarioResult>(new URL('./policy.scenario.ts', import.meta.url), {
    apiTemplate: inject('apiTemplate'),
  })
}, 240_000)

const REFUSED = ['NotAllowed', '403']

describe('the destination policy in production mode, in a namespace', () => {
  it('carries a tunnel to a public address, which sees the bought address as the peer', () => {
    expect(result.control).toEqual(['granted', '200'])
    expect(result.openPeers.slice(0, 2)).toEqual([result.exit, result.exit])
  })

  it('refuses SMTP (25, 465, 587) on both protocols; the same address on another port is reachable', () => {
    expect(result.smtpProbes).toEqual({ 25: REFUSED, 465: REFUSED, 587: REFUSED })
    expect(result.smtpPeers).toEqual([0, 0, 0])
    expect(result.smtpHostOtherProbe).toEqual(['granted', '200'])
  })

  it('refuses every address the node owns, sold or not, and none of their listeners sees a tunnel', () => {
    expect(Object.keys(result.own).sort()).toEqual(
      ['cooling', 'interface', 'poolHost', 'soldToAnother', 'soldToMe', 'unsold', 'unstocked'].sort(),
    )
    for (const [name, { probe, peers }] of Object.entries(result.own)) {
      expect(probe, name).toEqual(REFUSED)
      expect(peers, name).toBe(0)
    }
  })

  it('never lets a name that rebinds to loopback reach loopback: each request resolves once and dials what was judged', () => {
    expect(result.loopbackPeers).toBe(0)
    expect(result.socksRebind).toEqual(['granted', 'NotAllowed'])
    expect(result.connectRebind).toEqual(['200', '403'])
    expect(result.absoluteRebind).toEqual(['200', '403'])
    expect(result.mixed).toEqual(REFUSED)
    expect(result.dnsQueries).toEqual([2, 2, 2])
  })

  it('counts every refusal for the credential that asked, on the node page', () => {
    expect(result.refusedProbes).toBe(3 * 2 + 7 * 2 + 3 + 2)
    expect(result.refused).toMatchObject({ kind: 'instance', count: result.refusedProbes })
  })
})

// Tunnel statistics end to end, in a network namespace of its own (tunnel-stats.scenario.ts): real
// clients through a gateway of two workers open tunnels that succeed and fail for every reason, and
// the counts the API shows match the script exactly; the peak is the tunnels open at once across
// both workers; host names are kept only for the customer who turned that on.
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { runInNetns } from './test-netns.ts'
import type { StatsScenarioResult } from './tunnel-stats.scenario.ts'

let result: StatsScenarioResult
beforeAll(async () => {
  result = await runInNetns<StatsScenarioResult>(new URL('./tunnel-stats.scenario.ts', import.meta.url), {
    apiTemplate: inject('apiTemplate'),
  })
}, 240_000)

const none = {
  authentication: 0,
  policy: 0,
  dns: 0,
  timeout: 0,
  targetRefused: 0,
  overCap: 0,
  quota: 0,
  other: 0,
}

describe('tunnel statistics through the real gateway', () => {
  it('plays the script as the clients saw it', () => {
    expect(result.outcomes).toMatchObject({
      overCap: ['NotAllowed', '429'],
      succeeded: ['granted', 'granted', '200'],
      authentication: [expect.stringMatching(/auth/i), '407'],
      policy: ['NotAllowed', '403'],
      dns: ['HostUnreachable', '504'],
      targetRefused: ['ConnectionRefused'],
      timeout: ['TTLExpired'],
    })
    expect(result.outcomes.bQuota).toHaveLength(3)
  })

  it('counts every tunnel of the static IP by reason, and the peak open across both workers', () => {
    expect(result.instance).toEqual({
      opened: 16,
      succeeded: 6,
      failed: 10,
      failures: { ...none, authentication: 2, policy: 2, dns: 2, timeout: 1, targetRefused: 1, overCap: 2 },
      peakConcurrent: 3,
    })
    expect(result.aAccount).toEqual(result.instance)
  })

  it('counts the traffic account’s wrong password and its spent quota; logins naming nothing go node-wide', () => {
    const quota = result.account.failures.quota
    console.log(
      `tunnel stats: ${quota} of 3 logins refused for quota, ${result.bProbes} probe(s) until served`,
    )
    expect(quota).toBeGreaterThanOrEqual(1)
    expect(result.account).toMatchObject({
      opened: 2 + 1 + quota,
      succeeded: 2,
      failures: { ...none, authentication: 1, quota },
    })
    // The unknown username, the probes before the account and its sub-user were pulled, and quota
    // logins after the node dropped the spent account.
    expect(result.nodeLogins).toBe(1 + (result.bProbes - 1) + (result.subProbes - 1) + (3 - quota))
  })

  it('counts a sub-user as a credential of its own', () => {
    expect(result.subUser).toEqual({
      opened: 2,
      succeeded: 1,
      failed: 1,
      failures: { ...none, authentication: 1 },
      peakConcurrent: expect.any(Number),
    })
  })

  it('shows another customer’s static IP to nobody else', () => {
    expect(result.bSeesA).toBe(404)
  })

  it('keeps host names (never IP literals) only for the customer who keeps them', () => {
    expect(result.aDestinations).toEqual({
      keepDestinations: true,
      items: [
        { host: 'sink.stats.test', tunnels: 2, failed: 0 },
        { host: 'missing.stats.test', tunnels: 1, failed: 1 },
        { host: 'nowhere.stats.test', tunnels: 1, failed: 1 },
      ],
    })
    expect(result.bDestinations).toEqual({ keepDestinations: false, items: [] })
  })
})

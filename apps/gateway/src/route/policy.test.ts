import { describe, expect, test } from 'vitest'
import { createDestinationPolicy, interfaceAddresses } from './policy.ts'

const PUBLIC = ['1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:1.1.1.1']
const PRIVATE = [
  ...['127.0.0.1', '::1', '10.0.0.1', '172.16.5.5', '192.168.1.1', '169.254.1.1', 'fe80::1'],
  ...['fd00::1', '224.0.0.1', 'ff02::1', '100.64.0.1', '::ffff:127.0.0.1', '::ffff:7f00:1'],
]

describe('the destination policy', () => {
  const noInterfaces = () => []

  test('production: loopback, private, link-local and multicast are refused; public ones pass', () => {
    const policy = createDestinationPolicy({ allowPrivate: false, ownRanges: [], interfaces: noInterfaces })
    for (const address of PRIVATE) expect(policy.refusal(address, 443), address).toBe('private')
    for (const address of PUBLIC) expect(policy.refusal(address, 443), address).toBeNull()
  })

  test('development lets private networks through, but never this host (0.0.0.0, ::)', () => {
    const policy = createDestinationPolicy({ allowPrivate: true, ownRanges: [], interfaces: noInterfaces })
    for (const address of ['10.0.0.1', '127.0.0.200', 'fd00::1'])
      expect(policy.refusal(address, 80)).toBeNull()
    for (const address of ['0.0.0.0', '0.1.2.3', '::'])
      expect(policy.refusal(address, 80)).toBe('own-address')
  })

  test('SMTP is refused on every address in both modes, whatever the deny list holds', () => {
    for (const allowPrivate of [false, true]) {
      const policy = createDestinationPolicy({ allowPrivate, ownRanges: [], interfaces: noInterfaces })
      policy.setDenyList({ ports: [], cidrs: [] })
      for (const port of [25, 465, 587]) {
        expect(policy.refusal('1.1.1.1', port)).toBe('port')
        expect(policy.refusal('2606:4700::1111', port)).toBe('port')
      }
      for (const port of [24, 26, 443, 2525]) expect(policy.refusal('1.1.1.1', port)).toBeNull()
    }
  })

  test("the operator's ports and ranges (IPv4 and IPv6) are refused until they are taken off", () => {
    const policy = createDestinationPolicy({ allowPrivate: true, ownRanges: [], interfaces: noInterfaces })
    policy.setDenyList({ ports: [6667], cidrs: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7', 'bogus'] })
    expect(policy.refusal('1.1.1.1', 6667)).toBe('port')
    expect(policy.refusal('203.0.113.200', 443)).toBe('operator-range')
    expect(policy.refusal('::ffff:203.0.113.1', 443)).toBe('operator-range')
    expect(policy.refusal('2001:db8:1::1', 443)).toBe('operator-range')
    expect(policy.refusal('198.51.100.7', 443)).toBe('operator-range')
    expect(policy.refusal('198.51.100.8', 443)).toBeNull()
    policy.setDenyList({ ports: [], cidrs: [] })
    expect(policy.refusal('1.1.1.1', 6667)).toBeNull()
    expect(policy.refusal('203.0.113.200', 443)).toBeNull()
    expect(policy.refusal('1.1.1.1', 25)).toBe('port')
  })

  test('every address of GATEWAY_ADDRESSES is the node’s, sold or not, in both modes', () => {
    for (const allowPrivate of [false, true]) {
      const policy = createDestinationPolicy({
        allowPrivate,
        ownRanges: ['203.0.113.0/28', '2001:db8:5::/64'],
        interfaces: noInterfaces,
      })
      for (const address of ['203.0.113.0', '203.0.113.9', '::ffff:203.0.113.15', '2001:db8:5::77'])
        expect(policy.refusal(address, 443), address).toBe('own-address')
      expect(policy.refusal('203.0.113.16', 443)).toBeNull()
      // Served addresses outside the ranges (a pool exit elsewhere) are the node's too.
      policy.setServed(['198.51.100.20'])
      expect(policy.refusal('198.51.100.20', 443)).toBe('own-address')
    }
  })

  test("this machine's interface addresses are refused in both modes, read again as they change", () => {
    for (const address of interfaceAddresses()) {
      const policy = createDestinationPolicy({ allowPrivate: true, ownRanges: [] })
      expect(policy.refusal(address, 8080), address).toBe('own-address')
    }
    let clock = 0
    let addresses = ['198.51.100.1']
    const policy = createDestinationPolicy({
      allowPrivate: true,
      ownRanges: [],
      interfaces: () => addresses,
      now: () => clock,
    })
    expect(policy.refusal('198.51.100.1', 80)).toBe('own-address')
    addresses = ['198.51.100.2']
    clock += 10_000
    expect(policy.refusal('198.51.100.2', 80)).toBe('own-address')
    expect(policy.refusal('198.51.100.1', 80)).toBeNull()
  })
})

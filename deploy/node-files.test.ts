// What a node host is given (deploy/NODE-HOST.md) matches what the gateway reads: the systemd unit
// (deploy/proxy-gateway.service) runs the gateway's production command on the environment file
// `node:add` prints, keeps the spool in its state directory, and asks for no capability; the printout
// names only the gateway's settings and passes its validation once GATEWAY_ADDRESSES is filled in.
// apps/gateway/src/nodes-netns.test.ts runs two gateways on such printouts, each in a host of its own.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GatewayConfig, loadGatewayConfig } from '../apps/gateway/src/config.ts'
import {
  ADDRESSES_PLACEHOLDER,
  NODE_ENV_FILE,
  NODE_SPOOL_DIR,
  nodeEnvironment,
} from '../apps/server/src/modules/nodes/node-env.ts'
import { GATEWAY_COMMAND } from './topology.ts'

const root = join(import.meta.dirname, '..')
const UNIT = join(import.meta.dirname, 'proxy-gateway.service')
const read = (path: string) => readFileSync(join(root, path), 'utf8')

/** The unit's `Key=value` lines per section (a key given twice keeps the last value, as systemd does). */
function unitSections(text: string) {
  const sections: Record<string, Record<string, string>> = {}
  let current: Record<string, string> = {}
  for (const line of text.split('\n').map((raw) => raw.trim())) {
    if (!line || line.startsWith('#')) continue
    const header = line.match(/^\[(\w+)\]$/)
    if (header) sections[header[1] as string] = current = {}
    else {
      const [key = '', value = ''] = line.split(/=(.*)/s)
      current[key] = value
    }
  }
  return sections
}

const printout = (apiUrl = 'https://console.example.com') =>
  nodeEnvironment({ name: 'edge-1', host: 'edge-1.example.com', apiUrl, token: `nt_${'a'.repeat(43)}` })
const settingsOf = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  )

describe('the systemd unit for a node', () => {
  const unit = unitSections(readFileSync(UNIT, 'utf8'))
  const service = unit.Service ?? {}

  it('runs the gateway’s production command, as the cluster does, on node:add’s environment file', () => {
    const [node, ...args] = (service.ExecStart ?? '').split(/\s+/)
    expect(node).toBe('/usr/bin/node')
    expect(args.at(-1)).toBe(GATEWAY_COMMAND.at(-1))
    // The flags `npm run gateway` starts it with (apps/gateway/package.json).
    const start = JSON.parse(read('apps/gateway/package.json')).scripts.start as string
    for (const flag of args.filter((arg) => arg.startsWith('--'))) expect(start).toContain(flag)
    expect(service.EnvironmentFile).toBe(NODE_ENV_FILE)
    expect(service.WorkingDirectory).toMatch(/^\//)
  })

  it('keeps the spool in a state directory of its own, restarts always, and has file descriptors to spare', () => {
    expect(NODE_SPOOL_DIR.startsWith(`/var/lib/${service.StateDirectory}/`)).toBe(true)
    expect(service.StateDirectoryMode).toBe('0700')
    expect(service.Restart).toBe('always')
    expect(Number(service.LimitNOFILE)).toBeGreaterThanOrEqual(65_536)
    expect(unit.Install?.WantedBy).toBe('multi-user.target')
  })

  it('runs as a user of its own with no capability', () => {
    expect(service.DynamicUser === 'yes' || (service.User ?? 'root') !== 'root').toBe(true)
    expect(service.User).not.toBe('root')
    expect(service.AmbientCapabilities ?? '').toBe('')
    expect(service.CapabilityBoundingSet).toBe('')
    expect(service.NoNewPrivileges).toBe('yes')
  })

  const verify = spawnSync('systemd-analyze', ['--version']).status === 0
  it.runIf(verify)('passes systemd-analyze verify without a warning', () => {
    const checked = spawnSync('systemd-analyze', ['verify', '--man=no', UNIT], { encoding: 'utf8' })
    expect(checked.stderr.trim()).toBe('')
    expect(checked.status).toBe(0)
  })
})

describe('what node:add prints for the node host', () => {
  const names = Object.keys(GatewayConfig.shape)

  it('sets only the gateway’s settings, each under a line that says what it is', () => {
    const lines = printout().split('\n')
    expect(lines[0]).toContain(NODE_ENV_FILE)
    const settings = settingsOf(printout())
    expect(Object.keys(settings).length).toBeGreaterThanOrEqual(8)
    for (const name of Object.keys(settings)) expect(names, name).toContain(name)
    lines.forEach((line, index) => {
      if (!line.startsWith('#')) expect(lines[index - 1], line).toMatch(/^# \S/)
    })
    expect(settings).toMatchObject({
      GATEWAY_API_URL: 'https://console.example.com',
      GATEWAY_SPOOL_DIR: NODE_SPOOL_DIR,
      GATEWAY_ALLOW_PRIVATE: 'false',
    })
  })

  it('is refused by the gateway until GATEWAY_ADDRESSES is filled in, then taken as printed', () => {
    const settings = settingsOf(printout())
    expect(settings.GATEWAY_ADDRESSES).toBe(ADDRESSES_PLACEHOLDER)
    expect(() => loadGatewayConfig(settings)).toThrow(/GATEWAY_ADDRESSES/)
    const config = loadGatewayConfig({ ...settings, GATEWAY_ADDRESSES: '203.0.113.0/24, 198.51.100.7' })
    expect(config).toMatchObject({
      GATEWAY_API_URL: 'https://console.example.com',
      GATEWAY_NODE_TOKEN: settings.GATEWAY_NODE_TOKEN,
      GATEWAY_SPOOL_DIR: NODE_SPOOL_DIR,
      GATEWAY_HEARTBEAT_MS: 15_000,
      GATEWAY_ALLOW_PRIVATE: false,
    })
  })

  it('warns when the API is plain http', () => {
    expect(printout('http://10.0.0.5:3000')).toMatch(/^# .*https:\/\//m)
    expect(printout()).not.toMatch(/in clear/)
  })

  it('is what NODE-HOST.md describes: every setting it names is the gateway’s', () => {
    const page = read('deploy/NODE-HOST.md')
    const named = new Set(page.match(/\bGATEWAY_[A-Z_]+\b/g))
    expect(named.size).toBeGreaterThan(3)
    for (const name of named) expect(names, name).toContain(name)
    for (const expected of ['proxy-gateway.service', NODE_ENV_FILE, 'ip route add local', 'node:add'])
      expect(page).toContain(expected)
  })
})

// End to end on loopback: a customer replaces a bought static IP (127.0.0.10x) and, within seconds,
// the same credentials work on the new address (the sink sees it as the peer) while the old address
// no longer takes them and its open tunnels close. The real API, the real gateway, curl and v2ray.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SocksClient } from 'socks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadGatewayConfig } from './config.ts'
import { freePort } from './free-port.ts'
import { type Gateway, startGateway } from './gateway.ts'
import { curl } from './inbound/test-clients.ts'
import { decodeVmessLink, startVmessClient } from './inbound/vmess/test-client.ts'
import { findExecutable } from './inbound/vmess/v2ray-process.ts'
import { type Api, type Instance, startApi } from './sync/test-api.ts'
import { silentLog } from './test-log.ts'
import { eventually, listenOn, msUntilClose, testGatewaySettings } from './test-sockets.ts'

let api: Api
let gateway: Gateway
let spoolDir: string
/** Answers each HTTP request with the address it came from. */
let whoamiPort: number
let echoPort: number
const servers: net.Server[] = []

// An address of its own for the sinks (the gateway refuses its own addresses as destinations).
const SINK_HOST = '127.0.0.204'
const listen = listenOn(SINK_HOST, servers)

beforeAll(async () => {
  api = await startApi({ firstAddress: 100 })
  whoamiPort = await listen(
    http.createServer((request, response) =>
      response.end(request.socket.remoteAddress?.replace(/^::ffff:/, '')),
    ),
  )
  echoPort = await listen(net.createServer((socket) => socket.pipe(socket)))
  spoolDir = mkdtempSync(join(tmpdir(), 'gateway-replace-'))
  gateway = await startGateway(
    loadGatewayConfig(
      testGatewaySettings({
        apiUrl: api.baseUrl,
        nodeToken: api.nodeToken,
        poolPorts: [await freePort()],
        spoolDir,
      }),
    ),
    silentLog,
  )
})

afterAll(async () => {
  await gateway?.close()
  for (const server of servers) server.close()
  await api?.close()
  rmSync(spoolDir, { recursive: true, force: true })
  rmSync(`${spoolDir}-v2ray`, { recursive: true, force: true })
})

/** Through a socks5 line on `ip`: the peer address the sink saw, or curl's failure. */
const viaSocks = (instance: Instance, ip: string) =>
  curl([
    '-sS',
    '--max-time',
    '3',
    '-x',
    `socks5h://${encodeURIComponent(instance.username)}:${encodeURIComponent(instance.password)}@${ip}:${instance.port}`,
    `http://${SINK_HOST}:${whoamiPort}/`,
  ])
/** The same through the HTTP proxy form (CONNECT). */
const viaHttp = (instance: Instance, ip: string) =>
  curl([
    '-sS',
    '--max-time',
    '3',
    '-p',
    '-x',
    `http://${encodeURIComponent(instance.username)}:${encodeURIComponent(instance.password)}@${ip}:${instance.port}`,
    `http://${SINK_HOST}:${whoamiPort}/`,
  ])

async function replace(token: string, id: string) {
  const answer = await api.call<{ instance: Instance; replacement: { oldIp: string; newIp: string } }>(
    'POST',
    `/api/proxy/instances/${id}/replace`,
    { token, body: { reason: 'blocked' }, headers: { 'idempotency-key': randomUUID() } },
  )
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}

describe('replacing a static IP, through the gateway', () => {
  it('serves the same socks5 credentials on the new address within seconds, and no longer on the old one', async () => {
    const { token, instance } = await api.staticIpCustomer()
    await eventually(
      () => gateway.listening(),
      (list) => list.includes(`${instance.ip}:${instance.port}`),
    )
    const before = await viaSocks(instance, instance.ip)
    expect(before.stderr).toBe('')
    expect(before.stdout).toBe(instance.ip)

    // A tunnel open on the old address when the replacement lands.
    const { socket } = await SocksClient.createConnection({
      proxy: {
        host: instance.ip,
        port: instance.port,
        type: 5,
        userId: instance.username,
        password: instance.password,
      },
      command: 'connect',
      destination: { host: SINK_HOST, port: echoPort },
    })
    socket.on('error', () => {})
    socket.write('ping')
    await new Promise((resolve) => socket.once('data', resolve))
    const closed = msUntilClose(socket)

    const { instance: moved, replacement } = await replace(token, instance.id)
    expect(replacement).toMatchObject({ oldIp: instance.ip, newIp: moved.ip })
    expect(moved).toMatchObject({ username: instance.username, password: instance.password })
    expect(moved.ip).not.toBe(instance.ip)
    expect(moved.ip).toMatch(/^127\.0\.0\.10\d$/)

    const started = Date.now()
    const after = await eventually(
      () => viaSocks(instance, moved.ip),
      (result) => result.exitCode === 0,
    )
    expect(after.stdout).toBe(moved.ip)
    expect(Date.now() - started).toBeLessThan(5000)
    const overHttp = await viaHttp(instance, moved.ip)
    expect(overHttp.stderr).toBe('')
    expect(overHttp.stdout).toBe(moved.ip)

    expect(await closed).toBeLessThan(5000)
    expect((await viaSocks(instance, instance.ip)).exitCode).not.toBe(0)
    expect((await viaHttp(instance, instance.ip)).exitCode).not.toBe(0)
    expect(gateway.listening()).not.toContain(`${instance.ip}:${instance.port}`)

    // The exported line names the new address and works as it is.
    const exported = await fetch(`${api.baseUrl}/api/proxy/instances/export/socks5`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const line = (await exported.text()).trim()
    expect(line).toContain(`@${moved.ip}:${moved.port}#`)
    const viaLine = await curl([
      '-sS',
      '--max-time',
      '3',
      '-x',
      line.replace(/^socks5:/, 'socks5h:').replace(/#.*$/, ''),
      `http://${SINK_HOST}:${whoamiPort}/`,
    ])
    expect(viaLine.stdout).toBe(moved.ip)
  })

  const binary = findExecutable('v2ray')
  it.runIf(binary || process.env.CI === 'true')(
    'moves a vmess line: the same vmess id works on the new address, not on the old one',
    async () => {
      if (!binary) throw new Error('v2ray is not installed (apt-get install -y v2ray); CI=true requires it')
      const { token, instance } = await api.staticIpCustomer('vmess')
      await gateway.pull()
      const exported = await fetch(`${api.baseUrl}/api/proxy/instances/export/vmess`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const oldLink = decodeVmessLink(await exported.text())
      expect(oldLink.add).toBe(instance.ip)
      const through = (socksPort: number) =>
        curl([
          '-sS',
          '--max-time',
          '2',
          '-x',
          `socks5h://127.0.0.1:${socksPort}`,
          `http://${SINK_HOST}:${whoamiPort}/`,
        ])
      const oldClient = await startVmessClient(binary, spoolDir, oldLink)
      try {
        // The gateway restarts v2ray for a new line at most every 5 s.
        const before = await eventually(
          () => through(oldClient.socksPort),
          (result) => result.exitCode === 0,
          10_000,
        )
        expect(before.stdout).toBe(instance.ip)

        const { instance: moved } = await replace(token, instance.id)
        const newClient = await startVmessClient(binary, spoolDir, { ...oldLink, add: moved.ip })
        try {
          const after = await eventually(
            () => through(newClient.socksPort),
            (result) => result.exitCode === 0 && result.stdout === moved.ip,
            10_000,
          )
          expect(after.stdout).toBe(moved.ip)
          expect(after.stdout).not.toBe(instance.ip)
          expect((await through(oldClient.socksPort)).exitCode).not.toBe(0)
        } finally {
          await newClient.stop()
        }
      } finally {
        await oldClient.stop()
      }
    },
    40_000,
  )
})

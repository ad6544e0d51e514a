// compose.yaml and the Dockerfile cannot be built here (no container engine), so this checks that
// they describe the cluster deploy/cluster.test.ts runs: the same services, commands and variable
// names (deploy/topology.ts, which deploy/cluster.ts starts from), the same HAProxy configuration,
// and an image whose CMD and HEALTHCHECK are the replicas' command and readiness probe.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import {
  COMPOSE_SERVICES,
  GATEWAY_COMMAND,
  GATEWAY_ENV,
  HAPROXY_CFG_IN_CONTAINER,
  HAPROXY_COMMAND,
  HAPROXY_ENV,
  MALLOC_ENV,
  READY_PATH,
  REPLICAS,
  replicaAddressVar,
  SERVER_COMMAND,
  SERVER_ENV,
} from './topology.ts'

const root = join(import.meta.dirname, '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')

type Service = {
  command?: string[]
  environment?: Record<string, string>
  volumes?: string[]
  image?: string
  build?: string
  healthcheck?: { disable?: boolean }
}
const compose = parse(read('compose.yaml')) as { services: Record<string, Service> }
const service = (name: string): Service => {
  const found = compose.services[name]
  if (!found) throw new Error(`compose.yaml has no service ${name}`)
  return found
}
const names = (environment: Record<string, string> | undefined) => Object.keys(environment ?? {}).sort()
const sorted = (list: readonly string[]) => [...list].sort()

/** Dockerfile instructions per stage, continuation lines joined and comments dropped. */
function dockerfileStages(text: string) {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/)
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') }
    })
  const stages: { from: string; instructions: typeof instructions }[] = []
  for (const instruction of instructions)
    if (instruction.keyword === 'FROM') stages.push({ from: instruction.args, instructions: [] })
    else stages.at(-1)?.instructions.push(instruction)
  return stages
}

describe('compose.yaml mirrors the tested cluster', () => {
  it('has exactly the cluster’s services', () => {
    expect(Object.keys(compose.services).sort()).toEqual(sorted(COMPOSE_SERVICES))
  })

  it('runs each replica with the cluster’s command and variables, from the Dockerfile’s image', () => {
    for (const replica of REPLICAS) {
      const { command, environment, build, image } = service(replica)
      expect(command, replica).toEqual([...SERVER_COMMAND])
      expect(names(environment), replica).toEqual(sorted(SERVER_ENV))
      expect(environment?.NODE_ENV).toBe('production')
      for (const [name, value] of Object.entries(MALLOC_ENV)) expect(environment?.[name], name).toBe(value)
      expect(environment?.TRUST_PROXY).toBe('1')
      expect(environment?.DATABASE_URL).toMatch(/@postgres:5432\//)
      expect(environment?.REDIS_URL).toBe('redis://redis:6379')
      expect(build).toBe('.')
      expect(image).toBe(service('gateway').image)
    }
  })

  it('puts HAProxy in front of every replica with deploy/haproxy.cfg', () => {
    const { command, environment, volumes } = service('haproxy')
    expect(command).toEqual([...HAPROXY_COMMAND])
    expect(command?.at(-1)).toBe(HAPROXY_CFG_IN_CONTAINER)
    expect(names(environment)).toEqual(sorted(HAPROXY_ENV))
    expect(volumes).toContain(`./deploy/haproxy.cfg:${HAPROXY_CFG_IN_CONTAINER}:ro`)
    for (const replica of REPLICAS)
      expect(environment?.[replicaAddressVar(replica)]).toBe(
        `${replica}:${service(replica).environment?.PORT}`,
      )
  })

  it('runs the gateway with the cluster’s command and variables, talking to the API through HAProxy', () => {
    const { command, environment, healthcheck } = service('gateway')
    expect(command).toEqual([...GATEWAY_COMMAND])
    expect(names(environment)).toEqual(sorted(GATEWAY_ENV))
    const front = service('haproxy').environment?.HAPROXY_BIND?.split(':').at(-1)
    expect(environment?.GATEWAY_API_URL).toBe(`http://haproxy:${front}`)
    expect(healthcheck?.disable).toBe(true)
  })
})

describe('deploy/haproxy.cfg', () => {
  const cfg = read('deploy/haproxy.cfg')

  it('reads exactly the variables the cluster and compose give it, with a server line per replica', () => {
    const used = [...cfg.matchAll(/"\$\{([A-Z0-9_]+)\}"/g)].map((match) => match[1] ?? '')
    expect(sorted([...new Set(used)])).toEqual(sorted(HAPROXY_ENV))
    const servers = [...cfg.matchAll(/^\s*server\s+(\S+)\s+"\$\{([A-Z0-9_]+)\}"/gm)].map((match) => [
      match[1],
      match[2],
    ])
    expect(servers).toEqual(REPLICAS.map((replica) => [replica, replicaAddressVar(replica)]))
    expect(cfg).toMatch(new RegExp(`^\\s*option httpchk GET ${READY_PATH}$`, 'm'))
  })

  it('is valid for HAProxy with compose’s values', () => {
    // Compose's service names do not resolve here: the same ports on loopback stand in for them.
    const environment = Object.fromEntries(
      Object.entries(service('haproxy').environment ?? {}).map(([name, value]) => [
        name,
        value.replace(/^[a-z0-9-]+:(\d+)$/, '127.0.0.1:$1'),
      ]),
    )
    const checked = spawnSync(
      process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy',
      ['-c', '-f', join(root, 'deploy/haproxy.cfg')],
      {
        env: { PATH: process.env.PATH, ...environment },
        encoding: 'utf8',
      },
    )
    expect(checked.status, checked.stderr + checked.stdout).toBe(0)
  })

  it('replays a request elsewhere only when it is GET/HEAD or carries an Idempotency-Key', async () => {
    // Two stand-in replicas, both ready: one closes every other request's connection unanswered
    // (a replica dying mid-request), the other answers. Each records what reached it.
    const reached = { dropping: [] as string[], answering: [] as string[] }
    const replica = (name: keyof typeof reached) =>
      createServer((request: IncomingMessage, response: ServerResponse) => {
        if (request.url === READY_PATH) return void response.end('{"status":"ready"}')
        reached[name].push(`${request.method} ${request.headers['idempotency-key'] ?? '-'}`)
        request.resume()
        request.on('end', () => (name === 'dropping' ? request.socket.destroy() : response.end('ok')))
      })
    const replicas = [replica('dropping'), replica('answering')]
    const listening = async (server: Server) => {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
      return `127.0.0.1:${(server.address() as AddressInfo).port}`
    }
    const addresses = await Promise.all(replicas.map(listening))
    const front = createServer()
    const frontAddress = await listening(front)
    await new Promise((done) => front.close(done))
    const workDir = mkdtempSync(join(tmpdir(), 'haproxy-retries-'))
    const haproxy = spawn(
      process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy',
      ['-db', '-f', join(root, 'deploy/haproxy.cfg')],
      {
        env: {
          PATH: process.env.PATH,
          HAPROXY_BIND: frontAddress,
          HAPROXY_STATS_SOCKET: join(workDir, 'haproxy.sock'),
          ...Object.fromEntries(REPLICAS.map((name, index) => [replicaAddressVar(name), addresses[index]])),
        },
        stdio: 'ignore',
      },
    )
    try {
      const send = (method: string, key?: string) =>
        fetch(`http://${frontAddress}/api/anything`, {
          method,
          headers: key ? { 'idempotency-key': key } : {},
          body: method === 'POST' ? '{}' : undefined,
          signal: AbortSignal.timeout(5000),
        }).then(
          (response) => response.status,
          () => 0,
        )
      // Bounded: HAProxy is up within a second or two.
      let status = 0
      for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
        status = await send('GET')
        if (status !== 200) await new Promise((wait) => setTimeout(wait, 50))
      }
      expect(status).toBe(200)
      reached.dropping.length = 0
      reached.answering.length = 0

      const statuses = { plain: [] as number[], keyed: [] as number[], get: [] as number[] }
      // Four of a kind in a row: round robin sends at least one of each to the dropping replica.
      for (let n = 0; n < 4; n++) statuses.plain.push(await send('POST'))
      for (let n = 0; n < 4; n++) statuses.keyed.push(await send('POST', `key-${n}`))
      for (let n = 0; n < 4; n++) statuses.get.push(await send('GET'))
      // Replayed to the answering replica after the other dropped them: every one answered.
      expect(statuses.keyed).toEqual([200, 200, 200, 200])
      expect(statuses.get).toEqual([200, 200, 200, 200])
      expect(reached.dropping.filter((line) => line.startsWith('POST key-')).length).toBeGreaterThan(0)
      expect(reached.dropping.filter((line) => line === 'GET -').length).toBeGreaterThan(0)
      // A plain POST the dropping replica had received fails to the client (502, or its connection
      // closed), and is never sent again: each reached one replica once.
      const plainDropped = reached.dropping.filter((line) => line === 'POST -').length
      const plainAnswered = reached.answering.filter((line) => line === 'POST -').length
      const seen = JSON.stringify({ statuses, reached })
      expect(plainDropped, seen).toBeGreaterThan(0)
      expect(plainDropped + plainAnswered, seen).toBe(4)
      expect(
        statuses.plain.filter((code) => code !== 200),
        seen,
      ).toHaveLength(plainDropped)
      expect(statuses.plain.filter((code) => code === 502).length, seen).toBeGreaterThan(0)
    } finally {
      const exited = new Promise((done) => haproxy.once('exit', done))
      haproxy.kill('SIGKILL')
      await exited
      for (const server of replicas) server.close()
      rmSync(workDir, { recursive: true, force: true })
    }
  })
})

describe('Dockerfile', () => {
  const stages = dockerfileStages(read('Dockerfile'))
  const final = stages.at(-1)
  const last = (keyword: string) => final?.instructions.filter((i) => i.keyword === keyword).at(-1)?.args

  it('builds in stages on Node 24 slim: npm ci and npm run build, production dependencies only at run time', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2)
    for (const stage of stages) expect(stage.from).toMatch(/^node:24-slim(\s|$)/)
    const runs = stages.flatMap((stage) =>
      stage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args),
    )
    expect(runs.some((run) => run.includes('npm ci'))).toBe(true)
    expect(runs.some((run) => run.includes('npm run build'))).toBe(true)
    expect(runs.some((run) => /npm (prune|ci) .*--omit=dev/.test(run))).toBe(true)
  })

  it('runs the replicas’ command as a non-root user, with a healthcheck on the readiness probe', () => {
    expect(JSON.parse(last('CMD') ?? 'null')).toEqual([...SERVER_COMMAND])
    for (const [name, value] of Object.entries(MALLOC_ENV))
      expect(last('ENV')).toMatch(new RegExp(`\\b${name}=${value}(\\s|$)`))
    expect(last('USER')).toMatch(/^(?!root\b|0\b)\S+/)
    expect(last('HEALTHCHECK')).toContain(READY_PATH)
    expect(last('HEALTHCHECK')).toMatch(/CMD \[/)
    expect(last('EXPOSE')).toBe(service(REPLICAS[0]).environment?.PORT)
  })
})

describe('npm start', () => {
  it('starts the server with the replicas’ command, node flags and malloc settings, from the root and from apps/server', () => {
    const start = (path: string) => (JSON.parse(read(path)) as { scripts: { start: string } }).scripts.start
    const malloc = Object.entries(MALLOC_ENV)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')
    expect(start('package.json')).toContain(`&& ${malloc} ${SERVER_COMMAND.join(' ')}`)
    const [node, ...rest] = SERVER_COMMAND
    const fromApp = [node, ...rest.map((arg) => arg.replace('apps/server/', ''))].join(' ')
    expect(start('apps/server/package.json')).toContain(`&& ${malloc} ${fromApp}`)
  })
})

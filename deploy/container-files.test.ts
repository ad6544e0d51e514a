// compose.yaml and the Dockerfile cannot be built here (no container engine), so this checks that
// they describe the cluster deploy/cluster.test.ts runs: the same services, commands and variable
// names (deploy/topology.ts, which deploy/cluster.ts starts from), the same HAProxy configuration,
// a server image whose CMD and HEALTHCHECK are the replicas' command and readiness probe, a gateway
// image with v2ray, both carrying only what runs, and an `engines` floor every dependency accepts.
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
  build?: string | { context?: string; target?: string }
  healthcheck?: { disable?: boolean; test?: unknown }
}
const compose = parse(read('compose.yaml')) as { services: Record<string, Service> }
const service = (name: string): Service => {
  const found = compose.services[name]
  if (!found) throw new Error(`compose.yaml has no service ${name}`)
  return found
}
const names = (environment: Record<string, string> | undefined) => Object.keys(environment ?? {}).sort()
const sorted = (list: readonly string[]) => [...list].sort()

type Instruction = { keyword: string; args: string }
type Stage = { from: string; name?: string; instructions: Instruction[] }

/** Dockerfile instructions per stage (`FROM image [AS name]`), continuation lines joined and comments dropped. */
function dockerfileStages(text: string): Stage[] {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/)
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') }
    })
  const stages: Stage[] = []
  for (const instruction of instructions)
    if (instruction.keyword === 'FROM') {
      const [from = '', as, name] = instruction.args.split(/\s+/)
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] })
    } else stages.at(-1)?.instructions.push(instruction)
  return stages
}

/** A stage's instructions after those of the stages it is built FROM: what its image ends up with. */
function inherited(stages: Stage[], stage: Stage): Instruction[] {
  const parent = stages.find((candidate) => candidate.name === stage.from && candidate !== stage)
  return [...(parent ? inherited(stages, parent) : []), ...stage.instructions]
}

describe('compose.yaml mirrors the tested cluster', () => {
  it('has exactly the cluster’s services', () => {
    expect(Object.keys(compose.services).sort()).toEqual(sorted(COMPOSE_SERVICES))
  })

  it('runs each replica with the cluster’s command and variables, from the Dockerfile’s default (server) image', () => {
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
      expect(image).toBe(service(REPLICAS[0]).image)
      expect(image).not.toBe(service('gateway').image)
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
    const { command, environment, healthcheck, build } = service('gateway')
    expect(command).toEqual([...GATEWAY_COMMAND])
    expect(names(environment)).toEqual(sorted(GATEWAY_ENV))
    const front = service('haproxy').environment?.HAPROXY_BIND?.split(':').at(-1)
    expect(environment?.GATEWAY_API_URL).toBe(`http://haproxy:${front}`)
    // The Dockerfile's gateway target, whose image has no health check (it serves no /readyz).
    expect(build).toEqual({ context: '.', target: 'gateway' })
    expect(healthcheck?.test).toBeUndefined()
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
  const stage = (name: string) => {
    const found = stages.find((candidate) => candidate.name === name)
    if (!found) throw new Error(`the Dockerfile has no stage ${name}`)
    return found
  }
  /** The default target (the server) and `--target gateway`, each with what it inherits. */
  const server = inherited(stages, stages.at(-1) as Stage)
  const gateway = inherited(stages, stage('gateway'))
  const last = (instructions: Instruction[], keyword: string) =>
    instructions.filter((i) => i.keyword === keyword).at(-1)?.args
  const runs = (instructions: Instruction[]) =>
    instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args)

  it('builds in stages on one exact Node 24 slim release: npm ci and npm run build, production dependencies only at run time', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3)
    const bases = stages
      .filter((candidate) => !stages.some((earlier) => earlier.name === candidate.from))
      .map((candidate) => candidate.from)
    // A moving tag (node:24-slim) would change under a rebuild; deploy/README.md says how to pin digests.
    for (const base of bases) expect(base).toMatch(/^node:24\.\d+\.\d+-bookworm-slim(@sha256:[0-9a-f]{64})?$/)
    expect(new Set(bases).size).toBe(1)
    const all = stages.flatMap((candidate) => runs(candidate.instructions))
    expect(all.some((run) => run.includes('npm ci'))).toBe(true)
    expect(all.some((run) => run.includes('npm run build'))).toBe(true)
    expect(all.some((run) => /npm (prune|ci) .*--omit=dev/.test(run))).toBe(true)
  })

  it('copies into both images only what runs: the bundles, production node_modules, migrations and the built web client', () => {
    const allowed = [
      '/app/package.json',
      '/app/node_modules',
      '/app/apps/server/package.json',
      '/app/apps/server/node_modules',
      '/app/apps/server/dist',
      '/app/apps/server/drizzle',
      '/app/apps/gateway/package.json',
      '/app/apps/gateway/node_modules',
      '/app/apps/gateway/dist',
      '/app/apps/web/dist',
    ]
    for (const image of [server, gateway]) {
      const copies = image.filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD')
      const sources = copies.map((copy) => {
        const [from, ...paths] = copy.args.split(/\s+/)
        // Only from the build stage: never the build context (sources, tests, .env) straight in.
        expect(from).toBe('--from=build')
        return paths.slice(0, -1)
      })
      expect(sources.flat().sort()).toEqual([...allowed].sort())
      expect(sources.flat().some((path) => path.includes('apps/web/node_modules'))).toBe(false)
    }
    // What is copied is pruned first (node_modules here keeps no web library or build tool).
    expect(runs(stage('build').instructions).some((run) => run.includes('npm prune --omit=dev'))).toBe(true)
  })

  it('runs the replicas’ command as a non-root user, with a healthcheck on the readiness probe', () => {
    expect(JSON.parse(last(server, 'CMD') ?? 'null')).toEqual([...SERVER_COMMAND])
    for (const [name, value] of Object.entries(MALLOC_ENV))
      expect(last(server, 'ENV')).toMatch(new RegExp(`\\b${name}=${value}(\\s|$)`))
    expect(last(server, 'USER')).toMatch(/^(?!root\b|0\b)\S+/)
    expect(last(server, 'HEALTHCHECK')).toContain(READY_PATH)
    expect(last(server, 'HEALTHCHECK')).toMatch(/CMD \[/)
    expect(last(server, 'EXPOSE')).toBe(service(REPLICAS[0]).environment?.PORT)
  })

  it('has a gateway target: the same runtime with Debian’s v2ray, the cluster’s gateway command, non-root, no /readyz check', () => {
    expect(stage('gateway').from).toBe(stages.at(-1)?.from)
    expect(
      runs(gateway).some((run) => /apt-get install .*--no-install-recommends .*\bv2ray\b/.test(run)),
    ).toBe(true)
    expect(JSON.parse(last(gateway, 'CMD') ?? 'null')).toEqual([...GATEWAY_COMMAND])
    expect(last(gateway, 'USER')).toMatch(/^(?!root\b|0\b)\S+/)
    expect(last(gateway, 'HEALTHCHECK') ?? 'NONE').toBe('NONE')
  })
})

describe('engines', () => {
  it('names a Node floor that every installed package accepts', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node
    const floor = /^>=(\d+)\.(\d+)$/.exec(engines)
    expect(floor, engines).not.toBeNull()
    const version = `${floor?.[1]}.${floor?.[2]}.0`
    // npm's own semver decides, as it does for EBADENGINE at install.
    const refusing = spawnSync(
      'npm',
      ['query', `*:attr(engines, [node]):not(:semver(${version}, :attr(engines, [node])))`],
      { cwd: root, encoding: 'utf8' },
    )
    expect(refusing.status, refusing.stderr).toBe(0)
    const found = (JSON.parse(refusing.stdout) as { name: string; version: string; engines: unknown }[]).map(
      (pkg) => `${pkg.name}@${pkg.version} ${JSON.stringify(pkg.engines)}`,
    )
    expect(found).toEqual([])
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

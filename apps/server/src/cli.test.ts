// The operator CLI, run as a real process against its own embedded database.
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const serverDir = resolve(import.meta.dirname, '..')

/** The deployment's address, as node:add hands it to the node. */
const PUBLIC_URL = 'https://console.example.com'

async function cli(dataDir: string, ...args: string[]) {
  try {
    // node with tsx's loader, as `npm run cli` runs it, without an npx process in front of each call.
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL },
    })
    return { code: 0, out: stdout + stderr }
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string }
    return { code: failure.code, out: failure.stdout + failure.stderr }
  }
}

describe.runIf(process.env.TEST_DB !== 'postgres')('cli', () => {
  it('imports inventory with line-numbered rejects, lists it, and refuses a data dir another process holds', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cli-'))
    const empty = await cli(dataDir, 'inventory:list')
    expect(empty).toMatchObject({ code: 0 })
    expect(empty.out).toContain('The inventory is empty.')

    // Regions come from the seed or an operator; the file references one that does not exist.
    writeFileSync(join(dataDir, 'stock.csv'), 'region_id,ip,port,node\nnowhere,192.0.2.1,1080,n1\n')
    const rejected = await cli(dataDir, 'inventory:import', join(dataDir, 'stock.csv'))
    expect(rejected.code).toBe(1)
    expect(rejected.out).toContain('line 2: unknown region "nowhere"')

    const added = await cli(dataDir, 'node:add', 'edge-1', 'edge-1.example.com')
    expect(added.code).toBe(0)
    expect(added.out).toMatch(/\n {2}nt_[A-Za-z0-9_-]{43}\n/)
    // After the token, the node host's environment file: every setting under a line saying what it is.
    const token = added.out.match(/\n {2}(nt_[A-Za-z0-9_-]{43})\n/)?.[1]
    const block = added.out.slice(added.out.indexOf('/etc/proxy-gateway.env (fill in GATEWAY_ADDRESSES)'))
    const lines = block.split('\n').slice(2).filter(Boolean)
    const settings = Object.fromEntries(
      lines.filter((line) => !line.startsWith('#')).map((line) => line.split(/=(.*)/s).slice(0, 2)),
    )
    expect(settings).toMatchObject({
      GATEWAY_API_URL: PUBLIC_URL,
      GATEWAY_NODE_TOKEN: token,
      GATEWAY_ADDRESSES: expect.stringMatching(/^FILL-IN/),
      GATEWAY_SPOOL_DIR: '/var/lib/proxy-gateway/spool',
    })
    expect(Object.keys(settings).every((name) => name.startsWith('GATEWAY_'))).toBe(true)
    lines.forEach((line, index) => {
      if (!line.startsWith('#')) expect(lines[index - 1], line).toMatch(/^# /)
    })
    const listed = await cli(dataDir, 'node:list')
    expect(listed.out).toContain('edge-1.example.com')
    expect(listed.out).not.toContain(token)
    expect((await cli(dataDir, 'node:revoke', 'edge-1')).out).toContain('Revoked 1 node(s).')
    expect((await cli(dataDir, 'node:revoke', 'edge-1')).code).toBe(1)

    writeFileSync(join(dataDir, 'pglite', 'pglite.lock'), `${process.pid} server\n`)
    const busy = await cli(dataDir, 'inventory:list')
    expect(busy.code).toBe(1)
    expect(busy.out).toContain('is open in another process (server')

    const usage = await cli(dataDir, 'nonsense')
    expect(usage.code).toBe(2)
    expect(usage.out).toContain('inventory:import <file.csv>')
    // Nine CLI processes, each opening the embedded database (~6 s apiece on a quiet 2-core machine).
  }, 180_000)

  it('admin:create makes an operator once: one-time password, TOTP URI and 10 recovery codes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cli-admin-'))
    const made = await cli(dataDir, 'admin:create', 'Boss@Example.com', '--role', 'finance')
    expect(made.code).toBe(0)
    expect(made.out).toContain('Operator boss@example.com (finance) created.')
    expect(made.out).toMatch(/One-time password: [A-Za-z0-9_-]{24}\n/)
    expect(made.out).toMatch(/otpauth:\/\/totp\/[^\s]*\?[^\s]*secret=[A-Z2-7]{32}/)
    expect(made.out.match(/^ {4}[a-z0-9]{5}-[a-z0-9]{5}$/gm)).toHaveLength(10)
    const again = await cli(dataDir, 'admin:create', 'boss@example.com')
    expect(again.code).toBe(1)
    expect(again.out).toContain('already exists')
    expect((await cli(dataDir, 'admin:create', 'x@example.com', '--role', 'root')).code).toBe(2)
  }, 180_000)
})

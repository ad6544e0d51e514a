// Production refuses what cannot work, warns at every start about what degrades, and says in one
// line when its database cannot be reached (README, "Start-up checks and logs").
import { execFile } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { configWarnings, loadConfig } from './config.ts'

const APP_SECRET = 'a-production-secret-of-forty-characters!!'
/** Everything production wants: no refusal, no warning. */
const COMPLETE = {
  NODE_ENV: 'production',
  APP_SECRET,
  DATABASE_URL: 'postgres://app@db.internal:5432/proxy',
  HOST: '0.0.0.0',
  PUBLIC_URL: 'https://console.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  EPAY_URL: 'https://pay.example.com',
  EPAY_KEY: 'the-merchant-key-of-the-gateway',
}

describe('production refuses', () => {
  it('an APP_SECRET a person typed: fewer than 10 different characters', () => {
    for (const typed of ['a'.repeat(32), 'changeme'.repeat(4), '0123456780123456780123456780123456'])
      expect(() => loadConfig({ ...COMPLETE, APP_SECRET: typed })).toThrow(
        /^Invalid configuration:\n {2}APP_SECRET: too few different characters \(\d\)/,
      )
    // `openssl rand -hex 16`: 16 possible characters, of which a 32-character draw shows about 14.
    expect(loadConfig({ ...COMPLETE, APP_SECRET: '3f9a0c7be14d82a65f0e9d13c7b28a4f' }).APP_SECRET).toBe(
      '3f9a0c7be14d82a65f0e9d13c7b28a4f',
    )
    // Development and tests keep whatever they are given.
    expect(loadConfig({ APP_SECRET: 'a'.repeat(32) }).APP_SECRET).toBe('a'.repeat(32))
  })

  it('the embedded database unless ALLOW_EMBEDDED_DATABASE=true', () => {
    const embedded = { ...COMPLETE, DATABASE_URL: '' }
    expect(() => loadConfig(embedded)).toThrow(
      /^Invalid configuration:\n {2}DATABASE_URL: production needs PostgreSQL; .*ALLOW_EMBEDDED_DATABASE=true/,
    )
    expect(() => loadConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: 'false' })).toThrow(/DATABASE_URL/)
    expect(loadConfig({ ...embedded, ALLOW_EMBEDDED_DATABASE: 'true' }).DATABASE_URL).toBeUndefined()
    expect(loadConfig({ NODE_ENV: 'development' }).DATABASE_URL).toBeUndefined()
  })
})

describe('the warnings at every start', () => {
  it('are none for a complete production configuration, and none in development', () => {
    expect(configWarnings(loadConfig(COMPLETE))).toEqual([])
    expect(configWarnings(loadConfig({}))).toEqual([])
    expect(configWarnings(loadConfig({ NODE_ENV: 'test' }))).toEqual([])
  })

  it('say, one line each, what degrades and what breaks', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ SMTP_URL: '' }, /^no SMTP_URL: .*mails stay in the mail_outbox table; nobody receives them$/],
      [
        { EPAY_URL: '', PAYMENTS_SANDBOX: 'true' },
        /^PAYMENTS_SANDBOX: .*sandbox gateway, with no real money$/,
      ],
      [{ EPAY_URL: '' }, /^no EPAY_URL: no payment gateway, so every top-up is refused \(503\)$/],
      [
        { PUBLIC_URL: '', EPAY_URL: '', PAYMENTS_SANDBOX: 'true', SMTP_URL: '' },
        /^no PUBLIC_URL: mailed links point at http:\/\/localhost:3000, and operator writes are refused/,
      ],
      [{ HOST: '127.0.0.1' }, /^HOST=127\.0\.0\.1: only this machine can connect/],
      [{ HOST: '::1' }, /^HOST=::1: only this machine can connect/],
      [{ HOST: 'localhost' }, /^HOST=localhost: only this machine can connect/],
      [
        { DATABASE_URL: '', ALLOW_EMBEDDED_DATABASE: 'true', DATA_DIR: '/srv/proxy' },
        /^ALLOW_EMBEDDED_DATABASE: .*embedded database in \/srv\/proxy: one server process only/,
      ],
    ]
    for (const [change, expected] of cases) {
      const warnings = configWarnings(loadConfig({ ...COMPLETE, ...change }))
      expect(
        warnings.filter((line) => expected.test(line)),
        `${JSON.stringify(change)}: ${warnings}`,
      ).toHaveLength(1)
    }
    // All at once: one line each, nothing else.
    const bare = { NODE_ENV: 'production', APP_SECRET, ALLOW_EMBEDDED_DATABASE: 'true' }
    expect(configWarnings(loadConfig(bare)).map((line) => line.split(':')[0])).toEqual([
      'no SMTP_URL',
      'no EPAY_URL',
      'no PUBLIC_URL',
      'HOST=127.0.0.1',
      'ALLOW_EMBEDDED_DATABASE',
    ])
  })
})

describe('a database that is down at start', () => {
  it('is one line naming it without its password, and exit code 1', async () => {
    // A loopback port that was just free: nothing listens there.
    const probe = createServer()
    await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
    const { port } = probe.address() as { port: number }
    await new Promise((done) => probe.close(done))

    const password = 'pa55-word-never-printed'
    const started = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        APP_SECRET,
        DATABASE_URL: `postgres://app:${password}@127.0.0.1:${port}/proxy?password=${password}`,
        PORT: '0',
      },
      timeout: 20_000,
    }).then(
      () => ({ code: 0, out: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        out: error.stdout + error.stderr,
      }),
    )
    expect(started.code).toBe(1)
    expect(started.out.trim()).toBe(
      `cannot reach the database at postgres://app@127.0.0.1:${port}/proxy: ECONNREFUSED; is PostgreSQL running, and is DATABASE_URL right?`,
    )
    expect(started.out).not.toContain(password)
  })
})

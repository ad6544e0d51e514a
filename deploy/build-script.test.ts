// `node scripts/build.mjs --help` answers its usage, and an unknown flag is refused with it (exit 2),
// instead of rebuilding everything as a run without arguments does.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const build = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/build.mjs', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  })

describe('scripts/build.mjs', () => {
  it('answers --help with its usage and builds nothing', () => {
    for (const flag of ['--help', '-h']) {
      const run = build(flag)
      expect(run.status, flag).toBe(0)
      expect(run.stdout).toMatch(
        /^Usage: node scripts\/build\.mjs \[--if-stale\] \[web\|server\|gateway \.\.\.\]/,
      )
      expect(run.stdout + run.stderr).not.toMatch(/built /)
    }
  })

  it('refuses an unknown flag with the usage and exit code 2, even beside a target', () => {
    for (const args of [['--hepl'], ['--if-stale', 'server', '--force']]) {
      const run = build(...args)
      expect(run.status, args.join(' ')).toBe(2)
      expect(run.stderr).toContain(`Unknown option ${args.at(-1)}`)
      expect(run.stderr).toContain('Usage: node scripts/build.mjs')
      expect(run.stdout).toBe('')
    }
  })
})

// The committed migrations must match the Drizzle schema: a schema change without
// `npm run db:generate` would otherwise ship a database that lacks it.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const serverDir = resolve(import.meta.dirname, '../../..')

describe('migrations', () => {
  it('are current with the schema', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'drizzle-check-')), 'drizzle')
    cpSync(join(serverDir, 'drizzle'), out, { recursive: true })
    const before = readdirSync(out).sort()
    const printed = execFileSync(
      'npx',
      [
        'drizzle-kit',
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        './src/**/*.schema.ts',
        '--out',
        relative(serverDir, out),
      ],
      { cwd: serverDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
    // drizzle-kit exits 0 even when it fails, so the check reads what it printed.
    expect(printed).toContain('No schema changes')
    expect(readdirSync(out).sort()).toEqual(before)
  })
})

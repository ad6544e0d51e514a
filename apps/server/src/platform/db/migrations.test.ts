// The committed migrations must match the Drizzle schema: a schema change without
// `npm run db:generate` would otherwise ship a database that lacks it.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/test-server.ts'
import { rowsOf } from './sql.ts'

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

describe('0021', () => {
  it('settles as verified the customers who signed up before e-mail verification, and only them', async () => {
    const database = await openTestDatabase()
    try {
      const { db } = database
      const day = (n: number) => new Date(`2026-01-${String(n).padStart(2, '0')}T00:00:00Z`).toISOString()
      const customer = async (email: string, createdAt: string, verifiedAt: string | null = null) => {
        const [row] = rowsOf<{ id: string }>(
          await db.execute(sql`insert into users (email, password_hash, created_at, email_verified_at)
            values (${email}, 'x', ${createdAt}, ${verifiedAt}) returning id`),
        )
        return row?.id as string
      }
      const verifyLink = (userId: string, email: string, createdAt: string) =>
        db.execute(sql`insert into account_tokens (user_id, purpose, token_hash, email, created_at, expires_at)
          values (${userId}, 'verify-email', md5(${email}), ${email}, ${createdAt}, ${createdAt}::timestamptz + interval '1 day')`)
      // Before this database's first verification link: the old rules let them in.
      await customer('old@example.com', day(1))
      await customer('old-verified@example.com', day(2), day(3))
      // Since: one mailed a link and still unverified; one whose link never got made stays so too.
      const first = await customer('first-linked@example.com', day(10))
      await verifyLink(first, 'first-linked@example.com', day(10))
      const linked = await customer('linked@example.com', day(11))
      await verifyLink(linked, 'linked@example.com', day(11))
      await customer('unlinked-since@example.com', day(12))

      // The test database has every migration already: run 0021's statements again over these rows.
      const migration = readFileSync(join(serverDir, 'drizzle/0021_settle_email_verification.sql'), 'utf8')
      for (const statement of migration.split('--> statement-breakpoint'))
        await db.execute(sql.raw(statement))

      const rows = rowsOf<{ email: string; verified: string | Date | null }>(
        await db.execute(sql`select email, email_verified_at as verified from users order by email`),
      )
      const verified = (value: string | Date | null) =>
        value === null ? null : new Date(value).toISOString()
      expect(Object.fromEntries(rows.map((row) => [row.email, verified(row.verified)]))).toEqual({
        'first-linked@example.com': null,
        'linked@example.com': null,
        'old-verified@example.com': day(3),
        'old@example.com': day(1),
        'unlinked-since@example.com': null,
      })
    } finally {
      await database.close()
    }
  })
})

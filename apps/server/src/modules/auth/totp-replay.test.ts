// The customers' TOTP replay guard keeps its marks in the attempts table, with a statement of its own:
// a step is taken once per owner while its mark lives, the purge job keeps a live mark, and a mark
// past its window (longer than any code stays valid) is taken afresh.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../../test/test-server.ts'
import type { Database } from '../../platform/db/client.ts'
import { loginAttempts } from './auth.schema.ts'
import { purgeLoginAttempts } from './login-limits.ts'
import { stepOnceGuard } from './totp-replay.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

const take = stepOnceGuard('totp-used')

describe('the step-once TOTP replay guard', () => {
  it('takes a step once per owner, keeps the mark through the purge, and takes it afresh after its window', async () => {
    const { db } = database
    const [owner, other] = [randomUUID(), randomUUID()]
    expect(await take(db, owner, 1000)).toBe(true)
    expect(await take(db, owner, 1000)).toBe(false)
    expect(await take(db, owner, 1001)).toBe(true)
    expect(await take(db, other, 1000)).toBe(true)
    await purgeLoginAttempts(db)
    expect(await take(db, owner, 1000)).toBe(false)
    await db
      .update(loginAttempts)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(sql`${loginAttempts.key} = ${`totp-used:${owner}:1000`}`)
    expect(await take(db, owner, 1000)).toBe(true)
    expect(await take(db, owner, 1000)).toBe(false)
  })
})

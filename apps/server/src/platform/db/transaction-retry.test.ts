import { describe, expect, it } from 'vitest'
import { type Db, inTransaction } from './client.ts'

/** A stand-in whose transaction() fails with the given SQLSTATE codes, in order, then succeeds. */
function failingDb(codes: string[]) {
  let calls = 0
  const db = {
    transaction: async (fn: (tx: unknown) => Promise<unknown>) => {
      const code = codes[calls++]
      if (code) throw Object.assign(new Error(`sqlstate ${code}`), { code })
      return fn({})
    },
  } as unknown as Db
  return { db, calls: () => calls }
}

describe('inTransaction', () => {
  it('retries serialization failures and deadlocks, then succeeds', async () => {
    const { db, calls } = failingDb(['40001', '40P01'])
    expect(await inTransaction(db, async () => 'done')).toBe('done')
    expect(calls()).toBe(3)
  })

  it('gives up after a bounded number of attempts', async () => {
    const { db, calls } = failingDb(['40001', '40001', '40001', '40001', '40001'])
    await expect(inTransaction(db, async () => 'never')).rejects.toThrow('sqlstate 40001')
    expect(calls()).toBe(4)
  })

  it('never retries other errors', async () => {
    const { db, calls } = failingDb(['23505'])
    await expect(inTransaction(db, async () => 'never')).rejects.toThrow('sqlstate 23505')
    expect(calls()).toBe(1)
  })
})

import { expect } from 'vitest'
import { findInvariantViolations } from '../src/invariants.ts'
import type { Db } from '../src/platform/db/client.ts'

/** Checked after every test that moves money (DESIGN §4). */
export async function expectLedgerInvariants(db: Db) {
  expect(await findInvariantViolations(db)).toEqual({})
}

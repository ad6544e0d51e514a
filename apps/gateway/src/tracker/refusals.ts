// Destinations the policy refused, counted per credential: each plane counts its own and hands them
// over with its byte counts; the sync side adds them up until a heartbeat reports them to the server.
import type { CredentialRefusals } from '@proxy/contract/nodes/policy'
import type { Grant } from '../route/grants.ts'

/** Credentials tracked at most: a flood of new ones adds to those already counted, never to memory. */
const MAX_CREDENTIALS = 100_000

export type RefusalTally = ReturnType<typeof createRefusalTally>

export function createRefusalTally() {
  const counts = new Map<string, CredentialRefusals>()

  function add(grant: Pick<Grant, 'kind' | 'id' | 'account'>, count = 1) {
    // A sub-user's refusals count as its traffic account's: the operator looks for the customer.
    const credential =
      grant.kind === 'sub-user'
        ? { kind: 'traffic-account' as const, id: grant.account ?? grant.id }
        : { kind: grant.kind, id: grant.id }
    const key = `${credential.kind}:${credential.id}`
    const held = counts.get(key)
    if (held) held.count = Math.min(held.count + count, 2_147_483_647)
    else if (counts.size < MAX_CREDENTIALS) counts.set(key, { ...credential, count })
  }

  return {
    add,
    /** Every count since the last drain, and forgets them. */
    drain(): CredentialRefusals[] {
      const all = [...counts.values()]
      counts.clear()
      return all
    },
    /** The `max` most refused credentials, forgotten here; the rest wait for the next take. */
    take(max: number): CredentialRefusals[] {
      const top = [...counts.values()].sort((a, b) => b.count - a.count).slice(0, max)
      for (const entry of top) counts.delete(`${entry.kind}:${entry.id}`)
      return top
    },
    /** Adds counts: a plane's report, or those of a heartbeat that failed. */
    merge(entries: CredentialRefusals[]) {
      for (const entry of entries) add(entry, entry.count)
    },
  }
}

// The traffic accounts' local allowances: the bytes each may still use here between pulls, and the
// accounts the server disabled. A spent or disabled account stops authenticating at once, without
// waiting for the server.
import type { Grant } from './grants.ts'

export function createAllowances() {
  /** Traffic account id → bytes it may still use here. */
  const allowances = new Map<string, number>()
  /** Traffic accounts the server disabled (spent) and no pull has re-enabled yet. */
  let disabled = new Set<string>()

  return {
    /** A traffic account with nothing left here (or disabled by the server). */
    isSpent: (grant: Grant): boolean =>
      grant.kind === 'traffic-account' && (disabled.has(grant.id) || !((allowances.get(grant.id) ?? 0) > 0)),
    /**
     * Spends metered bytes from a traffic account's allowance. True when the account has nothing
     * left: it no longer authenticates, and its open tunnels are to be cut.
     */
    consume(grant: Pick<Grant, 'kind' | 'id'>, bytes: number): boolean {
      if (grant.kind !== 'traffic-account') return false
      const left = allowances.get(grant.id)
      if (left === undefined) return false
      allowances.set(grant.id, left - bytes)
      return left - bytes <= 0
    },
    /** Bytes a traffic account may still use here (negative once overspent); undefined when not served. */
    allowance: (accountId: string) => allowances.get(accountId),
    setAllowance: (accountId: string, bytes: number) => allowances.set(accountId, bytes),
    /** Forgets the allowances of accounts no longer served. */
    prune(isServed: (accountId: string) => boolean) {
      for (const id of allowances.keys()) if (!isServed(id)) allowances.delete(id)
    },
    setDisabled(ids: Iterable<string>) {
      disabled = new Set(ids)
    },
  }
}

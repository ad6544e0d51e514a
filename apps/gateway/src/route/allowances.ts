// The pool logins' local allowances: the bytes each may still use here between pulls, and the
// traffic accounts the server disabled. A pool login spends from its traffic account's allowance
// (a sub-user from its account's) and, when it has a cap of its own (a sub-user's limit, an
// auto-stop), from that cap's allowance too (`capIdOf`). A spent or disabled one stops
// authenticating at once, without waiting for the server.
import type { Grant } from './grants.ts'

/** The allowance of a pool login's own cap (a sub-user's limit or auto-stop, an account login's auto-stop). */
export const capIdOf = (subject: Pick<Grant, 'kind' | 'id'>) => `cap:${subject.kind}:${subject.id}`

/** The subject a cap allowance belongs to; undefined for a traffic account's own (an account id). */
export function subjectOfCap(allowanceId: string): Pick<Grant, 'kind' | 'id'> | undefined {
  const [prefix, kind, id] = allowanceId.split(':')
  if (prefix !== 'cap' || !id || (kind !== 'traffic-account' && kind !== 'sub-user')) return undefined
  return { kind, id }
}

export function createAllowances() {
  /** Allowance id (a traffic account's id, or a cap's) → bytes it may still use here. */
  const allowances = new Map<string, number>()
  /** Traffic accounts the server disabled (spent) and no pull has re-enabled yet. */
  let disabled = new Set<string>()
  const hasLeft = (id: string) => !disabled.has(id) && (allowances.get(id) ?? 0) > 0

  return {
    /** Whether any of these allowances has nothing left here (or was disabled by the server). */
    isSpent: (ids: string[]): boolean => ids.some((id) => !hasLeft(id)),
    /**
     * Spends metered bytes from each of these allowances that is held here. True when one has
     * nothing left: the login no longer authenticates, and its open tunnels are to be cut.
     */
    consume(ids: string[], bytes: number): boolean {
      let isSpent = false
      for (const id of ids) {
        const left = allowances.get(id)
        if (left === undefined) continue
        allowances.set(id, left - bytes)
        if (left - bytes <= 0) isSpent = true
      }
      return isSpent
    },
    /** Bytes an allowance may still use here (negative once overspent); undefined when not held. */
    allowance: (id: string) => allowances.get(id),
    setAllowance: (id: string, bytes: number) => allowances.set(id, bytes),
    /** Forgets the allowances no longer served. */
    prune(isServed: (id: string) => boolean) {
      for (const id of allowances.keys()) if (!isServed(id)) allowances.delete(id)
    },
    setDisabled(ids: Iterable<string>) {
      disabled = new Set(ids)
    },
  }
}

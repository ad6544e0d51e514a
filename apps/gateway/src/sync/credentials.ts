// The primary's credentials: the node API's answers (one full snapshot, then only what changed
// since the last cursor) applied to its store, and the traffic accounts' allowances and disabled
// marks kept across pulls.
import { NodeUsers, nodeUsers } from '@proxy/contract/nodes/endpoints'
import { createCredentialStore } from '../route/credentials.ts'
import type { Entry } from '../route/grants.ts'
import { callNodeApi, endpointName, NodeApiError, type NodeApiOptions } from './node-api.ts'

export type CredentialsOptions = NodeApiOptions & {
  poolEntries: Entry[]
  /**
   * Bytes charged to an allowance (a traffic account's, with its sub-users'; a pool login's cap)
   * metered here that the server has not acknowledged yet (still in the meter or the spool): the
   * server's figure does not include them, so each pull subtracts them.
   */
  unacknowledged?: (allowanceId: string) => number
}
/** The primary's credentials: its store, filled from the node API. */
export function createCredentials(options: CredentialsOptions) {
  const store = createCredentialStore(options.poolEntries)
  let cursor: string | undefined
  /** Traffic accounts a push answer disabled → the pull generation current at the mark. */
  const disabled = new Map<string, number>()
  let generation = 0
  const unacknowledged = options.unacknowledged ?? (() => 0)

  /** Each allowance's bytes as the last pull had them: a figure that grew is a new package (a raised cap, a new day). */
  const lastRemaining = new Map<string, number>()
  /**
   * Starts each account again from the server's figure, less what it has not acknowledged yet; but
   * never higher than it was, unless the server's figure grew. An answer computed before a push was
   * acknowledged (or an account the delta did not name) still holds the old figure, while the pushed
   * bytes no longer count as unacknowledged: taken as it is, it would give those bytes again.
   */
  function resetAllowances() {
    store.pruneAllowances()
    const remaining = store.remaining()
    for (const id of lastRemaining.keys()) if (!remaining.has(id)) lastRemaining.delete(id)
    for (const [id, bytes] of remaining) {
      const figure = bytes - unacknowledged(id)
      const before = store.allowance(id)
      const hasGrown = bytes > (lastRemaining.get(id) ?? Number.NEGATIVE_INFINITY)
      lastRemaining.set(id, bytes)
      store.setAllowance(id, before === undefined || hasGrown ? figure : Math.min(before, figure))
    }
  }

  let pulling: Promise<{ changed: boolean; users: NodeUsers }> | undefined
  /** One pull at a time, so an older answer never lands over a newer one. */
  function pull(): Promise<{ changed: boolean; users: NodeUsers }> {
    pulling ??= pullOnce().finally(() => {
      pulling = undefined
    })
    return pulling
  }

  async function pullOnce() {
    const startedAt = ++generation
    const answer = await callNodeApi(options, nodeUsers, { ...(cursor && { query: { cursor } }) })
    if (answer.status !== 200)
      throw new NodeApiError(`${endpointName(nodeUsers)} answered ${answer.status}`, answer.status)
    const parsed = NodeUsers.safeParse(answer.data)
    if (!parsed.success)
      throw new NodeApiError(
        `${endpointName(nodeUsers)} answered an unexpected body: ${parsed.error.message}`,
      )
    const users = parsed.data
    const changed = store.apply(users)
    cursor = users.cursor
    resetAllowances()
    // Named again by a list read after the mark: re-enabled (a new package). Gone: nothing to mark.
    const remaining = store.remaining()
    const named = new Set(users.full ? remaining.keys() : users.trafficAccounts.map((a) => a.id))
    for (const [id, markedAt] of disabled)
      if ((markedAt < startedAt && named.has(id)) || !remaining.has(id)) disabled.delete(id)
    store.setDisabled(disabled.keys())
    return { changed, users }
  }

  return {
    ...store,
    pull,
    /** Traffic accounts the server disabled and no pull has re-enabled yet. */
    disabled: () => [...disabled.keys()],
    isDisabled: (accountId: string) => disabled.has(accountId),
    /** Bytes counted here that the server refused for good (dead letters): the account may use them again. */
    restore(accountId: string, bytes: number) {
      const left = store.allowance(accountId)
      if (left !== undefined) store.setAllowance(accountId, left + bytes)
    },
    markDisabled(ids: Iterable<string>) {
      for (const id of ids) disabled.set(id, generation)
      store.setDisabled(disabled.keys())
      // The next pull answers in full: the account may be back without having changed since our cursor.
      cursor = undefined
    },
  }
}

export type Credentials = ReturnType<typeof createCredentials>

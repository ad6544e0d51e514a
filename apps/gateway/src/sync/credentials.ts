// The primary's credentials: the node API's answers (one full snapshot, then only what changed
// since the last cursor) applied to its store, and the traffic accounts' allowances and disabled
// marks kept across pulls.
import { NodeUsers } from '@proxy/contract/nodes/endpoints'
import { createCredentialStore } from '../route/credentials.ts'
import type { Entry } from '../route/grants.ts'
import { callNodeApi, NodeApiError, type NodeApiOptions } from './node-api.ts'

export type CredentialsOptions = NodeApiOptions & {
  poolEntries: Entry[]
  /**
   * Bytes of a traffic account metered here that the server has not acknowledged yet (still in the
   * meter or the spool): the server's figure does not include them, so each pull subtracts them.
   */
  unacknowledged?: (accountId: string) => number
}
/** The primary's credentials: its store, filled from the node API. */
export function createCredentials(options: CredentialsOptions) {
  const store = createCredentialStore(options.poolEntries)
  let cursor: string | undefined
  /** Traffic accounts a push answer disabled → the pull generation current at the mark. */
  const disabled = new Map<string, number>()
  let generation = 0
  const unacknowledged = options.unacknowledged ?? (() => 0)

  /** Starts each account again from the server's figure, less what it has not acknowledged yet. */
  function resetAllowances() {
    store.pruneAllowances()
    for (const [id, bytes] of store.remaining()) store.setAllowance(id, bytes - unacknowledged(id))
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
    const path = cursor ? `/users?cursor=${encodeURIComponent(cursor)}` : '/users'
    const answer = await callNodeApi(options, 'GET', path)
    if (answer.status !== 200) throw new NodeApiError(`GET /users answered ${answer.status}`, answer.status)
    const parsed = NodeUsers.safeParse(answer.data)
    if (!parsed.success)
      throw new NodeApiError(`GET /users answered an unexpected body: ${parsed.error.message}`)
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
    markDisabled(ids: Iterable<string>) {
      for (const id of ids) disabled.set(id, generation)
      store.setDisabled(disabled.keys())
      // The next pull answers in full: the account may be back without having changed since our cursor.
      cursor = undefined
    },
  }
}

export type Credentials = ReturnType<typeof createCredentials>

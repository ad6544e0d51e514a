// What ends a customer's credentials, in one place: a password reset (the way back after a takeover)
// and a suspension end every session and every API token; a password change ends the other sessions
// and, when the customer asks, the API tokens. A token made by a stolen token would outlive all of
// these, so tokens are made only from a console session (auth-plugin.ts, `auth: 'session'`).
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Tx } from '../../platform/db/client.ts'
import { apiTokens } from './auth.schema.ts'
import { customerSessions } from './sessions.ts'

export type Ending = {
  /** The session that asked (a password change keeps it); null ends every one. */
  keepSessionId: string | null
  apiTokens: boolean
}

/** Revokes the customer's sessions (but the kept one) and, if asked, API tokens; answers how many of each. */
export async function endCredentials(tx: Tx, userId: string, ending: Ending) {
  const endedSessions = await customerSessions.revoke(tx, userId, { except: ending.keepSessionId })
  const endedTokens = ending.apiTokens
    ? await tx
        .update(apiTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id })
    : []
  return { sessions: endedSessions.length, apiTokens: endedTokens.length }
}

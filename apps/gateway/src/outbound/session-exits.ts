// Which exit a sticky session leaves from: the sync side decides it node-wide, a plane asks and
// keeps the answer until it expires.
import { DialError } from '../inbound/context.ts'
import type { FromPlane, Session, ToPlane } from '../plane-messages.ts'

/** How long a plane waits for the sync side to name a session's exit before it fails the dial. */
const SESSION_ASK_MS = 5000

/**
 * The exits sticky sessions hold, as the sync side decides them (each worker asking alone would
 * send one session out of as many exits as there are workers). Answers are kept until they expire,
 * so a session asks once per hold.
 */
export function createSessionExits(send: (message: FromPlane) => void) {
  const known = new Map<string, { address?: string; until: number }>()
  const waiting = new Map<number, (answer: { address?: string; until: number }) => void>()
  let asked = 0

  async function exit(account: string, session: Session): Promise<string | undefined> {
    const key = `${account}:${session.id}`
    const cached = known.get(key)
    if (cached && cached.until > Date.now()) return cached.address
    const ask = ++asked
    const answer = await new Promise<{ address?: string; until: number }>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(ask)
        reject(new DialError('general', 'no exit for the session'))
      }, SESSION_ASK_MS)
      waiting.set(ask, (reply) => {
        clearTimeout(timer)
        resolve(reply)
      })
      send({ type: 'session', ask, account, session })
    })
    if (known.size > 100_000) known.clear()
    known.set(key, answer)
    return answer.address
  }

  return {
    exit,
    answer(message: Extract<ToPlane, { type: 'session-exit' }>) {
      waiting.get(message.ask)?.({ address: message.address, until: message.until })
      waiting.delete(message.ask)
    },
  }
}

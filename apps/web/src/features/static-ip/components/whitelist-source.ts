// Client-side check of a whitelist source with the contract's own schema, named by what the customer must fix.
import { WhitelistSource } from '@proxy/contract/static-ip/ip-whitelist'

export type SourceProblem = 'required' | 'tooWide' | 'invalid'

export type SourceCheck = { source: string; problem: null } | { source: null; problem: SourceProblem }

/** The trimmed source the server will accept, or why not. */
export const checkSource = (value: string): SourceCheck => {
  if (value.trim() === '') return { source: null, problem: 'required' }
  const parsed = WhitelistSource.safeParse(value)
  if (parsed.success) return { source: parsed.data, problem: null }
  // The schema's only custom rule is the widest range allowed; everything else is a malformed address.
  const isTooWide = parsed.error.issues.some((issue) => issue.code === 'custom')
  return { source: null, problem: isTooWide ? 'tooWide' : 'invalid' }
}

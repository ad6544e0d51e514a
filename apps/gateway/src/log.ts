// The gateway's log: pino, one JSON line per event on stdout, leveled (GATEWAY_LOG_LEVEL), as the
// server logs. No secret reaches it: fields named like one are redacted, and a node token or a
// URL's password inside any line is masked before it is written.
import { pino } from 'pino'
import type { GatewayConfig } from './config.ts'

export type Log = pino.Logger
export type LogLevel = GatewayConfig['GATEWAY_LOG_LEVEL']

export const REDACTED = '[redacted]'
const SECRET_FIELDS = ['token', 'nodeToken', 'password', 'secret', 'key', 'authorization']
const NODE_TOKEN = /nt_[A-Za-z0-9_-]{43}/g
/** `scheme://user:password@host`: the password part. */
const URL_PASSWORD = /(\/\/[^/\s:@"]*:)[^/\s@"]+@/g

/** The last pass over each serialized line (pino's streamWrite hook). */
export const scrubLogLine = (line: string) =>
  line.replace(NODE_TOKEN, REDACTED).replace(URL_PASSWORD, `$1${REDACTED}@`)

/** `stream` replaces stdout (tests read the lines). */
export function createLog(level: LogLevel, stream?: { write: (line: string) => void }): Log {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((field) => `*.${field}`)], censor: REDACTED },
    hooks: { streamWrite: scrubLogLine },
  }
  return stream ? pino(options, stream) : pino(options)
}

// Loggers for tests: one that says nothing, and one that keeps its lines, parsed, for assertions.
import { createLog } from './log.ts'

export const silentLog = createLog('silent')

export type LogLine = { level: number; msg: string } & Record<string, unknown>

export function capturedLog() {
  const lines: LogLine[] = []
  const log = createLog('debug', { write: (line) => lines.push(JSON.parse(line) as LogLine) })
  return { log, lines }
}

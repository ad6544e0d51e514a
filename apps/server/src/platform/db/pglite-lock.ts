// PGlite lets only one process open a data directory; a second one would corrupt it. The server
// and the CLI both take this lock file first and refuse to start while a live process holds it.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export class DataDirBusyError extends Error {}

/** Takes the lock for `role` ("server", "cli"); answers the release function. */
export function lockDataDir(dataDir: string, role: string): () => void {
  const file = join(dataDir, 'pglite.lock')
  if (existsSync(file)) {
    const [pid, holder] = readFileSync(file, 'utf8').trim().split(' ')
    if (pid && Number(pid) !== process.pid && isAlive(Number(pid)))
      throw new DataDirBusyError(
        `The embedded database in ${dataDir} is open in another process (${holder ?? 'unknown'}, pid ${pid}). ` +
          'Stop it first, or point both at PostgreSQL with DATABASE_URL.',
      )
  }
  writeFileSync(file, `${process.pid} ${role}\n`)
  return () => rmSync(file, { force: true })
}

// Traffic batches on disk until the server has them: `<reportId>.json` holds the exact body to send,
// written durably (temp file, fsync, rename, fsync of the directory) before any attempt to send it.
// Report ids are UUIDv7, so file names sort oldest first across restarts.
//
// Between pushes, the meter's running counts are checkpointed (`meter-checkpoint`, under the reportId
// they will be spooled as) every few MiB and every 250 ms, so that a killed process loses little of
// what it counted. Written without fsync: a process crash keeps it (the kernel has it), a power cut
// may not; the spooled batches are the durable record. A restart turns a checkpoint whose batch was
// never spooled into that batch, and drops one whose batch was.
import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { TrafficReport } from '@proxy/contract/nodes/endpoints'

const SUFFIX = '.json'
const TEMP_SUFFIX = '.json.tmp'
const CHECKPOINT = 'meter-checkpoint'

let lastMs = 0
let sequence = 0
/** A UUIDv7 (RFC 9562) that increases within this process even for ids made in the same millisecond. */
export function newReportId(now = Date.now()): string {
  if (now > lastMs) [lastMs, sequence] = [now, 0]
  else if (++sequence > 0xfff) [lastMs, sequence] = [lastMs + 1, 0]
  const bytes = randomBytes(16)
  bytes.writeUIntBE(lastMs, 0, 6)
  bytes.writeUInt16BE(0x7000 | sequence, 6)
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f)
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

async function syncDir(dir: string) {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export function createSpool(dir: string) {
  const deadDir = join(dir, 'dead')
  const pathOf = (reportId: string) => join(dir, `${reportId}${SUFFIX}`)

  /** Report ids waiting to be sent, oldest first; also finishes what a crash interrupted. */
  async function load(): Promise<string[]> {
    await mkdir(deadDir, { recursive: true })
    const names = await readdir(dir)
    for (const name of names.filter((n) => n.endsWith(TEMP_SUFFIX))) await recoverTemp(name)
    await recoverCheckpoint()
    return (await readdir(dir))
      .filter((name) => name.endsWith(SUFFIX))
      .map((name) => name.slice(0, -SUFFIX.length))
      .sort()
  }

  /**
   * A temp file was never sent (sending starts after the rename). Whole, it is kept; cut short by
   * the crash, its counts are lost with the process that held them.
   */
  async function recoverTemp(name: string) {
    const temp = join(dir, name)
    const reportId = name.slice(0, -TEMP_SUFFIX.length)
    try {
      const batch = JSON.parse(await readFile(temp, 'utf8')) as Partial<TrafficReport>
      if (batch.reportId === reportId && Array.isArray(batch.records)) {
        await rename(temp, pathOf(reportId))
        await syncDir(dir)
        return
      }
    } catch {
      // Unreadable: dropped below.
    }
    await unlink(temp)
  }

  /** The last checkpoint becomes its batch, unless that batch was spooled (then it is a part of it). */
  async function recoverCheckpoint() {
    const path = join(dir, CHECKPOINT)
    let batch: Partial<TrafficReport>
    try {
      batch = JSON.parse(await readFile(path, 'utf8')) as Partial<TrafficReport>
    } catch {
      // None, or unreadable (a power cut while it was written): nothing to recover.
      await unlink(path).catch(() => {})
      return
    }
    const names = new Set(await readdir(dir))
    const isValid = typeof batch.reportId === 'string' && /^[0-9a-f-]{36}$/.test(batch.reportId)
    if (isValid && Array.isArray(batch.records) && !names.has(`${batch.reportId}${SUFFIX}`)) {
      await rename(path, pathOf(batch.reportId as string))
      await syncDir(dir)
    } else await unlink(path)
  }

  async function write(batch: TrafficReport) {
    const temp = join(dir, `${batch.reportId}${TEMP_SUFFIX}`)
    const handle = await open(temp, 'w')
    try {
      await handle.writeFile(JSON.stringify(batch))
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, pathOf(batch.reportId))
    await syncDir(dir)
  }

  return {
    load,
    write,
    /** Replaces the checkpoint (temp file and rename: a reader never sees half of one). */
    async checkpoint(batch: TrafficReport) {
      const temp = join(dir, `${CHECKPOINT}.tmp`)
      await writeFile(temp, JSON.stringify(batch))
      await rename(temp, join(dir, CHECKPOINT))
    },
    /** The checkpoint's batch is spooled: the checkpoint goes. */
    dropCheckpoint: () => unlink(join(dir, CHECKPOINT)).catch(() => {}),
    /** The exact body to send again, byte for byte. */
    read: (reportId: string) => readFile(pathOf(reportId), 'utf8'),
    async remove(reportId: string) {
      await unlink(pathOf(reportId))
      await syncDir(dir)
    },
    /** Moves a batch the server refused for good out of the queue, kept for an operator to look at. */
    async bury(reportId: string) {
      await rename(pathOf(reportId), join(deadDir, `${reportId}${SUFFIX}`))
      await syncDir(deadDir)
      await syncDir(dir)
    },
    deadCount: async () => (await readdir(deadDir)).filter((name) => name.endsWith(SUFFIX)).length,
  }
}

export type Spool = ReturnType<typeof createSpool>

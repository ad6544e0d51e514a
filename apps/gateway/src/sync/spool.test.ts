import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createSpool, newReportId } from './spool.ts'

const record = {
  kind: 'instance',
  id: '00000000-0000-4000-8000-00000000000a',
  upBytes: 1,
  downBytes: 2,
} as const

const dirs: string[] = []
const tempDir = () => {
  dirs.push(mkdtempSync(join(tmpdir(), 'spool-')))
  return dirs.at(-1) as string
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('spool', () => {
  it('makes UUIDv7 report ids that sort in the order they were made, even within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newReportId(1_700_000_000_000))
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(newReportId(1_700_000_000_000) > (ids.at(-1) ?? '')).toBe(true)
  })

  it('keeps the exact body per reportId, lists oldest first, and moves refused batches to dead/', async () => {
    const dir = tempDir()
    const spool = createSpool(dir)
    expect(await spool.load()).toEqual([])
    const first = { reportId: newReportId(), records: [record] }
    const second = { reportId: newReportId(), records: [] }
    await spool.write(second.reportId > first.reportId ? first : second)
    await spool.write(second.reportId > first.reportId ? second : first)
    expect(await spool.load()).toEqual([first.reportId, second.reportId])
    expect(JSON.parse(await spool.read(first.reportId))).toEqual(first)
    await spool.bury(first.reportId)
    await spool.remove(second.reportId)
    expect(await spool.load()).toEqual([])
    expect(await spool.deadCount()).toBe(1)
    expect(readdirSync(join(dir, 'dead'))).toEqual([`${first.reportId}.json`])
  })

  it('keeps a whole temp file a crash left before its rename, and drops a cut-short one', async () => {
    const dir = tempDir()
    const whole = { reportId: newReportId(), records: [record] }
    writeFileSync(join(dir, `${whole.reportId}.json.tmp`), JSON.stringify(whole))
    writeFileSync(join(dir, `${newReportId()}.json.tmp`), JSON.stringify(whole).slice(0, 20))
    const spool = createSpool(dir)
    expect(await spool.load()).toEqual([whole.reportId])
    expect(readdirSync(dir).sort()).toEqual([`${whole.reportId}.json`, 'dead'])
    expect(JSON.parse(readFileSync(join(dir, `${whole.reportId}.json`), 'utf8'))).toEqual(whole)
  })

  it('turns a checkpoint whose batch was never spooled into that batch, and drops one whose batch was', async () => {
    const dir = tempDir()
    const spool = createSpool(dir)
    await spool.load()
    const counted = { reportId: newReportId(), records: [record] }
    await spool.checkpoint(counted)
    // A crash here: the restart spools the checkpoint under its own reportId.
    expect(await createSpool(dir).load()).toEqual([counted.reportId])
    expect(JSON.parse(await spool.read(counted.reportId))).toEqual(counted)

    // A crash between spooling a batch and dropping the checkpoint that named it: the batch stays alone.
    const spooled = { reportId: newReportId(), records: [{ ...record, upBytes: 7 }] }
    await spool.checkpoint({ reportId: spooled.reportId, records: [record] })
    await spool.write(spooled)
    expect(await createSpool(dir).load()).toEqual([counted.reportId, spooled.reportId])
    expect(JSON.parse(await spool.read(spooled.reportId))).toEqual(spooled)
    expect(readdirSync(dir).sort()).toEqual([`${counted.reportId}.json`, `${spooled.reportId}.json`, 'dead'])

    // Garbage (a power cut mid-write) is dropped.
    writeFileSync(join(dir, 'meter-checkpoint'), '{"reportId":')
    expect(await createSpool(dir).load()).toEqual([counted.reportId, spooled.reportId])
    expect(readdirSync(dir)).not.toContain('meter-checkpoint')
  })
})

// A realistic inventory import: 100,000 rows go through in batches inside one transaction, on
// PGlite and PostgreSQL alike (one bind parameter per row would pass PostgreSQL's 65,535 limit).
import { count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { importInventoryCsv } from './inventory.service.ts'
import { ipInventory } from './static-ip.schema.ts'

const ROWS = 100_000

let server: TestServer
let region: string
beforeAll(async () => {
  server = await startTestServer()
  region = await stockRegion(server, 0)
})
afterAll(() => server.close())

/** Loopback-range strings made arithmetically: only rows in a table, nothing connects to them. */
const address = (n: number) => `127.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
const csvOf = (lines: string[]) => ['region_id,ip,port,node', ...lines].join('\n')
const stocked = async (ipPrefix: string) =>
  (
    await server.db
      .select({ n: count() })
      .from(ipInventory)
      .where(like(ipInventory.ip, `${ipPrefix}%`))
  )[0]?.n

describe('inventory import at scale', () => {
  // Measured at 5-15 s on PGlite (on a busy machine) and 5-8 s on PostgreSQL: room to spare.
  it('imports 100,000 rows with progress, then rejects every one of them the second time', async () => {
    const bigFile = csvOf(Array.from({ length: ROWS }, (_, n) => `${region},${address(n)},1080,node-big`))
    const progress: [number, number][] = []
    const first = await importInventoryCsv(server.db, bigFile, {
      onProgress: (done, total) => progress.push([done, total]),
    })
    expect(first).toEqual({ imported: ROWS, rejected: [] })
    expect(await stocked('127.')).toBe(ROWS)
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.every(([, total]) => total === ROWS)).toBe(true)
    expect(progress.map(([done]) => done)).toEqual([...progress.map(([done]) => done)].sort((a, b) => a - b))
    expect(progress.at(-1)).toEqual([ROWS, ROWS])

    const again = await importInventoryCsv(server.db, bigFile)
    expect(again.imported).toBe(0)
    expect(again.rejected).toHaveLength(ROWS)
    expect(again.rejected[0]).toEqual({ line: 2, reason: `${address(0)}:1080 is already in the inventory` })
    expect(again.rejected.at(-1)).toEqual({
      line: ROWS + 1,
      reason: `${address(ROWS - 1)}:1080 is already in the inventory`,
    })
    expect(await stocked('127.')).toBe(ROWS)
  }, 60_000)

  it('writes nothing when the import fails after its first batch', async () => {
    const lines = Array.from(
      { length: 12_000 },
      (_, n) => `${region},198.18.${n >> 8}.${n & 255},1080,node-x`,
    )
    const failing = importInventoryCsv(server.db, csvOf(lines), {
      onProgress: () => {
        throw new Error('interrupted')
      },
    })
    await expect(failing).rejects.toThrow('interrupted')
    expect(await stocked('198.18.')).toBe(0)
  })

  it('reports every kind of reject with its line number across batches and imports the rest', async () => {
    // 12,000 rows (three batches) with a bad row of each kind here and there.
    const lines = Array.from(
      { length: 12_000 },
      (_, n) => `${region},198.19.${n >> 8}.${n & 255},1080,node-m`,
    )
    const bad: Record<number, [string, string]> = {
      10: ['nowhere,198.19.200.1,1080,node-m', 'unknown region "nowhere"'],
      4999: [`${region},300.1.1.1,1080,node-m`, '"300.1.1.1" is not an IP address'],
      5000: [`${region},198.19.200.2,0,node-m`, '"0" is not a port'],
      7777: [`${region},198.19.200.3,1080,`, 'no node'],
      9000: [lines[8_999] as string, '198.19.35.39:1080 appears twice in the file'],
      11998: [`${region},${address(42)},1080,node-m`, `${address(42)}:1080 is already in the inventory`],
    }
    for (const [index, [line]] of Object.entries(bad)) lines[Number(index)] = line
    const result = await importInventoryCsv(server.db, csvOf(lines))
    expect(result.rejected).toEqual(
      Object.entries(bad).map(([index, [, reason]]) => ({ line: Number(index) + 2, reason })),
    )
    expect(result.imported).toBe(12_000 - 6)
    expect(await stocked('198.19.')).toBe(12_000 - 6)
    const [taken] = await server.db
      .select()
      .from(ipInventory)
      .where(eq(ipInventory.ip, address(42)))
    expect(taken?.node).toBe('node-big')
  })
})

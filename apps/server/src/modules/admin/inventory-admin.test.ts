// The operator console's inventory: filtered pages, imports with per-row errors (a dry run writes
// nothing), and retiring / restoring addresses, refused for one that is sold.
import type { InventoryAddress, InventoryImportResult } from '@proxy/contract/admin/inventory'
import { errorCatalogue } from '@proxy/contract/errors'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInOperator } from '../../../test/operators.ts'
import { buy, fund, stockRegion } from '../../../test/static-ip.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { operatorAuditLog } from './admin.schema.ts'

let server: TestServer
let cookie: string
beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signInOperator(server, 'operator')).cookie
})
afterAll(() => server.close())

type Page = { items: InventoryAddress[]; total: number; page: number; pageSize: number }
const admin = <T>(method: string, url: string, body?: unknown) =>
  server.call<T>(method, url, { headers: { cookie }, body })
const page = async (query: string) => {
  const answer = await admin<Page>('GET', `/api/admin/inventory?${query}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}
const importRows = (rows: unknown[], dryRun: boolean) =>
  admin<InventoryImportResult>('POST', '/api/admin/inventory/import', { rows, dryRun })

describe('the inventory in the operator console', () => {
  it('lists addresses by region, status and node, a page at a time', async () => {
    const region = await stockRegion(server, 3, 25_00, 'node-list')
    const all = await page(`regionId=${region}`)
    expect(all.total).toBe(3)
    expect(all.items.every((item) => item.regionId === region && item.status === 'available')).toBe(true)
    const first = await page(`regionId=${region}&pageSize=2`)
    const second = await page(`regionId=${region}&pageSize=2&page=2`)
    expect(first.items).toHaveLength(2)
    expect(second.items).toHaveLength(1)
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(3)
    expect((await page(`regionId=${region}&status=retired`)).total).toBe(0)
    expect((await page('node=node-list')).total).toBeGreaterThanOrEqual(3)
    expect((await page(`regionId=${region}&node=elsewhere`)).total).toBe(0)
    for (const query of ['status=sold', 'pageSize=0', 'page=-1', 'regionId=%00', 'extra=1'])
      expect((await admin('GET', `/api/admin/inventory?${query}`)).status, query).toBe(400)
  })

  it('previews an import without writing, then imports, reporting each bad row (a duplicate too)', async () => {
    const region = await stockRegion(server, 1, 25_00, 'node-imp')
    const [stocked] = (await page(`regionId=${region}`)).items
    if (!stocked) throw new Error('nothing stocked')
    const rows = [
      { regionId: region, ip: '192.0.2.10', port: 1080, node: 'node-imp' },
      { regionId: 'no-such-region', ip: '192.0.2.11', port: 1080, node: 'node-imp' },
      { regionId: region, ip: 'not-an-ip', port: 1080, node: 'node-imp' },
      { regionId: region, ip: '192.0.2.12', port: 70_000, node: 'node-imp' },
      { regionId: region, ip: '192.0.2.10', port: 1080, node: 'node-imp' },
      { regionId: region, ip: stocked.ip, port: stocked.port, node: 'node-imp' },
      { regionId: region, ip: '192.0.2.13', port: 1081, node: 'node-imp', purpose: 'pool' },
      { regionId: region, ip: '192.0.2.14', port: 1081, node: 'node-imp', purpose: 'resale' },
    ]
    const auditBefore = await server.db.$count(
      operatorAuditLog,
      eq(operatorAuditLog.action, 'inventory.import'),
    )
    const preview = await importRows(rows, true)
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body.data.dryRun).toBe(true)
    expect(preview.body.data.imported).toBe(2)
    expect(preview.body.data.rejected.map((reject) => reject.row)).toEqual([1, 2, 3, 4, 5, 7])
    expect(preview.body.data.rejected[4]?.reason).toBe(
      `${stocked.ip}:${stocked.port} is already in the inventory`,
    )
    // Nothing was written, nor audited.
    expect((await page(`regionId=${region}`)).total).toBe(1)
    expect(await server.db.$count(operatorAuditLog, eq(operatorAuditLog.action, 'inventory.import'))).toBe(
      auditBefore,
    )

    const done = await importRows(rows, false)
    expect(done.status).toBe(200)
    expect(done.body.data).toEqual({ ...preview.body.data, dryRun: false })
    const after = await page(`regionId=${region}`)
    expect(after.total).toBe(3)
    expect(after.items.find((item) => item.ip === '192.0.2.13')?.status).toBe('pool')
    expect(await server.db.$count(operatorAuditLog, eq(operatorAuditLog.action, 'inventory.import'))).toBe(
      auditBefore + 1,
    )

    // Again: every good row is now a duplicate, and nothing is written or audited.
    const again = await importRows(rows.slice(0, 1), false)
    expect(again.body.data).toEqual({
      dryRun: false,
      imported: 0,
      rejected: [{ row: 0, reason: '192.0.2.10:1080 is already in the inventory' }],
    })
    expect(await server.db.$count(operatorAuditLog, eq(operatorAuditLog.action, 'inventory.import'))).toBe(
      auditBefore + 1,
    )
  })

  it('refuses a malformed import as a whole', async () => {
    const row = { regionId: 'r', ip: '192.0.2.1', port: 1080, node: 'n' }
    for (const body of [
      { rows: [], dryRun: true },
      { rows: [row] },
      { rows: [{ ...row, port: 1.5 }], dryRun: true },
      { rows: [{ ...row, status: 'allocated' }], dryRun: true },
      { rows: [{ ...row, ip: 'a\u0000b' }], dryRun: true },
      { rows: Array.from({ length: 5_001 }, () => row), dryRun: true },
    ])
      expect((await admin('POST', '/api/admin/inventory/import', body)).status).toBe(400)
    // The most rows one import takes, with the longest fields, fit in one request.
    const long = {
      regionId: 'r'.repeat(64),
      ip: '9'.repeat(64),
      port: 1080,
      node: 'n'.repeat(64),
      purpose: 'p'.repeat(16),
    }
    const full = await importRows(
      Array.from({ length: 5_000 }, () => long),
      true,
    )
    expect(full.status).toBe(200)
    expect(full.body.data.rejected).toHaveLength(5_000)
  })

  it('retires a free address (a purchase no longer takes it) and returns it to stock', async () => {
    const region = await stockRegion(server, 1)
    const [address] = (await page(`regionId=${region}`)).items
    if (!address) throw new Error('nothing stocked')
    const retired = await admin<InventoryAddress>('POST', `/api/admin/inventory/${address.id}/retire`, {
      reason: 'listed on a spam blacklist',
    })
    expect(retired.status).toBe(200)
    expect(retired.body.data.status).toBe('retired')
    const customer = await server.newCustomer()
    await fund(server, customer.email, 100_00)
    const refused = await buy(server, customer.token, {
      regionId: region,
      quantity: 1,
      durationDays: 30,
      protocol: 'socks5',
    })
    expect(refused.body.code).toBe(errorCatalogue.OUT_OF_STOCK.code)
    const [audit] = await server.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, `inventory:${address.id}`))
    expect(audit).toMatchObject({
      action: 'inventory.retire',
      before: { status: 'available' },
      after: { status: 'retired' },
      reason: 'listed on a spam blacklist',
    })

    expect((await admin('POST', `/api/admin/inventory/${address.id}/restore`, { reason: 'x' })).status).toBe(
      400,
    )
    const restored = await admin<InventoryAddress>('POST', `/api/admin/inventory/${address.id}/restore`, {
      reason: 'delisted',
    })
    expect(restored.status).toBe(200)
    expect(restored.body.data.status).toBe('available')
    const bought = await buy(server, customer.token, {
      regionId: region,
      quantity: 1,
      durationDays: 30,
      protocol: 'socks5',
    })
    expect(bought.status, JSON.stringify(bought.body)).toBe(200)
  })

  it('refuses to retire an address that is sold, and to restore one that is not retired', async () => {
    const region = await stockRegion(server, 1)
    const customer = await server.newCustomer()
    await fund(server, customer.email, 100_00)
    const bought = await buy(server, customer.token, {
      regionId: region,
      quantity: 1,
      durationDays: 30,
      protocol: 'socks5',
    })
    expect(bought.status).toBe(200)
    const [address] = (await page(`regionId=${region}`)).items
    expect(address?.status).toBe('allocated')
    const refused = await admin('POST', `/api/admin/inventory/${address?.id}/retire`, {
      reason: 'blacklisted',
    })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      code: errorCatalogue.INVENTORY_STATE_CONFLICT.code,
      data: { status: 'allocated' },
    })
    expect(refused.body.message).toMatch(/sold to a customer/)
    expect((await page(`regionId=${region}`)).items[0]?.status).toBe('allocated')
    const notRetired = await admin('POST', `/api/admin/inventory/${address?.id}/restore`, {
      reason: 'why not',
    })
    expect(notRetired.status).toBe(409)
    expect(notRetired.body).toMatchObject({
      code: errorCatalogue.INVENTORY_STATE_CONFLICT.code,
      data: { status: 'allocated' },
    })
    expect(notRetired.body.message).toMatch(/Only a retired address/)
    expect(
      await server.db.$count(operatorAuditLog, eq(operatorAuditLog.target, `inventory:${address?.id}`)),
    ).toBe(0)
    expect(
      (await admin('POST', `/api/admin/inventory/${crypto.randomUUID()}/retire`, { reason: 'blacklisted' }))
        .status,
    ).toBe(404)
  })

  it('is refused to a role without inventory.manage', async () => {
    const finance = (await signInOperator(server, 'finance')).cookie
    const answer = await server.call('GET', '/api/admin/inventory', { headers: { cookie: finance } })
    expect(answer.status).toBe(403)
  })
})

// Announcements: operators write, edit, publish, withdraw and delete them (audited, validated); customers
// see only the published ones, in both languages, newest first; drafts, scheduled and expired never.
import type { AdminAnnouncement } from '@proxy/contract/admin/announcements'
import { errorCatalogue } from '@proxy/contract/errors'
import type { Announcement } from '@proxy/contract/notices/endpoints'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInOperator } from '../../../test/operators.ts'
import { startTestServer, type TestServer } from '../../../test/test-server.ts'
import { operatorAuditLog } from './admin.schema.ts'

let server: TestServer
let cookie: string
let customerToken: string
beforeAll(async () => {
  server = await startTestServer()
  cookie = (await signInOperator(server, 'operator')).cookie
  customerToken = (await server.newCustomer()).token
})
afterAll(() => server.close())

const admin = <T>(method: string, url: string, body?: unknown) =>
  server.call<T>(method, url, { headers: { cookie }, body })

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()
const HOUR = 3_600_000
let counter = 0

async function write(fields: Record<string, unknown> = {}) {
  const n = ++counter
  const answer = await admin<AdminAnnouncement>('POST', '/api/admin/announcements', {
    titleZh: `公告 ${n}`,
    titleEn: `Notice ${n}`,
    bodyZh: `正文 ${n}`,
    bodyEn: `Body ${n}`,
    ...fields,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}

const shown = async () => {
  const answer = await server.call<{ items: Announcement[] }>('GET', '/api/user/announcements', {
    token: customerToken,
  })
  expect(answer.status).toBe(200)
  return answer.body.data.items
}
const shownIds = async () => (await shown()).map((item) => item.id)

const lastAudit = async (id: string) => {
  const [row] = await server.db
    .select()
    .from(operatorAuditLog)
    .where(eq(operatorAuditLog.target, `announcement:${id}`))
    .orderBy(desc(operatorAuditLog.at))
    .limit(1)
  return row
}

describe('announcements in the operator console', () => {
  it('derives the status from the times and filters the list by it', async () => {
    const draft = await write()
    const scheduled = await write({ publishAt: at(HOUR) })
    const published = await write({ publishAt: at(-HOUR), severity: 'warning' })
    const expired = await write({ publishAt: at(-2 * HOUR), expiresAt: at(-HOUR) })
    expect(draft).toMatchObject({ status: 'draft', publishAt: null, expiresAt: null, severity: 'info' })
    expect(scheduled.status).toBe('scheduled')
    expect(published).toMatchObject({ status: 'published', severity: 'warning' })
    expect(expired.status).toBe('expired')
    for (const item of [draft, scheduled, published, expired]) {
      const answer = await admin<{ items: AdminAnnouncement[]; total: number }>(
        'GET',
        `/api/admin/announcements?status=${item.status}&pageSize=100`,
      )
      expect(answer.status).toBe(200)
      const ids = answer.body.data.items.map((row) => row.id)
      expect(ids).toContain(item.id)
      expect(answer.body.data.items.every((row) => row.status === item.status)).toBe(true)
    }
    const all = await admin<{ items: AdminAnnouncement[]; total: number }>(
      'GET',
      '/api/admin/announcements?pageSize=2',
    )
    expect(all.body.data.items).toHaveLength(2)
    expect(all.body.data.total).toBeGreaterThanOrEqual(4)
  })

  it('refuses titles and bodies too long or empty, control characters, and an expiry before publishing', async () => {
    const valid = { titleZh: '标题', titleEn: 'Title', bodyZh: '正文', bodyEn: 'Body' }
    const refused = [
      { ...valid, titleEn: 'x'.repeat(121) },
      { ...valid, titleZh: '   ' },
      { ...valid, bodyEn: 'x'.repeat(2001) },
      { ...valid, bodyZh: '' },
      { ...valid, titleEn: 'bell\u0007' },
      { ...valid, publishAt: at(HOUR), expiresAt: at(-HOUR) },
      { ...valid, severity: 'danger' },
      { ...valid, extra: true },
      { titleZh: '标题' },
    ]
    for (const body of refused) {
      const answer = await admin('POST', '/api/admin/announcements', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.code).toBe(errorCatalogue.VALIDATION_FAILED.code)
    }
    const limits = await admin<AdminAnnouncement>('POST', '/api/admin/announcements', {
      ...valid,
      titleEn: 'x'.repeat(120),
      bodyEn: `<b>line one</b>\nline two\t${'y'.repeat(1970)}`,
    })
    expect(limits.status).toBe(200)
    // Kept as written: it is text, shown as text.
    expect(limits.body.data.bodyEn.startsWith('<b>line one</b>\nline two')).toBe(true)
    // An edit is checked against the stored times too.
    const published = await write({ publishAt: at(-HOUR) })
    const edit = await admin('PATCH', `/api/admin/announcements/${published.id}`, {
      expiresAt: at(-2 * HOUR),
    })
    expect(edit.status).toBe(400)
    expect((await admin('PATCH', `/api/admin/announcements/${published.id}`, { titleEn: '' })).status).toBe(
      400,
    )
  })

  it('edits, publishes, withdraws and deletes, each audited with before and after', async () => {
    const item = await write()
    const edited = await admin<AdminAnnouncement>('PATCH', `/api/admin/announcements/${item.id}`, {
      titleEn: 'Edited',
      severity: 'warning',
    })
    expect(edited.body.data).toMatchObject({ titleEn: 'Edited', severity: 'warning', status: 'draft' })
    expect(await lastAudit(item.id)).toMatchObject({
      action: 'announcements.update',
      before: { titleEn: item.titleEn, severity: 'info' },
      after: { titleEn: 'Edited', severity: 'warning' },
    })

    const published = await admin<AdminAnnouncement>('POST', `/api/admin/announcements/${item.id}/publish`)
    expect(published.body.data.status).toBe('published')
    expect(await lastAudit(item.id)).toMatchObject({
      action: 'announcements.publish',
      before: { publishAt: null },
    })
    expect(await shownIds()).toContain(item.id)

    // A published one can be edited, and stays published.
    const again = await admin<AdminAnnouncement>('PATCH', `/api/admin/announcements/${item.id}`, {
      bodyZh: '改过的正文',
    })
    expect(again.body.data).toMatchObject({ status: 'published', bodyZh: '改过的正文' })
    expect((await shown()).find((shownItem) => shownItem.id === item.id)?.bodyZh).toBe('改过的正文')

    // Only a draft can be deleted.
    const deleteLive = await admin('DELETE', `/api/admin/announcements/${item.id}`)
    expect(deleteLive.status).toBe(400)

    const withdrawn = await admin<AdminAnnouncement>('POST', `/api/admin/announcements/${item.id}/expire`)
    expect(withdrawn.body.data.status).toBe('expired')
    expect(await lastAudit(item.id)).toMatchObject({
      action: 'announcements.expire',
      before: { expiresAt: null },
    })
    expect(await shownIds()).not.toContain(item.id)

    // Publishing an expired one again shows it until withdrawn.
    const republished = await admin<AdminAnnouncement>('POST', `/api/admin/announcements/${item.id}/publish`)
    expect(republished.body.data).toMatchObject({ status: 'published', expiresAt: null })

    const other = await write({ publishAt: at(HOUR) })
    expect((await admin('POST', `/api/admin/announcements/${other.id}/expire`)).status).toBe(400)
    const doomed = await write()
    expect((await admin('DELETE', `/api/admin/announcements/${doomed.id}`)).status).toBe(200)
    expect(await lastAudit(doomed.id)).toMatchObject({
      action: 'announcements.delete',
      before: { exists: true },
      after: { exists: false },
    })
    expect((await admin('PATCH', `/api/admin/announcements/${doomed.id}`, { titleEn: 'x' })).status).toBe(404)
    const audits = await server.db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.target, `announcement:${doomed.id}`)))
    expect(audits.map((row) => row.action).sort()).toEqual(['announcements.create', 'announcements.delete'])
  })
})

describe('announcements customers see', () => {
  it('are the published ones only, in both languages, newest first; never drafts, scheduled or expired', async () => {
    const draft = await write()
    const scheduled = await write({ publishAt: at(HOUR) })
    const expired = await write({ publishAt: at(-2 * HOUR), expiresAt: at(-HOUR) })
    const older = await write({ publishAt: at(-3 * HOUR), expiresAt: at(HOUR) })
    const newer = await write({ publishAt: at(-60_000), severity: 'warning' })
    const items = await shown()
    const ids = items.map((item) => item.id)
    for (const hidden of [draft, scheduled, expired]) expect(ids).not.toContain(hidden.id)
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    expect(items.find((item) => item.id === newer.id)).toEqual({
      id: newer.id,
      severity: 'warning',
      titleZh: newer.titleZh,
      titleEn: newer.titleEn,
      bodyZh: newer.bodyZh,
      bodyEn: newer.bodyEn,
      publishAt: newer.publishAt,
      expiresAt: null,
    })
    // Nothing of the operator side leaks to customers.
    expect(JSON.stringify(items)).not.toContain('createdBy')
  })

  it('are for signed-in customers only: anonymous and operators get nothing', async () => {
    expect((await server.call('GET', '/api/user/announcements')).status).toBe(401)
    expect((await server.call('GET', '/api/user/announcements', { headers: { cookie } })).status).toBe(401)
    // And a customer cannot reach the operator routes.
    const asCustomer = await server.call('GET', '/api/admin/announcements', { token: customerToken })
    expect(asCustomer.status).toBe(401)
    const write = await server.call('POST', '/api/admin/announcements', {
      token: customerToken,
      body: { titleZh: 'a', titleEn: 'a', bodyZh: 'a', bodyEn: 'a' },
    })
    expect(write.status).toBe(401)
  })

  it('are managed by owners and operators only: finance and support are refused', async () => {
    for (const role of ['finance', 'support'] as const) {
      const other = (await signInOperator(server, role)).cookie
      const answer = await server.call('GET', '/api/admin/announcements', { headers: { cookie: other } })
      expect(answer.status, role).toBe(403)
    }
    const owner = (await signInOperator(server, 'owner')).cookie
    expect(
      (await server.call('GET', '/api/admin/announcements', { headers: { cookie: owner } })).status,
    ).toBe(200)
  })
})

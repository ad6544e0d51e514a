// A valid request for each announcements write, from a fresh state: the audit test in
// admin-routes.test.ts drives every one and checks its audit row.
import type { Drive } from '../operators.ts'
import { signInOperator } from '../operators.ts'
import type { TestServer } from '../test-server.ts'

const draft = {
  titleZh: '维护通知',
  titleEn: 'Maintenance',
  bodyZh: '周六凌晨维护。',
  bodyEn: 'Maintenance on Saturday night.',
}

async function newAnnouncement(server: TestServer, cookie: string, extra: Record<string, unknown> = {}) {
  const made = await server.call<{ id: string }>('POST', '/api/admin/announcements', {
    headers: { cookie },
    body: { ...draft, ...extra },
  })
  if (made.status !== 200) throw new Error(`announcement not made: ${JSON.stringify(made.body)}`)
  return made.body.data.id
}

export function writes(server: TestServer): Record<string, Drive> {
  const operator = async () => (await signInOperator(server, 'operator')).cookie
  return {
    'POST /api/admin/announcements': async () =>
      server.call('POST', '/api/admin/announcements', { headers: { cookie: await operator() }, body: draft }),
    'PATCH /api/admin/announcements/:id': async () => {
      const cookie = await operator()
      const id = await newAnnouncement(server, cookie)
      return server.call('PATCH', `/api/admin/announcements/${id}`, {
        headers: { cookie },
        body: { severity: 'warning', titleEn: 'Planned maintenance' },
      })
    },
    'POST /api/admin/announcements/:id/publish': async () => {
      const cookie = await operator()
      const id = await newAnnouncement(server, cookie)
      return server.call('POST', `/api/admin/announcements/${id}/publish`, { headers: { cookie } })
    },
    'POST /api/admin/announcements/:id/expire': async () => {
      const cookie = await operator()
      const id = await newAnnouncement(server, cookie, {
        publishAt: new Date(Date.now() - 60_000).toISOString(),
      })
      return server.call('POST', `/api/admin/announcements/${id}/expire`, { headers: { cookie } })
    },
    'DELETE /api/admin/announcements/:id': async () => {
      const cookie = await operator()
      const id = await newAnnouncement(server, cookie)
      return server.call('DELETE', `/api/admin/announcements/${id}`, { headers: { cookie } })
    },
  }
}

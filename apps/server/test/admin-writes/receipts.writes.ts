// A valid request for each receipts write (the company details printed on receipts), from a fresh
// state: the audit test in admin-routes.test.ts drives every one and checks its audit row.
import { randomUUID } from 'node:crypto'
import { type Drive, signInOperator } from '../operators.ts'
import type { TestServer } from '../test-server.ts'

export function writes(server: TestServer): Record<string, Drive> {
  return {
    'PUT /api/admin/settings/company': async () => {
      const { cookie } = await signInOperator(server, 'owner')
      return server.call('PUT', '/api/admin/settings/company', {
        headers: { cookie },
        // A new name each time, so the audit row always has a change to show.
        body: {
          name: `Proxy Networks ${randomUUID().slice(0, 8)}`,
          address: '1 Example Road',
          taxId: 'TAX-1',
          contact: 'billing@proxy.example',
          timeZone: 'Asia/Shanghai',
        },
      })
    },
  }
}

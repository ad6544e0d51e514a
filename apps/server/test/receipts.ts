// Receipts for tests: the company details set as an operator sets them, top-ups paid through the same
// credit the gateway's notify runs, and the customer's receipt list read over HTTP.
import { randomUUID } from 'node:crypto'
import type { CompanySettings } from '@proxy/contract/admin/receipts'
import type { ReceiptDocument, ReceiptList } from '@proxy/contract/receipts/endpoints'
import { expect } from 'vitest'
import { signInOperator } from './operators.ts'
import { createTopUp } from './payments.ts'
import type { TestServer } from './test-server.ts'

export const COMPANY = {
  name: '示例网络科技有限公司',
  address: '上海市浦东新区世纪大道 100 号\n200120',
  taxId: '91310000MA1FL0000X',
  contact: 'billing@proxy.example',
  timeZone: 'Asia/Shanghai',
}

/** Signs an owner in and sets the company details (answers the operator's cookie). */
export async function setCompany(server: TestServer, details: Partial<typeof COMPANY> = {}) {
  const { cookie } = await signInOperator(server, 'owner')
  const answer = await server.call<CompanySettings>('PUT', '/api/admin/settings/company', {
    headers: { cookie },
    body: { ...COMPANY, ...details },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return cookie
}

/** A top-up the customer created and the gateway's notify paid (its credit, as the notify runs it). */
export async function paidTopUp(server: TestServer, token: string, amount = 12.5) {
  const order = await createTopUp(server, token, amount)
  await server.app.topups.credit(order.orderNo, `trade-${randomUUID()}`, { actor: 'test:gateway' })
  return order
}

export async function receiptsOf(server: TestServer, token: string, query = '') {
  const answer = await server.call<ReceiptList>('GET', `/api/user/receipts${query}`, { token })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}

export async function receipt(server: TestServer, token: string, id: string) {
  const answer = await server.call<ReceiptDocument>('GET', `/api/user/receipts/${id}`, { token })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}

/** The number's place in its series: `R-2026-000042` → 42. */
export const sequenceOf = (number: string) => Number(number.split('-')[2])

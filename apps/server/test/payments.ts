// Drives the built-in sandbox gateway over HTTP as a customer's browser would.
import { expect } from 'vitest'
import type { TestServer } from './test-server.ts'

export type TopUp = {
  orderNo: string
  amount: number
  cnyAmount: number
  usdCnyRate: number
  status: string
  payUrl: string | null
  paidAt: string | null
}

export async function createTopUp(server: TestServer, token: string, amount = 12.5, key?: string) {
  const answer = await server.call<TopUp>('POST', '/api/user/wallet/topup', {
    token,
    body: { amount, channel: 'alipay' },
    headers: { 'idempotency-key': key ?? crypto.randomUUID() },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data
}

/** Opens the checkout page and answers the sandbox's trade number. */
export async function openCheckout(server: TestServer, payUrl: string): Promise<string> {
  const page = await fetch(`${server.baseUrl}${payUrl}`)
  expect(page.status).toBe(200)
  const tradeNo = /name="trade_no" value="([^"]+)"/.exec(await page.text())?.[1]
  if (!tradeNo) throw new Error('no trade on the checkout page')
  return tradeNo
}

/** Confirms payment on the sandbox page and follows the redirects to /paySuccess. */
export async function payInSandbox(server: TestServer, payUrl: string): Promise<string> {
  const tradeNo = await openCheckout(server, payUrl)
  const paid = await fetch(`${server.baseUrl}/sandbox-pay/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ trade_no: tradeNo }),
    redirect: 'manual',
  })
  expect(paid.status).toBe(302)
  const back = await fetch(`${server.baseUrl}${paid.headers.get('location')}`, { redirect: 'manual' })
  expect(back.status).toBe(302)
  return back.headers.get('location') ?? ''
}

export const balanceOf = async (server: TestServer, token: string) =>
  (await server.call<{ wallet: { balance: number } }>('GET', '/api/user/wallet', { token })).body.data.wallet
    .balance

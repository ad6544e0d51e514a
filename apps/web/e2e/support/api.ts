// Direct calls to the real API for test set-up: customers are created through POST /api/auth/register.
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

export type Customer = { email: string; password: string; token: string; expiresAt: string }

const post = async (baseURL: string, path: string, body: unknown, token = '') => {
  const answer = await fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return {
    status: answer.status,
    body: (await answer.json()) as { code: number; message: string; data: unknown },
  }
}

export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`

export const registerCustomer = async (baseURL: string, tag = 'e2e'): Promise<Customer> => {
  const email = uniqueEmail(tag)
  const password = `Pw-${randomUUID()}`
  const { status, body } = await post(baseURL, '/auth/register', { email, password })
  if (status !== 200 || body.code !== 0) throw new Error(`register failed: ${status} ${JSON.stringify(body)}`)
  const data = body.data as { token: string; expiresAt: string }
  return { email, password, token: data.token, expiresAt: data.expiresAt }
}

export const login = (baseURL: string, email: string, password: string) =>
  post(baseURL, '/auth/login', { email, password })

export const logoutToken = (baseURL: string, token: string) => post(baseURL, '/auth/logout', undefined, token)

/** An API token made from the customer's session, as the personal-info dialog makes one: its secret. */
export const createApiToken = async (baseURL: string, session: string, name: string) => {
  const { status, body } = await post(baseURL, '/user/api-tokens', { name }, session)
  if (status !== 200) throw new Error(`API token not created: ${status} ${JSON.stringify(body)}`)
  return (body.data as { token: string }).token
}

export const getWithToken = async (baseURL: string, path: string, token: string) =>
  (await fetch(`${baseURL}/api${path}`, { headers: { authorization: `Bearer ${token}` } })).status

export type TopUpOrder = {
  orderNo: string
  amount: number
  status: string
  payUrl: string | null
  expiresAt: string
}

/** A pending top-up order, created the way the console does (with an Idempotency-Key). */
export const createTopUp = async (
  baseURL: string,
  token: string,
  amount: number,
  channel: 'alipay' | 'wxpay' = 'alipay',
): Promise<TopUpOrder> => {
  const answer = await fetch(`${baseURL}/api/user/wallet/topup`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ amount, channel }),
  })
  const body = (await answer.json()) as { code: number; data: TopUpOrder }
  if (answer.status !== 200 || body.code !== 0) throw new Error(`top-up failed: ${JSON.stringify(body)}`)
  return body.data
}

/** Pays an order on the sandbox gateway without a browser: open its page, press 确认支付 (which credits). */
export const payInSandbox = async (baseURL: string, order: TopUpOrder): Promise<void> => {
  if (!order.payUrl) throw new Error(`order ${order.orderNo} has no payUrl`)
  const page = await (await fetch(new URL(order.payUrl, baseURL))).text()
  const tradeNo = /action="\/sandbox-pay\/pay"[\s\S]*?name="trade_no" value="([^"]+)"/.exec(page)?.[1]
  if (!tradeNo) throw new Error(`no sandbox trade for ${order.orderNo}`)
  const answer = await fetch(`${baseURL}/sandbox-pay/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ trade_no: tradeNo }),
    redirect: 'manual',
  })
  if (answer.status !== 302) throw new Error(`sandbox payment failed: ${answer.status}`)
}

export const getJson = async <T>(baseURL: string, path: string, token: string): Promise<T> => {
  const answer = await fetch(`${baseURL}/api${path}`, { headers: { authorization: `Bearer ${token}` } })
  return ((await answer.json()) as { data: T }).data
}

export const cancelTopUp = async (baseURL: string, token: string, orderNo: string) => {
  const { status } = await post(baseURL, `/user/wallet/topups/${orderNo}/cancel`, undefined, token)
  if (status !== 200) throw new Error(`cancel failed: ${status}`)
}

export type BoughtInstance = { id: string; ip: string; username: string; password: string; expiresAt: string }

/** Buys static IPs from the wallet, as the buy page does (one Idempotency-Key). */
export const buyStaticIps = async (
  baseURL: string,
  token: string,
  input: { regionId: string; quantity: number; durationDays: number; protocol: 'socks5' | 'vmess' },
): Promise<{ order: { orderNo: string }; instances: BoughtInstance[] }> => {
  const answer = await fetch(`${baseURL}/api/orders/static-ip`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(input),
  })
  const body = (await answer.json()) as { code: number; message: string; data: unknown }
  if (body.code !== 0) throw new Error(`purchase refused: ${body.message}`)
  return body.data as { order: { orderNo: string }; instances: BoughtInstance[] }
}

/** The newest mail to `email` in the dev outbox folder (waits up to 10 s for it), as text. */
export const lastMailTo = async (dataDir: string, email: string, subject: RegExp): Promise<string> => {
  const dir = join(dataDir, 'outbox')
  const deadline = Date.now() + 10_000
  for (;;) {
    const names = existsSync(dir) ? (await readdir(dir)).filter((name) => name.endsWith(`-${email}.txt`)) : []
    for (const name of names.sort().reverse()) {
      const text = await readFile(join(dir, name), 'utf8')
      if (subject.test(text.split('\n')[1] ?? '')) return text
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${subject}`)
    await new Promise((done) => setTimeout(done, 200))
  }
}

/** Every mail file to `email` in the dev outbox folder. */
export const mailCountTo = async (dataDir: string, email: string): Promise<number> => {
  const dir = join(dataDir, 'outbox')
  return existsSync(dir) ? (await readdir(dir)).filter((name) => name.endsWith(`-${email}.txt`)).length : 0
}

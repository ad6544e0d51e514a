// HTTP as the chaos clients speak it: every call either answers or throws ConnectionLost (the
// server died under it, or was down), and the gateway's side of a top-up (a signed notify, or
// the sandbox checkout a browser would click through).
import { type ErrorName, errorNameByCode } from '@proxy/contract/errors'
import { formatEpayMoney, withEpaySignature } from '../../src/modules/payments/epay-sign.ts'
import { loadConfig } from '../../src/platform/config.ts'

const REQUEST_TIMEOUT_MS = 15_000
// The merchant settings the server falls back to without EPAY_* variables (the sandbox's).
const merchant = loadConfig({ NODE_ENV: 'test' })

export type Answer = {
  status: number
  /** The error's symbolic name from the catalogue; OK on success. */
  name: ErrorName | 'OK' | 'UNKNOWN'
  // biome-ignore lint/suspicious/noExplicitAny: answers of several endpoints, read by the caller
  data: any
  isReplayed: boolean
}

export class ConnectionLost extends Error {}

/** One exchange; a refused, reset or timed-out connection (also while reading the body) is ConnectionLost. */
async function exchange(url: string, init: RequestInit): Promise<{ response: Response; text: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    return { response, text: await response.text() }
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message
    throw new ConnectionLost(`${init.method ?? 'GET'} ${new URL(url).pathname}: ${cause}`)
  }
}

export async function callJson(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; key?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.key) headers['idempotency-key'] = options.key
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const { response, text } = await exchange(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  let envelope: { code?: number; data?: unknown } = {}
  try {
    envelope = JSON.parse(text)
  } catch {}
  const name = envelope.code === 0 ? 'OK' : (errorNameByCode.get(envelope.code ?? -1) ?? 'UNKNOWN')
  return {
    status: response.status,
    name,
    data: envelope.data ?? null,
    isReplayed: response.headers.get('idempotent-replayed') === 'true',
  }
}

const GATEWAY_PENDING: Answer = { status: 503, name: 'UNKNOWN', data: null, isReplayed: false }
const GATEWAY_DONE: Answer = { status: 200, name: 'OK', data: null, isReplayed: false }

/** Plays the gateway: a signed TRADE_SUCCESS notify for the order; acknowledged only by `success`. */
export async function sendSignedNotify(
  baseUrl: string,
  topUp: { orderNo: string; cnyFen: number; channel: string },
): Promise<Answer> {
  const params = withEpaySignature(
    {
      pid: merchant.EPAY_PID,
      trade_no: `CHAOS${topUp.orderNo}`,
      out_trade_no: topUp.orderNo,
      type: topUp.channel,
      name: 'chaos top-up',
      money: formatEpayMoney(topUp.cnyFen),
      trade_status: 'TRADE_SUCCESS',
    },
    merchant.EPAY_KEY,
  )
  const { text } = await exchange(`${baseUrl}/api/payments/epay/notify`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  })
  return text.trim() === 'success' ? GATEWAY_DONE : GATEWAY_PENDING
}

/**
 * Plays the customer's browser: opens the sandbox checkout, confirms (the sandbox then sends its
 * own notify), and asks for the order as /paySuccess does; acknowledged once it reads `paid`.
 */
export async function payInSandboxCheckout(
  baseUrl: string,
  token: string,
  topUp: { orderNo: string; payUrl: string },
): Promise<Answer> {
  const page = await exchange(`${baseUrl}${topUp.payUrl}`, { method: 'GET' })
  // A paid trade shows no form, but its number still: confirming again re-sends the notify.
  const tradeNo = /\b(SBX[0-9A-F]{16})\b/.exec(page.text)?.[1]
  if (tradeNo)
    await exchange(`${baseUrl}/sandbox-pay/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ trade_no: tradeNo }).toString(),
      redirect: 'manual',
    })
  const order = await callJson(baseUrl, 'GET', `/api/user/wallet/topups/${topUp.orderNo}`, { token })
  return order.data?.status === 'paid' ? { ...GATEWAY_DONE, data: order.data } : GATEWAY_PENDING
}

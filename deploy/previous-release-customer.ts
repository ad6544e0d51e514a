// The customer of deploy/previous-release.ts: drives a server over HTTP with the CURRENT contract's
// endpoint objects and request bodies, as the current console would while a rolling upgrade still
// has replicas of the previous release behind the balancer. Every money path once: register, sign
// in, top up through the sandbox gateway (redirect → confirm → signed notify), buy a static IP (and
// replay the purchase with its Idempotency-Key), buy a traffic package, renew the static IP; then the
// reads that show the result. Any answer other than the expected one fails; a 5xx says so first.
import { randomUUID } from 'node:crypto'
import { login, register } from '@proxy/contract/auth/endpoints'
import type { BodyOf, Endpoint, ResponseOf } from '@proxy/contract/endpoint'
import { amountToCents } from '@proxy/contract/money'
import { listOrders } from '@proxy/contract/orders/endpoints'
import { getStaticIpCatalog } from '@proxy/contract/static-ip/catalog'
import { getInstance } from '@proxy/contract/static-ip/instances'
import { purchaseStaticIp, quoteStaticIp, renewInstances } from '@proxy/contract/static-ip/purchase'
import { getTrafficPlans, listTrafficPackages } from '@proxy/contract/traffic/endpoints'
import { purchaseTraffic, quoteTraffic } from '@proxy/contract/traffic/purchase'
import { getWallet } from '@proxy/contract/wallet/endpoints'
import { createTopUp } from '@proxy/contract/wallet/topups'
import { listTransactions } from '@proxy/contract/wallet/transactions'

const TOP_UP_DOLLARS = 100
const DAY_MS = 86_400_000
const CALL_TIMEOUT_MS = 15_000

/** A failed expectation: the stage's message names the step and what came back. */
export class CustomerFailure extends Error {}

export type CustomerResult = {
  /** HTTP exchanges made, API and sandbox pages together. */
  requests: number
  topUpOrderNo: string
  orderNos: string[]
  balance: number
  /** Answers that do not parse with the current contract's response schema (reported, not failed). */
  contractDrift: string[]
}

type CallOptions<E extends Endpoint> = {
  token?: string
  params?: Record<string, string>
  query?: Record<string, string | number>
  body?: BodyOf<E>
  idempotencyKey?: string
}

export async function driveCustomer(
  baseUrl: string,
  options: { regionId: string; log: (line: string) => void },
): Promise<CustomerResult> {
  const { log } = options
  let requests = 0
  const contractDrift: string[] = []

  async function send(what: string, url: URL, init: RequestInit) {
    requests++
    let response: Response
    try {
      response = await fetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      })
    } catch (error) {
      throw new CustomerFailure(`${what}: ${init.method ?? 'GET'} ${url.pathname} failed: ${error}`)
    }
    const text = await response.text()
    if (response.status >= 500)
      throw new CustomerFailure(
        `${what}: ${init.method ?? 'GET'} ${url.pathname} answered ${response.status} (a 5xx) ${text.slice(0, 400)}`,
      )
    return { status: response.status, location: response.headers.get('location'), text }
  }

  /** One API call; answers the envelope's data once the status is 200 and the code 0. */
  async function call<E extends Endpoint>(
    what: string,
    endpoint: E,
    callOptions: CallOptions<E> = {},
  ): Promise<ResponseOf<E>> {
    const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(callOptions.params?.[name] ?? ''),
    )
    const url = new URL(`/api${path}`, baseUrl)
    for (const [name, value] of Object.entries(callOptions.query ?? {}))
      url.searchParams.set(name, String(value))
    const headers: Record<string, string> = {}
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`
    if (callOptions.idempotencyKey) headers['idempotency-key'] = callOptions.idempotencyKey
    if (callOptions.body !== undefined) headers['content-type'] = 'application/json'
    const answer = await send(what, url, {
      method: endpoint.method,
      headers,
      body: callOptions.body === undefined ? undefined : JSON.stringify(callOptions.body),
    })
    let envelope: { code?: unknown; message?: unknown; data?: unknown }
    try {
      envelope = JSON.parse(answer.text)
    } catch {
      throw new CustomerFailure(`${what}: ${endpoint.method} ${path} answered ${answer.status}, not JSON`)
    }
    if (answer.status !== 200 || envelope.code !== 0 || envelope.data === undefined)
      throw new CustomerFailure(
        `${what}: ${endpoint.method} ${path} answered ${answer.status} ${answer.text.slice(0, 400)}`,
      )
    const parsed = endpoint.response.safeParse(envelope.data)
    if (!parsed.success)
      contractDrift.push(
        `${endpoint.method} ${endpoint.path}: ${parsed.error.issues
          .map((issue) => `${issue.path.join('.')} ${issue.message}`)
          .join('; ')}`,
      )
    return (parsed.success ? parsed.data : envelope.data) as ResponseOf<E>
  }

  const expect = (condition: boolean, message: string) => {
    if (!condition) throw new CustomerFailure(message)
  }
  const cents = amountToCents

  // Register and sign in again with the password (sign-in counts its attempts in the database).
  const email = `previous-release-${randomUUID().slice(0, 8)}@example.com`
  const password = `pw-${randomUUID()}`
  await call('register', register, { body: { email, password } })
  const session = await call('sign in', login, { body: { email, password } })
  expect('token' in session, `sign in: expected a session, got ${JSON.stringify(session)}`)
  const token = 'token' in session ? session.token : ''
  const wallet0 = await call('wallet', getWallet, { token })
  expect(wallet0.wallet.balance === 0, `a new wallet holds ${wallet0.wallet.balance}, not 0`)
  log(`registered and signed in as ${email}`)

  // Top up through the sandbox gateway as the browser does: the checkout page, confirm, and the
  // gateway's signed notify (sent before it redirects) is what credits the wallet.
  const topUp = await call('top-up order', createTopUp, {
    token,
    idempotencyKey: randomUUID(),
    body: { amount: TOP_UP_DOLLARS, channel: 'alipay' },
  })
  expect(topUp.status === 'pending' && !!topUp.payUrl, `top-up order: ${JSON.stringify(topUp)}`)
  const checkout = await send('sandbox checkout', new URL(topUp.payUrl ?? '', baseUrl), {})
  const tradeNo = /name="trade_no" value="([^"]+)"/.exec(checkout.text)?.[1]
  expect(checkout.status === 200 && !!tradeNo, `sandbox checkout answered ${checkout.status} with no trade`)
  const confirmed = await send('sandbox confirm', new URL('/sandbox-pay/pay', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ trade_no: tradeNo ?? '' }).toString(),
  })
  expect(confirmed.status === 302 && !!confirmed.location, `sandbox confirm answered ${confirmed.status}`)
  // Credited before the browser comes back: the notify did it, not the return's order query.
  const credited = await call('wallet after the notify', getWallet, { token })
  expect(
    cents(credited.wallet.balance) === cents(TOP_UP_DOLLARS),
    `after the gateway's notify the wallet holds ${credited.wallet.balance}, not ${TOP_UP_DOLLARS}`,
  )
  const back = await send('return from the gateway', new URL(confirmed.location ?? '', baseUrl), {})
  expect(
    back.status === 302 && (back.location ?? '').startsWith(`/paySuccess?orderNo=${topUp.orderNo}`),
    `the gateway's return answered ${back.status} → ${back.location}`,
  )
  log(`topped up ${TOP_UP_DOLLARS} through the sandbox gateway (${topUp.orderNo}, ¥${topUp.cnyAmount})`)

  // A static IP from the region the previous release's CLI stocked; the same Idempotency-Key again
  // answers the stored first answer and charges nothing more.
  const catalog = await call('static-IP catalogue', getStaticIpCatalog)
  const region = catalog.regions.find((entry) => entry.id === options.regionId)
  expect(!!region && region.stock > 0, `region ${options.regionId} has no stock: ${JSON.stringify(region)}`)
  const order = { regionId: options.regionId, quantity: 1, durationDays: 30, protocol: 'socks5' } as const
  const quote = await call('static-IP quote', quoteStaticIp, { token, body: order })
  const purchaseKey = randomUUID()
  const purchase = { ...order, autoRenew: false, expectedTotal: quote.total }
  const bought = await call('static-IP purchase', purchaseStaticIp, {
    token,
    idempotencyKey: purchaseKey,
    body: purchase,
  })
  const instance = bought.instances[0]
  expect(
    bought.order.total === quote.total && bought.instances.length === 1 && !!instance,
    `static-IP purchase: ${JSON.stringify(bought)}`,
  )
  const replayed = await call('static-IP purchase replayed', purchaseStaticIp, {
    token,
    idempotencyKey: purchaseKey,
    body: purchase,
  })
  expect(
    replayed.order.orderNo === bought.order.orderNo,
    `the replayed purchase answered order ${replayed.order.orderNo}, not ${bought.order.orderNo}`,
  )
  log(
    `bought static IP ${instance?.ip}:${instance?.port} for ${quote.total} (${bought.order.orderNo}), replay answered the same order`,
  )

  // A traffic package: the cheapest plan.
  const plans = await call('traffic plans', getTrafficPlans)
  const plan = [...plans.plans].sort((a, b) => a.price - b.price)[0]
  expect(!!plan, 'no traffic plan on sale')
  const trafficQuote = await call('traffic quote', quoteTraffic, {
    token,
    body: { planId: plan?.id ?? '', quantity: 1 },
  })
  const traffic = await call('traffic purchase', purchaseTraffic, {
    token,
    idempotencyKey: randomUUID(),
    body: { planId: plan?.id ?? '', quantity: 1, expectedTotal: trafficQuote.total },
  })
  expect(
    traffic.packages.length === 1 && traffic.order.total === trafficQuote.total,
    `traffic purchase: ${JSON.stringify(traffic)}`,
  )
  log(`bought traffic package ${plan?.id} for ${trafficQuote.total} (${traffic.order.orderNo})`)

  // Renew the static IP for another 30 days at the quoted price.
  const renewed = await call('renewal', renewInstances, {
    token,
    idempotencyKey: randomUUID(),
    body: { ids: [instance?.id ?? ''], durationDays: 30, expectedTotal: quote.total },
  })
  const renewedExpiry = Date.parse(renewed.instances[0]?.expiresAt ?? '')
  const boughtExpiry = Date.parse(instance?.expiresAt ?? '')
  expect(
    renewed.order.kind === 'renewal' && renewedExpiry - boughtExpiry === 30 * DAY_MS,
    `renewal moved the expiry from ${instance?.expiresAt} to ${renewed.instances[0]?.expiresAt}, not 30 days on`,
  )
  log(
    `renewed it for ${renewed.order.total} (${renewed.order.orderNo}) until ${renewed.instances[0]?.expiresAt}`,
  )

  // What the console reads afterwards: the balance, the billing records, the line, packages, orders.
  const spent = cents(quote.total) + cents(trafficQuote.total) + cents(renewed.order.total)
  const wallet = await call('wallet at the end', getWallet, { token })
  expect(
    cents(wallet.wallet.balance) === cents(TOP_UP_DOLLARS) - spent,
    `the wallet holds ${wallet.wallet.balance}; top-up less purchases is ${(cents(TOP_UP_DOLLARS) - spent) / 100}`,
  )
  const records = await call('billing records', listTransactions, { token, query: { page: 1, pageSize: 20 } })
  const types = records.items.map((item) => item.type).sort()
  expect(
    records.total === 4 && types.join() === 'purchase,purchase,renewal,topup',
    `billing records: ${records.total} of types ${types.join(', ')}`,
  )
  expect(
    records.items[0]?.balanceAfter === wallet.wallet.balance,
    `the newest record leaves ${records.items[0]?.balanceAfter}, the wallet holds ${wallet.wallet.balance}`,
  )
  const line = await call('static IP', getInstance, { token, params: { id: instance?.id ?? '' } })
  expect(
    line.expiresAt === renewed.instances[0]?.expiresAt && line.status === 'active',
    `the static IP reads ${line.status} until ${line.expiresAt}`,
  )
  const packages = await call('traffic packages', listTrafficPackages, { token })
  expect(packages.items.length === 1, `traffic packages: ${JSON.stringify(packages)}`)
  const orders = await call('orders', listOrders, { token, query: { page: 1, pageSize: 20 } })
  expect(orders.total === 3, `orders: ${orders.total}, not 3`)

  return {
    requests,
    topUpOrderNo: topUp.orderNo,
    orderNos: [bought.order.orderNo, traffic.order.orderNo, renewed.order.orderNo],
    balance: wallet.wallet.balance,
    contractDrift,
  }
}

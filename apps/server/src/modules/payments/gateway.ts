// The payment provider interface and its EPay implementation. The built-in sandbox speaks the
// same protocol, so the only difference between the two is where the URLs point.
import type { TopUpChannel } from '@proxy/contract/wallet/topups'
import { formatEpayMoney, parseEpayMoney, withEpaySignature } from './epay-sign.ts'

export type GatewayTrade = { isPaid: boolean; tradeNo: string | null; amount: number | null }

export type PaymentGateway = {
  kind: 'epay' | 'sandbox'
  /** Where the customer's browser goes to pay. */
  payUrl(order: { orderNo: string; amount: number; channel: TopUpChannel; name: string }): string
  /** Asks the gateway about an order; null when it cannot be reached or does not know it. */
  queryOrder(orderNo: string): Promise<GatewayTrade | null>
  pid: string
  key: string
}

export type EpayEndpoints = {
  /** Base of submit.php for the browser (may be a same-origin path). */
  submitBase: () => string
  /** Base of api.php for server-to-server queries (absolute). */
  queryBase: () => string
  notifyUrl: () => string
  returnUrl: () => string
}

const QUERY_TIMEOUT_MS = 5000

export function createEpayGateway(
  kind: PaymentGateway['kind'],
  { pid, key }: { pid: string; key: string },
  endpoints: EpayEndpoints,
): PaymentGateway {
  return {
    kind,
    pid,
    key,
    payUrl(order) {
      const params = withEpaySignature(
        {
          pid,
          type: order.channel,
          out_trade_no: order.orderNo,
          notify_url: endpoints.notifyUrl(),
          return_url: endpoints.returnUrl(),
          name: order.name,
          money: formatEpayMoney(order.amount),
        },
        key,
      )
      return `${endpoints.submitBase()}/submit.php?${new URLSearchParams(params)}`
    },
    async queryOrder(orderNo) {
      const query = new URLSearchParams({ act: 'order', pid, key, out_trade_no: orderNo })
      try {
        const response = await fetch(`${endpoints.queryBase()}/api.php?${query}`, {
          signal: AbortSignal.timeout(QUERY_TIMEOUT_MS),
        })
        const answer = (await response.json()) as Record<string, unknown>
        if (Number(answer.code) !== 1 || answer.out_trade_no !== orderNo) return null
        return {
          isPaid: Number(answer.status) === 1,
          tradeNo: typeof answer.trade_no === 'string' ? answer.trade_no : null,
          amount: parseEpayMoney(String(answer.money ?? '')),
        }
      } catch {
        return null
      }
    },
  }
}

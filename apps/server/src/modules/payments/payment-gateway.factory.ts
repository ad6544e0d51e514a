import type { Config } from '../../platform/config.ts'
import { createEpayGateway, type PaymentGateway } from './gateway.ts'

const trimSlash = (url: string) => url.replace(/\/+$/, '')

/**
 * The configured gateway: a real EPay merchant when EPAY_URL is set, else the built-in sandbox
 * (reached over loopback for notifies and queries, and same-origin for the browser), else none.
 */
export function createPaymentGateway(config: Config, localOrigin: () => string): PaymentGateway | null {
  const merchant = { pid: config.EPAY_PID, key: config.EPAY_KEY }
  if (config.EPAY_URL && config.PUBLIC_URL) {
    const gateway = trimSlash(config.EPAY_URL)
    const site = trimSlash(config.PUBLIC_URL)
    return createEpayGateway('epay', merchant, {
      submitBase: () => gateway,
      queryBase: () => gateway,
      notifyUrl: () => `${site}/api/payments/epay/notify`,
      returnUrl: () => `${site}/api/payments/epay/return`,
    })
  }
  if (!config.paymentsSandbox) return null
  return createEpayGateway('sandbox', merchant, {
    submitBase: () => '/sandbox-pay',
    queryBase: () => `${localOrigin()}/sandbox-pay`,
    notifyUrl: () => `${localOrigin()}/api/payments/epay/notify`,
    returnUrl: () => '/api/payments/epay/return',
  })
}

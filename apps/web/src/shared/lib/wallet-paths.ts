// Addresses inside the top-up flow, shared by the pages that link to each other.
export const RECHARGE_PATH = '/console/recharge'
export const TOPUP_ORDERS_PATH = '/console/businessFlow?tab=topups'

export const checkoutPath = (orderNo: string) =>
  `/console/checkout-counter?orderNo=${encodeURIComponent(orderNo)}`

export const paySuccessPath = (orderNo: string) => `/paySuccess?orderNo=${encodeURIComponent(orderNo)}`

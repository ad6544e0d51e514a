// The quantity input's bounds. The price itself comes from the server (POST /orders/traffic/quote).
import { TRAFFIC_MAX_QUANTITY } from '@proxy/contract/traffic/endpoints'

/** A whole number of packages within 1..TRAFFIC_MAX_QUANTITY (an emptied input counts as 1). */
export const clampQuantity = (value: number | null | undefined): number =>
  Math.min(TRAFFIC_MAX_QUANTITY, Math.max(1, Math.floor(Number.isFinite(value) ? (value as number) : 1)))

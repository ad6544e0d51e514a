// Each failure reason and the column of tunnel_stats_hourly that counts it, in one order for the
// push's insert and the reads.
import { TUNNEL_FAILURE_REASONS, type TunnelFailureReason } from '@proxy/contract/nodes/tunnel-stats'

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

export const FAILURE_COLUMNS: { reason: TunnelFailureReason; column: string }[] = TUNNEL_FAILURE_REASONS.map(
  (reason) => ({ reason, column: `fail_${snake(reason)}` }),
)

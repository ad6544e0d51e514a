// For tests: a lease book and one plane's leases wired by direct calls (as the one-process gateway
// wires them through its sync side), with a tunnel cap and traffic accounts' bytes set by the test.
import { createLeaseBook } from './lease-book.ts'
import { createLeases } from './leases.ts'
import { createByteAllowance, createTunnelSlots, parseKey } from './limits.ts'

export function createLocalLimits(options: { maxTunnels?: number; bytes?: Map<string, number> } = {}) {
  const bytes = options.bytes ?? new Map<string, number>()
  const book = createLeaseBook({
    capacity(key) {
      const parsed = parseKey(key)
      if (parsed?.limit === 'bytes') return bytes.get(parsed.allowanceId) ?? 0
      return options.maxTunnels ?? 100
    },
    // Small slices, so that a test crosses many of them.
    sliceOf: (_key, want) => Math.min(want, 64 * 1024),
    send: (_plane, message) => leases.receive(message),
  })
  const leases = createLeases({
    send: (message) =>
      message.type === 'lease-ask'
        ? book.ask('local', message.key, message.want, message.isEmpty)
        : book.settle('local', message.key, message.amount, message.recalled),
    wantOf: () => 64 * 1024,
  })
  return {
    book,
    leases,
    /** Bytes a traffic account may still use (what the book gives out in all). */
    bytes,
    /** The plane spent these (its counts reached the sync side). */
    spent(accountId: string, n: number) {
      bytes.set(accountId, (bytes.get(accountId) ?? 0) - n)
      book.settle('local', `bytes:${accountId}`, n)
    },
    allowance: createByteAllowance(leases),
    slots: createTunnelSlots(leases, 1),
  }
}

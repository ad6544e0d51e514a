import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../shared/http/api-error.ts'
import { http } from '../../../shared/http/client.ts'
import { useCreateTopUp } from './create-top-up.ts'

const order = {
  orderNo: 'T20250101ABCDEFGHJK',
  amount: 100,
  cnyAmount: 720,
  usdCnyRate: 7.2,
  channel: 'alipay',
  status: 'pending',
  payUrl: '/sandbox-pay/submit.php?x=1',
  expiresAt: '2025-01-01T00:30:00.000Z',
  createdAt: '2025-01-01T00:00:00.000Z',
  paidAt: null,
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
    {children}
  </QueryClientProvider>
)

type Sent = { headers: Record<string, string> }
const keysOf = (request: { mock: { calls: unknown[][] } }) =>
  request.mock.calls.map((call) => (call[0] as Sent).headers['Idempotency-Key'])

describe('useCreateTopUp', () => {
  afterEach(() => vi.restoreAllMocks())

  it('sends the key, silently, and retries a lost answer with the same key', async () => {
    const request = vi
      .spyOn(http, 'request')
      .mockRejectedValueOnce(new ApiError('Network Error', null, null))
      .mockResolvedValueOnce(order)
    const { result } = renderHook(() => useCreateTopUp(), { wrapper })
    act(() => result.current.mutate({ input: { amount: 100, channel: 'alipay' }, idempotencyKey: 'key-1' }))
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 3000 })
    expect(keysOf(request)).toEqual(['key-1', 'key-1'])
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'POST', url: '/user/wallet/topup', silent: true }),
    )
    expect(result.current.data?.orderNo).toBe(order.orderNo)
  })

  it('does not retry an answer the server gave (rate limit)', async () => {
    const request = vi.spyOn(http, 'request').mockRejectedValue(new ApiError('slow down', 3006, 429))
    const { result } = renderHook(() => useCreateTopUp(), { wrapper })
    act(() => result.current.mutate({ input: { amount: 100, channel: 'alipay' }, idempotencyKey: 'key-2' }))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(request).toHaveBeenCalledOnce()
    expect((result.current.error as ApiError).errorName).toBe('TOPUP_RATE_LIMITED')
  })
})

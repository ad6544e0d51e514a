import { afterEach, describe, expect, it, vi } from 'vitest'
import { http } from '../../../shared/http/client.ts'
import { fetchTransactionsExport } from './export-transactions.ts'

describe('fetchTransactionsExport', () => {
  afterEach(() => vi.restoreAllMocks())

  it('asks for the filtered CSV as a silent blob and names it from Content-Disposition', async () => {
    const blob = new Blob(['\uFEFFa,b\n'])
    const get = vi.spyOn(http, 'get').mockResolvedValue({
      data: blob,
      headers: { 'content-disposition': 'attachment; filename="billing-2025-01-31.csv"' },
    })
    const result = await fetchTransactionsExport(
      { type: 'topup', from: '2025-01-01T00:00:00+08:00', to: undefined },
      'en-US',
    )
    expect(get).toHaveBeenCalledWith('/user/wallet/transactions/export', {
      params: { type: 'topup', from: '2025-01-01T00:00:00+08:00', lang: 'en-US' },
      responseType: 'blob',
      silent: true,
      rawResponse: true,
    })
    expect(result).toEqual({ blob, fileName: 'billing-2025-01-31.csv' })
  })

  it('falls back to billing.csv without a file name', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: new Blob([]), headers: {} })
    expect((await fetchTransactionsExport({}, 'zh-CN')).fileName).toBe('billing.csv')
  })
})

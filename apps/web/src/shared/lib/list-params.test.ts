import { describe, expect, it } from 'vitest'
import { nextListParams, pickOption, readListParams } from './list-params.ts'

const read = (query: string) => readListParams(new URLSearchParams(query))
const next = (query: string, changes: Parameters<typeof nextListParams>[1]) =>
  nextListParams(new URLSearchParams(query), changes).toString()

describe('readListParams', () => {
  it('reads page and page size', () => {
    expect(read('page=3&pageSize=50')).toEqual({ page: 3, pageSize: 50 })
  })

  it.each(['', 'page=0', 'page=-1', 'page=abc', 'page=1.5', 'page=9999999', 'pageSize=7', 'pageSize=1000'])(
    'falls back to the defaults for %s',
    (query) => {
      expect(read(query)).toEqual({ page: 1, pageSize: 20 })
    },
  )
})

describe('nextListParams', () => {
  it('keeps other parameters and goes back to page 1 on a filter change', () => {
    expect(next('tab=topups&page=4&status=paid', { status: 'pending' })).toBe('tab=topups&status=pending')
  })

  it('removes cleared filters', () => {
    expect(next('type=topup&page=2', { type: null })).toBe('')
    expect(next('type=topup', { type: '' })).toBe('')
  })

  it('writes the page and size when asked, leaving the defaults out', () => {
    expect(next('type=refund', { page: 3, pageSize: 50 })).toBe('type=refund&page=3&pageSize=50')
    expect(next('page=3&pageSize=50', { page: 1, pageSize: 20 })).toBe('')
  })
})

describe('pickOption', () => {
  it('accepts only listed values', () => {
    expect(pickOption('paid', ['pending', 'paid'] as const)).toBe('paid')
    expect(pickOption('bogus', ['pending', 'paid'] as const)).toBeUndefined()
    expect(pickOption(null, ['pending'] as const)).toBeUndefined()
  })
})
